// One API's Express router from its module (server/api/module.ts), in two kinds over the same steps.
// Per operation, in order: the body (JSON or form), auth, rate limit, OpenAPI request validation;
// then the server calls the handler, while the validator for other services checks the responses
// the service sends and passes the request on with `next('router')`. Then the 404/405 fallback and
// the API's error handler.
import express, { type RequestHandler, type Router } from 'express';
import type { OperationMap, OperationSpec } from '../../contracts/shared/operation.ts';
import type { AnyHandler } from '../api/handler-map.ts';
import type { ApiModule, OperationAuth } from '../api/module.ts';
import { deprecationHeaders, type Deprecation } from '../../contracts/shared/deprecation.ts';
import { NotImplementedError } from '../errors.ts';
import { rateLimit, rateLimitFailures, type RateCounter } from '../rate-limit.ts';
import type { ApiValidator } from '../validation/openapi-validator.ts';
import { isPreflight } from './cors.ts';
import { ValidatorSlot, callHandler, checkResponses, validateRequest } from './operation.ts';
import { apiErrorHandler, failureResponder, markOperation, routeFallback, toExpressPath, type Logger } from './pipeline.ts';
import { requestBody } from './request-body.ts';

/** What one API's router is built from, in the server and in the validator alike. */
export interface RouterContext {
  api: ApiModule;
  /** Auth middleware of each operation (undefined: public). */
  auth: OperationAuth;
  /** The loaded (or loading) OpenAPI validator; omitted when validation is off. */
  validator?: Promise<ApiValidator> | undefined;
  limiter?: RateCounter | undefined;
  bodyLimit: string;
  log: Logger;
}

/** The server's router: every operation ends in its handler (501 when there is none). */
export function serverRouter(ctx: RouterContext, handlers: Record<string, AnyHandler | undefined>): Router {
  const { router, slot, errorOptions } = start(ctx);
  for (const [operationId, op] of byPathSpecificity(ctx.api.operations)) {
    const handler: AnyHandler =
      handlers[operationId] ??
      (() => {
        throw new NotImplementedError(operationId);
      });
    route(router, ctx, slot, operationId, op, false, callHandler(operationId, op, handler, slot));
  }
  return finish(router, ctx, errorOptions, true);
}

/** The validator's router: valid requests go on to the service's own handlers; unknown routes are 404/405 unless `pass`. */
export function validatorRouter(ctx: RouterContext, unknownRoutes: 'reject' | 'pass' = 'reject'): Router {
  const { router, slot, errorOptions } = start(ctx);
  const respond = failureResponder(errorOptions);
  // A CORS preflight is the service's business (its CORS middleware may come after this router),
  // never a 405 of the contract. The server answers preflights before its routers.
  router.use((req, _res, next) => next(isPreflight(req) ? 'router' : undefined));
  for (const [operationId, op] of byPathSpecificity(ctx.api.operations)) {
    const passOn: RequestHandler = (_req, _res, next) => next('router'); // validated: on to the service's own handler
    route(router, ctx, slot, operationId, op, true, checkResponses(slot, operationId, respond), passOn);
  }
  return finish(router, ctx, errorOptions, unknownRoutes === 'reject');
}

function start(ctx: RouterContext) {
  const router = express.Router({ caseSensitive: true });
  const slot = new ValidatorSlot(ctx.validator);
  // Report a broken document at start, not only at the first request.
  slot.ready.catch((err: unknown) => ctx.log(`[${ctx.api.id}] OpenAPI validator failed to load: ${(err as Error).stack ?? String(err)}`));
  const errorOptions = { api: ctx.api.id, bodyLimit: ctx.bodyLimit, render: ctx.api.render, log: ctx.log };
  return { router, slot, errorOptions };
}

/** One operation's route: the shared steps, then `last` (the handler, or the validator's checks). */
function route(router: Router, ctx: RouterContext, slot: ValidatorSlot, operationId: string, op: OperationSpec, expose: boolean, ...last: RequestHandler[]): void {
  const steps: RequestHandler[] = [markOperation(operationId)];
  if (op.deprecated) steps.push(announceDeprecation(op.deprecated));
  if (op.request?.body) steps.push(requestBody(op, { ...ctx.api.bodies, limit: ctx.bodyLimit }));
  const auth = ctx.auth(operationId, op);
  if (auth) steps.push(auth);
  steps.push(rateLimit(ctx.limiter, ctx.api.clientKey));
  if (ctx.validator) steps.push(validateRequest(slot, operationId, expose, op));
  router[op.method](toExpressPath(op.path), ...steps, ...last);
}

/** A deprecated operation answers (every status) with its Deprecation and Sunset headers. */
function announceDeprecation(d: Deprecation): RequestHandler {
  const headers = deprecationHeaders(d);
  return (_req, res, next) => {
    res.set(headers);
    next();
  };
}

function finish(router: Router, ctx: RouterContext, errorOptions: Parameters<typeof apiErrorHandler>[0], fallback: boolean): Router {
  if (fallback) {
    router.use(rateLimit(ctx.limiter, ctx.api.clientKey));
    router.use(routeFallback(ctx.api.operations));
  }
  router.use(rateLimitFailures(ctx.limiter));
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
