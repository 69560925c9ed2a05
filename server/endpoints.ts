// For other services: one API's operations implemented as Express handlers typed from the
// generated OpenAPI types (generated/types/<api>.ts, openapi-typescript), in the manner of ts-rest's
// createExpressEndpoints. One Router per API, mounted anywhere:
//
//   app.use(merchantEndpoints({
//     createPayment: async (req, res) => { req.body.payment.amount; res.status(201).json(...) },
//     getPayment: (req, res) => { req.params.payment_id; req.query.crypto_iso; ... },
//   }, { auth: { lookup: (apiKey) => db.merchantKey(apiKey) } }));
//
// In order, below its base path (an option, else the path of the document's first `servers` URL):
// the API's validator (server/validators.ts: body, auth, rate limit, express-openapi-validator),
// then the handler of the request's operation with `req.params`, `req.query` and `req.body` as
// validated, then the API's error handler. Every failure answers in the API's JSON error body:
// a request refused by the document 400/422, bad credentials 401, a key lookup that fails 503, an
// undocumented path 404 and a documented path without that method 405 (with Allow), a documented
// operation this service has no handler for 501, a handler's own error 500 (its cause logged, never
// sent). Requests outside the base path are not the API's: they go on to the service's other routes.
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { ApiId } from '../contracts/shared/contract.ts';
import type { operations as ExchangeOperations } from '../generated/types/exchange.ts';
import type { operations as MerchantOperations } from '../generated/types/merchant.ts';
import type { operations as PartnerOperations } from '../generated/types/partner.ts';
import { apiProtocol } from './api-protocols.ts';
import { NotImplementedError } from './core/errors.ts';
import { errorHandlerOf } from './http/mountable.ts';
import { operationOf } from './http/pipeline.ts';
import { paramsOf } from './core/request-view.ts';
import { validatorFor, type ValidatorOptions } from './validators.ts';

/** The JSON form of a content map, else its only form (form-encoded bodies arrive as the same object). */
type ContentOf<C> = C extends { 'application/json': infer B } ? B : C extends Record<string, infer B> ? B : never;
/** No parameters of that kind: reading any is a compile error. */
type None = Record<never, never>;
type Defined<T> = [T] extends [never] ? None : [T] extends [undefined] ? None : NonNullable<T>;

type RequestBodyOf<Op> = Op extends { requestBody?: infer B } ? B : undefined;
/** The validated request body: a required body as its schema, an optional one possibly absent, none `undefined`. */
export type BodyOf<Op> = [NonNullable<RequestBodyOf<Op>>] extends [never]
  ? undefined
  : NonNullable<RequestBodyOf<Op>> extends { content: infer C }
    ? ContentOf<C> | (undefined extends RequestBodyOf<Op> ? undefined : never)
    : undefined;
export type PathParamsOf<Op> = Op extends { parameters: { path?: infer P } } ? Defined<P> : None;
export type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? Defined<Q> : None;
/** Any body the operation documents as a JSON response (what `res.json` takes). */
export type ResponseBodyOf<Op> = Op extends { responses: infer R }
  ? { [S in keyof R]: R[S] extends { content: infer C } ? ContentOf<C> : never }[keyof R]
  : never;

/** The Express request of an operation: params, query and body typed from the document. */
export type TypedRequest<Op> = Request<PathParamsOf<Op>, ResponseBodyOf<Op>, BodyOf<Op>, QueryOf<Op>>;
export type TypedResponse<Op> = Response<ResponseBodyOf<Op>>;
export type TypedHandler<Op> = (req: TypedRequest<Op>, res: TypedResponse<Op>, next: NextFunction) => void | Promise<void>;

/** Handlers by operationId: any subset (the rest answer 501); an unknown operationId is a compile error. */
export type EndpointHandlers<Ops> = { [K in keyof Ops]?: TypedHandler<Ops[K]> };

export interface EndpointOptions<Id extends ApiId = ApiId> extends Omit<ValidatorOptions<Id>, 'unknownRoutes'> {
  /**
   * Where the API's operations are served, below where the router is mounted: `/` for the mount
   * point itself. Default: the path of the document's first `servers` URL (`/merchant/v2`).
   */
  basePath?: string;
}

