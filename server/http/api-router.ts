// Builds one API's Express router from its operation map: per operation a route with, in order,
// the body (JSON or form), auth, rate limit, OpenAPI request validation, and either the handler (server) or
// `next()` (validator for other services). Then the 404/405 fallback and the API's error handler.
import express, { type RequestHandler, type Router } from 'express';
import type { OperationMap, OperationSpec } from '../../contracts/shared/operation.ts';
import { NotImplementedError } from '../errors.ts';
import type { AnyHandler } from '../handlers/types.ts';
import { rateLimit, rateLimitFailures, type ClientKeyOf, type RateCounter } from '../rate-limit.ts';
import type { ApiValidator } from '../validation/openapi-validator.ts';
import { isPreflight } from './cors.ts';
import type { Failure } from './failure.ts';
import { ValidatorSlot, callHandler, checkResponses, validateRequest } from './operation.ts';
import { apiErrorHandler, failureResponder, markOperation, routeFallback, toExpressPath, type Logger } from './pipeline.ts';
import type { Rendered } from './render-exchange.ts';
import { requestBody, type BodyOptions } from './request-body.ts';

export interface ApiRouterOptions {
  api: string;
  operations: OperationMap;
  /** Server: the handler of every operation. Omitted: validator mode, requests go on with `next()`. */
  handlers?: Record<string, AnyHandler | undefined>;
  /** The loaded (or loading) OpenAPI validator; omitted when validation is off. */
  validator?: Promise<ApiValidator>;
  /** Auth middleware of an operation, or undefined for a public one. */
  auth?: (operationId: string, op: OperationSpec) => RequestHandler | undefined;
  limiter?: RateCounter;
  clientKey: ClientKeyOf;
  render: (failure: Failure, operationId: string | undefined) => Rendered;
  bodyLimit: string;
  /** Wire forms real clients send beyond the document's JSON (see request-body.ts). */
  bodies?: Omit<BodyOptions, 'limit'>;
  log: Logger;
  /** Validator mode: answer 404/405 for routes not in the contract (default) or let them through. */
  unknownRoutes?: 'reject' | 'pass';
}

export function buildApiRouter(o: ApiRouterOptions): Router {
  const router = express.Router({ caseSensitive: true });
  const slot = new ValidatorSlot(o.validator);
  // Report a broken document at start, not only at the first request.
  slot.ready.catch((err: unknown) => o.log(`[${o.api}] OpenAPI validator failed to load: ${(err as Error).stack ?? String(err)}`));
  const serving = o.handlers !== undefined;
  const errorOptions = { api: o.api, bodyLimit: o.bodyLimit, render: o.render, log: o.log };
  const respond = failureResponder(errorOptions);
  // Validator mode: a CORS preflight is the service's business (its CORS middleware may come after
  // this router), never a 405 of the contract. The server answers preflights before its routers.
  if (!serving) router.use((req, _res, next) => next(isPreflight(req) ? 'router' : undefined));

  for (const [operationId, op] of byPathSpecificity(o.operations)) {
    const steps: RequestHandler[] = [markOperation(operationId)];
    if (op.request?.body) steps.push(requestBody(op, { ...o.bodies, limit: o.bodyLimit }));
    const auth = o.auth?.(operationId, op);
    if (auth) steps.push(auth);
    steps.push(rateLimit(o.limiter, o.clientKey));
    if (o.validator) steps.push(validateRequest(slot, operationId, !serving, op));
    if (serving) {
      const handler: AnyHandler =
        o.handlers?.[operationId] ??
        (() => {
          throw new NotImplementedError(operationId);
        });
      steps.push(callHandler(operationId, op, handler, slot));
    } else {
      steps.push(checkResponses(slot, operationId, respond));
      steps.push((_req, _res, next) => next('router')); // validated: on to the service's own handler
    }
    router[op.method](toExpressPath(op.path), ...steps);
  }

  if (serving || o.unknownRoutes !== 'pass') {
    router.use(rateLimit(o.limiter, o.clientKey));
    router.use(routeFallback(o.operations));
  }
  router.use(rateLimitFailures(o.limiter));
  router.use(apiErrorHandler(errorOptions));
  return router;
}

/**
 * Express matches routes in registration order, so `/payouts/pending` must come before
 * `/payouts/{id}`. Paths are ordered segment by segment, a literal before a parameter, literals
 * alphabetically: a total order in which the more specific of two overlapping paths comes first.
 */
export function byPathSpecificity(operations: OperationMap): [string, OperationSpec][] {
  const segments = (path: string) => path.split('/').filter(Boolean);
  const compare = (a: string, b: string) => {
    const sa = segments(a);
    const sb = segments(b);
    for (let i = 0; i < Math.min(sa.length, sb.length); i++) {
      const pa = sa[i]!.startsWith('{');
      const pb = sb[i]!.startsWith('{');
      if (pa !== pb) return pa ? 1 : -1;
      if (!pa && sa[i] !== sb[i]) return sa[i]! < sb[i]! ? -1 : 1;
    }
    return sa.length - sb.length;
  };
  return Object.entries(operations).sort(([, a], [, b]) => compare(a.path, b.path));
}
