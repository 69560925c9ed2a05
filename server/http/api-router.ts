// One API's Express router from what it reads of the API (routed-api.ts), in two kinds over the same steps.
// Per operation, in order: the body (JSON or form), auth, rate limit, OpenAPI request validation;
// then the server calls the handler, while the validator for other services checks the responses
// the service sends and passes the request on with `next('router')`. One middleware finds the
// operation and runs its steps (dispatch.ts). Then the 404/405 fallback and the API's error handler.
import express, { type RequestHandler, type Router } from 'express';
import type { OperationSpec } from '../../contracts/shared/operation.ts';
import type { AnyHandler, OperationAuth, RoutedApi } from './routed-api.ts';
import { deprecationHeaders, type Deprecation } from '../../contracts/shared/deprecation.ts';
import { NotImplementedError } from '../core/errors.ts';
import { rateLimit, rateLimitFailures, type RateCounter } from './rate-limit.ts';
import type { ApiValidator } from '../validation/document-validator.ts';
import { isPreflight } from './cors.ts';
import { callHandler, checkResponses, validateRequest } from './operation.ts';
import { OperationDispatch } from './dispatch.ts';
import { PathTable, byPathSpecificity } from './paths.ts';
import { apiErrorHandler, failureResponder, markOperation, routeFallback, type Logger } from './pipeline.ts';
import { requestBody } from './request-body.ts';
import { idempotencyStep } from './idempotency.ts';
import type { IdempotencyStore } from '../ports/idempotency.ts';
import type { UnitsOfWork } from '../ports/units.ts';

/** What one API's router is built from, in the server and in the validator alike. */
export interface RouterContext {
  api: RoutedApi;
  /** Auth middleware of each operation (undefined: public). */
  auth: OperationAuth;
  /** The API's document validator (with VALIDATE=none it only coerces and fills defaults). */
  validator: ApiValidator;
  limiter?: RateCounter | undefined;
  bodyLimit: string;
  log: Logger;
  /** Idempotency-Key records: every POST of the API takes the header (merchant, partner). */
  idempotency?: IdempotencyStore | undefined;
  /** How long a request holds its key while it runs (config idempotencyLeaseMs). */
  idempotencyLeaseMs?: number | undefined;
  /** The state's units of work: a request holding an Idempotency-Key commits its answer with its writes. */
  units?: UnitsOfWork | undefined;
  /** Whether an operation's handler may run inside a unit of work (it awaits only the store). */
  inUnits?: ((operationId: string) => boolean) | undefined;
}

/**
 * The server's router: every operation ends in its handler (501 when there is none, said once at
 * start, one log line per operation).
 */
export function serverRouter(ctx: RouterContext, handlers: Record<string, AnyHandler | undefined>): Router {
  const { router, errorOptions, paths, dispatch } = start(ctx);
  for (const [operationId, op] of byPathSpecificity(ctx.api.operations)) {
    if (!handlers[operationId]) {
      ctx.log(`[server] warning: ${ctx.api.id} operation ${operationId} (${op.method.toUpperCase()} ${ctx.api.basePath}${op.path}) has no handler: it answers 501`);
    }
    const handler: AnyHandler =
      handlers[operationId] ??
      (() => {
        throw new NotImplementedError(operationId);
      });
    route(dispatch, ctx, operationId, op, false, callHandler(operationId, op, handler, ctx.validator, ctx.units, ctx.inUnits?.(operationId) === true));
  }
  return finish(router, ctx, errorOptions, paths, dispatch, true);
}

/** The validator's router: valid requests go on to the service's own handlers; unknown routes are 404/405 unless `pass`. */
export function validatorRouter(ctx: RouterContext, unknownRoutes: 'reject' | 'pass' = 'reject'): Router {
  const { router, errorOptions, paths, dispatch } = start(ctx);
  const respond = failureResponder(errorOptions);
  // A CORS preflight is the service's business (its CORS middleware may come after this router),
  // never a 405 of the contract. The server answers preflights before its routers.
  router.use((req, _res, next) => next(isPreflight(req) ? 'router' : undefined));
  for (const [operationId, op] of byPathSpecificity(ctx.api.operations)) {
    const passOn: RequestHandler = (_req, _res, next) => next('router'); // validated: on to the service's own handler
    route(dispatch, ctx, operationId, op, true, checkResponses(ctx.validator, operationId, respond), passOn);
  }
  return finish(router, ctx, errorOptions, paths, dispatch, unknownRoutes === 'reject');
}

function start(ctx: RouterContext) {
  const router = express.Router({ caseSensitive: true });
  const errorOptions = { api: ctx.api.id, bodyLimit: ctx.bodyLimit, render: ctx.api.render, log: ctx.log };
  const paths = new PathTable(ctx.api.operations);
  return { router, errorOptions, paths, dispatch: new OperationDispatch(paths) };
}

/** One operation's steps: the shared ones, then `last` (the handler, or the validator's checks). */
function route(dispatch: OperationDispatch, ctx: RouterContext, operationId: string, op: OperationSpec, expose: boolean, ...last: RequestHandler[]): void {
  const steps: RequestHandler[] = [markOperation(operationId)];
  if (op.deprecated) steps.push(announceDeprecation(op.deprecated));
  if (op.request?.body) steps.push(requestBody(op, { ...ctx.api.bodies, limit: ctx.bodyLimit, fields: ctx.validator.bodyFields(operationId) }));
  const auth = ctx.auth(operationId, op);
  if (auth) steps.push(auth);
  if (ctx.limiter) steps.push(rateLimit(ctx.limiter, ctx.api.clientKey));
  if (ctx.idempotency && op.method === 'post') steps.push(idempotencyStep(ctx.api.id, ctx.idempotency, ctx.idempotencyLeaseMs ?? 60_000));
  steps.push(validateRequest(ctx.validator, operationId, ctx.api.bodies?.lenientJson === true, expose, op.request?.body !== undefined, ctx.log));
  dispatch.add(op.path, op.method, [...steps, ...last]);
}

/** A deprecated operation answers (every status) with its Deprecation and Sunset headers. */
function announceDeprecation(d: Deprecation): RequestHandler {
  const headers = deprecationHeaders(d);
  return (_req, res, next) => {
    res.set(headers);
    next();
  };
}

function finish(router: Router, ctx: RouterContext, errorOptions: Parameters<typeof apiErrorHandler>[0], paths: PathTable, dispatch: OperationDispatch, fallback: boolean): Router {
  router.use(dispatch.middleware);
  if (fallback) {
    router.use(rateLimit(ctx.limiter, ctx.api.clientKey));
    router.use(routeFallback(paths));
  }
  router.use(rateLimitFailures(ctx.limiter));
  router.use(apiErrorHandler(errorOptions));
  return router;
}