export type ExchangeHandlers = EndpointHandlers<ExchangeOperations>;
export type MerchantHandlers = EndpointHandlers<MerchantOperations>;
export type PartnerHandlers = EndpointHandlers<PartnerOperations>;
export type ExchangeRequest<K extends keyof ExchangeOperations> = TypedRequest<ExchangeOperations[K]>;
export type MerchantRequest<K extends keyof MerchantOperations> = TypedRequest<MerchantOperations[K]>;
export type PartnerRequest<K extends keyof PartnerOperations> = TypedRequest<PartnerOperations[K]>;

/** The path of the document's first `servers` URL (absolute or relative), without a trailing slash. */
export function documentBasePath(document: Record<string, unknown>): string {
  const servers = document.servers as { url?: unknown }[] | undefined;
  const url = typeof servers?.[0]?.url === 'string' ? servers[0].url : '/';
  return normalizedBase(new URL(url, 'http://base.invalid').pathname);
}

const normalizedBase = (path: string): string => {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
};

function endpointsFor(id: ApiId, handlers: Record<string, TypedHandler<never> | undefined>, options: EndpointOptions): Router {
  const api = apiProtocol(id);
  const known = new Set(Object.keys(api.operations));
  const unknown = Object.keys(handlers).filter((k) => !known.has(k));
  // Caught at compile time for typed callers; said at start for the others (a misspelled operationId would otherwise answer 501).
  if (unknown.length > 0) throw new Error(`${id}Endpoints: no operation ${unknown.join(', ')} in the ${id} API`);
  const basePath = normalizedBase(options.basePath ?? documentBasePath(options.document ?? apiProtocol(id).document));
  const errorOptions = { ...(options.log ? { log: options.log } : {}), bodyLimit: options.bodyLimit ?? '100kb' };
  const [failuresInFront, validator] = validatorFor(id, { ...options, unknownRoutes: 'reject' });
  const inner = express.Router({ caseSensitive: true });
  inner.use(failuresInFront, validator, handlerOfOperation(handlers), errorHandlerOf(id, api.render, errorOptions));
  const outer = express.Router({ caseSensitive: true });
  outer.use(basePath, inner);
  return outer;
}

/** After the validator: the handler of the operation it matched, with the validated path parameters. */
function handlerOfOperation(handlers: Record<string, TypedHandler<never> | undefined>): RequestHandler {
  return function callEndpoint(req, res, next) {
    const operationId = operationOf(req);
    // Without an operation the validator passed the request on by choice (a CORS preflight): not ours.
    if (operationId === undefined) return next('router');
    const handler = handlers[operationId] as unknown as RequestHandler | undefined;
    if (!handler) return next(new NotImplementedError(operationId));
    // Leaving the validator's router gave the request back its outer params; the validated ones are kept beside it.
    req.params = paramsOf(req) as Request['params'];
    try {
      const ret = handler(req, res, next) as unknown;
      if (ret instanceof Promise) ret.catch(next);
    } catch (err) {
      next(err);
    }
  };
}

export const exchangeEndpoints = (handlers: ExchangeHandlers, options: EndpointOptions<'exchange'> = {}): Router => endpointsFor('exchange', handlers as never, options);
export const merchantEndpoints = (handlers: MerchantHandlers, options: EndpointOptions<'merchant'> = {}): Router => endpointsFor('merchant', handlers as never, options);
export const partnerEndpoints = (handlers: PartnerHandlers, options: EndpointOptions<'partner'> = {}): Router => endpointsFor('partner', handlers as never, options);

/** One typed handler, written apart from the map: `const create = merchantHandler('createPayment', async (req, res) => ...)`. */
export const exchangeHandler = <K extends keyof ExchangeOperations>(_operationId: K, handler: TypedHandler<ExchangeOperations[K]>) => handler;
export const merchantHandler = <K extends keyof MerchantOperations>(_operationId: K, handler: TypedHandler<MerchantOperations[K]>) => handler;
export const partnerHandler = <K extends keyof PartnerOperations>(_operationId: K, handler: TypedHandler<PartnerOperations[K]>) => handler;
