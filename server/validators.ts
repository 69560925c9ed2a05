// For other services: one API's validation (the generated OpenAPI document, the same per-API
// validator instance as the server) and its error mapping as a single mountable Router. Requests
// of a documented operation that pass go on to the service's own handlers (with `req.query` and
// `req.params` coerced); failures answer in the API's error body. Auth is optional: pass the
// credentials to verify them too (the principal is then readable with the auth module's getters).
// It comes as `[failures in front, the router]`: errors of the service's own body parser in front of
// it (malformed JSON, too large) are answered in the API's body too (server/http/mountable.ts).
//
//   app.use(express.json());                              // optional: the validator parses bodies itself
//   app.use('/merchant/v2', merchantValidator());
//   app.post('/merchant/v2/payments', (req, res) => { ... });
//   app.use('/merchant/v2', merchantErrorHandler());      // the service's own failures, in the API's body
import type { ErrorRequestHandler, RequestHandler, Router } from 'express';
import type { ApiId } from '../contracts/shared/contract.ts';
import type { ApiProtocol, KeyLookups, OperationAuth } from './api/protocol.ts';
import { apiProtocol, documentValidator } from './api-protocols.ts';
import { hideAuthParams } from './auth/exchange.ts';
import { NonceStore } from './auth/nonce-store.ts';
import { resolvePart, type ConfigInput } from './config/config.ts';
import { validatorRouter } from './http/api-router.ts';
import { knownFailures } from './http/mountable.ts';
import type { Logger } from './http/pipeline.ts';
import type { RequestStores } from './ports/request-stores.ts';
import { RateLimiter } from './http/rate-limit.ts';
import type { Clock } from './core/clock.ts';

/** One API's credentials: as in the server's config, or a key lookup (sync or async, e.g. a database query). */
export type AuthOption<Id extends ApiId> = Id extends ApiId ? ConfigInput[Id] | { lookup: KeyLookups[Id] } : never;

export interface ValidatorOptions<Id extends ApiId = ApiId> {
  /** Also validate the responses the service sends with `res.json` (default false). */
  validateResponses?: boolean;
  /** Routes the contract does not have: 404/405 in the API's body (default) or pass them on. */
  unknownRoutes?: 'reject' | 'pass';
  /**
   * Verify credentials as well: exchange `{keys}` (HMAC, X1/X2), merchant `{keys}` (Basic), partner
   * `{credentials}`; or, for any of them, `{lookup}`: an asynchronous key lookup (a database query),
   * whose failure answers 503 in the API's body. Without it nothing is verified; the exchange auth
   * parameters are only hidden from validation.
   */
  auth?: AuthOption<Id>;
  /** Rate limit `{limit, windowMs, banMs}`; off unless given. */
  rateLimit?: { limit: number; windowMs: number; banMs: number };
  /**
   * Keep used nonces (exchange `auth`) and rate-limit windows in a store shared by every instance of
   * the service, e.g. Redis: `redisSharedStores(connectRedis(url), prefix)` from the server entry.
   * Passed in, so the validator loads no storage driver. With Redis unreachable, the requests that
   * need it answer 503 in the API's error body. Absent: in memory, per process.
   */
  shared?: RequestStores;
  /** The OpenAPI document to validate against (default generated/openapi/<api>.yaml). */
  document?: Record<string, unknown>;
  bodyLimit?: string;
  now?: Clock;
  /** Where 5xx causes are logged (default console.error). */
  log?: Logger;
}

/** A validator as mounted: an error layer for a body parser in front of it, then the API's router. */
export type MountedValidator = [ErrorRequestHandler, Router];

export function validatorFor(id: ApiId, options: ValidatorOptions): MountedValidator {
  const api = apiProtocol(id);
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.error(line));
  const stores = validatorStores(options.shared, now);
  const rule = options.rateLimit === undefined ? undefined : resolvePart('rateLimit', { enabled: true, [id]: options.rateLimit })[id];
  const auth = options.auth === undefined ? hideOnly(id) : authOf(api, options.auth, now, stores);
  const router = {
    api,
    auth,
    validator: documentValidator(id, options.validateResponses ? 'all' : 'requests', options.document),
    limiter: rule ? stores.limiter(id, rule) : undefined,
    bodyLimit: resolvePart('bodyLimit', options.bodyLimit ?? '100kb'),
    log,
  };
  return [knownFailures(id, api.render, { log, bodyLimit: router.bodyLimit }), validatorRouter(router, options.unknownRoutes)];
}

/** The API's auth over the given credentials, or over a key lookup (the settings' other parts at their defaults). */
function authOf(api: ApiProtocol, given: NonNullable<ValidatorOptions['auth']>, now: Clock, stores: Pick<RequestStores, 'nonces'>): OperationAuth {
  if ('lookup' in given && typeof given.lookup === 'function') {
    const { lookup, ...rest } = given;
    return api.auth({ settings: resolvePart(api.id, rest), now, stores, lookup: lookup as never });
  }
  return api.auth({ settings: resolvePart(api.id, given), now, stores });
}

/** The shared stores when given, else one process's memory. */
function validatorStores(shared: RequestStores | undefined, now: Clock): RequestStores {
  return {
    nonces: (ttlMs) => shared?.nonces(ttlMs) ?? new NonceStore(ttlMs, now),
    limiter: (api, rule) => shared?.limiter(api, rule) ?? new RateLimiter(rule, now),
  };
}

/** Without credentials: no verification; on signed exchange operations the auth params are hidden from the validator. */
function hideOnly(id: ApiId): OperationAuth {
  if (id !== 'exchange') return () => undefined;
  return (_id, op) => (op.security.length === 0 ? undefined : hideExchangeAuthParams);
}

const hideExchangeAuthParams: RequestHandler = (req, _res, next) => {
  hideAuthParams(req);
  next();
};

// Each takes its own API's options, so a key lookup's parameters are typed without annotation. The
// second signature keeps the released form compiling: options declared as the unparameterised
// `ValidatorOptions` (auth as a union of the three APIs') are still accepted.
export function exchangeValidator(options?: ValidatorOptions<'exchange'>): MountedValidator;
export function exchangeValidator(options: ValidatorOptions): MountedValidator;
export function exchangeValidator(options: ValidatorOptions = {}): MountedValidator {
  return validatorFor('exchange', options);
}
export function merchantValidator(options?: ValidatorOptions<'merchant'>): MountedValidator;
export function merchantValidator(options: ValidatorOptions): MountedValidator;
export function merchantValidator(options: ValidatorOptions = {}): MountedValidator {
  return validatorFor('merchant', options);
}
export function partnerValidator(options?: ValidatorOptions<'partner'>): MountedValidator;
export function partnerValidator(options: ValidatorOptions): MountedValidator;
export function partnerValidator(options: ValidatorOptions = {}): MountedValidator {
  return validatorFor('partner', options);
}
export { exchangeErrorHandler, merchantErrorHandler, partnerErrorHandler } from './auth/mountable.ts';
