// For other services: one API's validation (the generated OpenAPI document, the same per-API
// validator instance as the server) and its error mapping as a single mountable Router. Requests
// of a documented operation that pass go on to the service's own handlers (with `req.query` and
// `req.params` coerced); failures answer in the API's error body. Auth is optional: pass the
// credentials to verify them too (the principal is then readable with the auth module's getters).
//
//   app.use('/merchant/v2', merchantValidator());
//   app.post('/merchant/v2/payments', (req, res) => { ... });
import type { RequestHandler, Router } from 'express';
import type { ApiId } from '../contracts/shared/contract.ts';
import { API_MODULES, apiRouter } from './app.ts';
import { hideAuthParams } from './auth/exchange.ts';
import { resolveConfig, type ConfigInput } from './config.ts';
import type { Logger } from './http/pipeline.ts';
import type { Clock } from './rate-limit.ts';
import { redisClient, type RedisSource } from './stores/redis.ts';
import { redisSharedStores } from './stores/shared.ts';

export interface ValidatorOptions {
  /** Also validate the responses the service sends with `res.json` (default false). */
  validateResponses?: boolean;
  /** Routes the contract does not have: 404/405 in the API's body (default) or pass them on. */
  unknownRoutes?: 'reject' | 'pass';
  /**
   * Verify credentials as well: exchange `{keys}` (HMAC, X1/X2), merchant `{keys}` (Basic), partner
   * `{credentials}`. Without it nothing is verified; the exchange auth parameters are only hidden
   * from validation.
   */
  auth?: ConfigInput['exchange'] | ConfigInput['merchant'] | ConfigInput['partner'];
  /** Rate limit `{limit, windowMs, banMs}`; off unless given. */
  rateLimit?: { limit: number; windowMs: number; banMs: number };
  /**
   * Keep used nonces (exchange `auth`) and rate-limit windows in Redis, shared by every instance of
   * the service: a `redis://` URL or an ioredis client. When Redis cannot be reached, the requests
   * that need it answer 503 in the API's error body.
   */
  redis?: RedisSource;
  /** Prefix of the Redis keys (default `cryptopay:`); instances that work as one use the same. */
  redisKeyPrefix?: string;
  /** The OpenAPI document to validate against (default generated/openapi/<api>.yaml). */
  document?: Record<string, unknown>;
  bodyLimit?: string;
  now?: Clock;
  /** Where 5xx causes are logged (default console.error). */
  log?: Logger;
}

function validatorFor(api: ApiId, options: ValidatorOptions): Router {
  const module = API_MODULES.find((m) => m.id === api)!;
  const noCredentials = { exchange: { keys: [] }, merchant: { keys: [] }, partner: { credentials: [] } }[api];
  const config = resolveConfig({
    validate: options.validateResponses ? 'all' : 'requests',
    bodyLimit: options.bodyLimit ?? '100kb',
    rateLimit: { enabled: options.rateLimit !== undefined, ...(options.rateLimit ? { [api]: options.rateLimit } : {}) },
    [api]: options.auth ?? noCredentials,
  });
  const auth = options.auth !== undefined;
  const pass = { ...module, auth: auth ? module.auth : (cfg: typeof config, now: Clock) => hideOnly(module, cfg, now) };
  const log = options.log ?? ((line: string) => console.error(line));
  const shared = options.redis !== undefined ? redisSharedStores(redisClient(options.redis, { log }), options.redisKeyPrefix) : undefined;
  return apiRouter(pass, config, options.now ?? Date.now, log, undefined, options.document, options.unknownRoutes, shared);
}

/** Without credentials: no verification; on signed exchange operations the auth params are hidden from the validator. */
function hideOnly(module: (typeof API_MODULES)[number], _config: unknown, _now: Clock) {
  if (module.id !== 'exchange') return () => undefined;
  return (_id: string, op: { security: readonly unknown[] }) => (op.security.length === 0 ? undefined : hideExchangeAuthParams);
}

const hideExchangeAuthParams: RequestHandler = (req, _res, next) => {
  hideAuthParams(req);
  next();
};

export const exchangeValidator = (options: ValidatorOptions = {}): Router => validatorFor('exchange', options);
export const merchantValidator = (options: ValidatorOptions = {}): Router => validatorFor('merchant', options);
export const partnerValidator = (options: ValidatorOptions = {}): Router => validatorFor('partner', options);
