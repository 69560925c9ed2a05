// createServer: the Express app of the reference server. Each API gets its own router, its own
// OpenAPI validator instance (one document each: several specs in one validator leak components),
// its own auth, rate limiter and error handler; the handler map is the API's defaults with the
// given handlers replacing single operations.
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { ApiId } from '../contracts/shared/contract.ts';
import type { ExchangePrincipal, MerchantPrincipal, PartnerPrincipal } from './auth/principal.ts';
import { resolveConfig, type ConfigInput, type ServerConfig } from './config.ts';
import { exchangeApi, type ExchangeOperations } from './exchange/api.ts';
import type { AnyHandler, HandlerOverrides } from './handlers/types.ts';
import type { ApiModule } from './http/api-module.ts';
import { buildApiRouter } from './http/api-router.ts';
import { cors } from './http/cors.ts';
import type { Logger } from './http/pipeline.ts';
import { consoleLogger, requestLog, safePath } from './log.ts';
import { merchantApi, type MerchantOperations } from './merchant/api.ts';
import { partnerApi, type PartnerOperations } from './partner/api.ts';
import { RateLimiter, type Clock } from './rate-limit.ts';
import { connectRedis, type Redis } from './stores/redis.ts';
import { redisSharedStores, type SharedStores } from './stores/shared.ts';
import type { StateDb } from './state/db.ts';
import { sqliteBans } from './state/auth-state.ts';
import { apiDocument } from './spec.ts';
import { docsRouter } from './static.ts';
import { sharedApiValidator } from './validation/openapi-validator.ts';

export interface ServerHandlers {
  exchange?: HandlerOverrides<ExchangeOperations, ExchangePrincipal>;
  merchant?: HandlerOverrides<MerchantOperations, MerchantPrincipal>;
  partner?: HandlerOverrides<PartnerOperations, PartnerPrincipal>;
}

export interface CreateServerOptions {
  /** Overrides of the sandbox defaults (deep-merged, validated). A full ServerConfig works too. */
  config?: ConfigInput | ServerConfig;
  /** Per API, handlers that replace the default of their operation. */
  handlers?: ServerHandlers;
  /** Clock of nonces and rate limits (tests fix it). */
  now?: Clock;
  /** Request lines and server errors; defaults to stdout when `config.logRequests`, errors always. */
  log?: Logger;
  /** OpenAPI documents to validate against instead of generated/openapi/<api>.yaml (tests). */
  documents?: Partial<Record<ApiId, Record<string, unknown>>>;
  /**
   * A Redis client for the stores instances share (nonces, rate limits, invoice numbers); the
   * caller owns it. Without it, `config.redis.url` makes one; without either, they stay in memory.
   */
  redis?: Redis;
  /** Shared stores of another kind (takes precedence over `redis`). */
  shared?: SharedStores;
  /** The state file (server/state): orders, payments, registrations, nonces and bans survive restarts. Absent: memory only. */
  state?: StateDb;
}

/** The shared stores of a server: given, or in Redis when a client or `config.redis` is, else none (memory). */
export function sharedStoresFor(config: ServerConfig, options: Pick<CreateServerOptions, 'redis' | 'shared'>, log: Logger): SharedStores | undefined {
  if (options.shared) return options.shared;
  const redis = options.redis ?? (config.redis ? connectRedis(config.redis.url, { commandTimeoutMs: config.redis.commandTimeoutMs, log }) : undefined);
  return redis ? redisSharedStores(redis, config.redis?.keyPrefix) : undefined;
}

export const API_MODULES = [exchangeApi, merchantApi, partnerApi] as unknown as readonly ApiModule[];

export function createServer(options: CreateServerOptions = {}): Express {
  const config = resolveConfig(options.config ?? {});
  const now = options.now ?? Date.now;
  const log = options.log ?? consoleLogger;
  const shared = sharedStoresFor(config, options, log);
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  if (config.logRequests) app.use(requestLog(log));
  app.use(cors(config.cors));

  for (const api of API_MODULES) {
    const handlers: Record<string, AnyHandler | undefined> = {
      ...(api.defaultHandlers({ config, now, log, ...(shared ? { shared } : {}), ...(options.state ? { state: options.state } : {}) }) as unknown as Record<string, AnyHandler>),
      ...((options.handlers?.[api.id] ?? {}) as Record<string, AnyHandler | undefined>),
    };
    app.use(api.basePath, apiRouter(api, config, now, log, handlers, options.documents?.[api.id], undefined, shared, options.state));
  }
  app.use(docsRouter());
  app.use(notFound);
  app.use(lastResort(log));
  return app;
}

/** One API's router in server mode (handlers) or validator mode (none). */
export function apiRouter(
  api: ApiModule,
  config: ServerConfig,
  now: Clock,
  log: Logger,
  handlers: Record<string, AnyHandler | undefined> | undefined,
  document?: Record<string, unknown>,
  unknownRoutes?: 'reject' | 'pass',
  shared?: SharedStores,
  state?: StateDb,
) {
  const rule = config.rateLimit[api.id];
  const validator =
    config.validate === 'none'
      ? undefined
      : sharedApiValidator(document ?? apiDocument(api.id), { requests: true, responses: config.validate === 'all' });
  return buildApiRouter({
    api: api.id,
    operations: api.operations,
    ...(handlers ? { handlers } : {}),
    ...(validator ? { validator } : {}),
    auth: api.auth(config, now, shared, state),
    ...(config.rateLimit.enabled
      ? { limiter: shared ? shared.limiter(api.id, rule) : new RateLimiter(rule, now, undefined, state ? sqliteBans(state, api.id) : undefined) }
      : {}),
    clientKey: api.clientKey,
    render: api.render,
    bodyLimit: config.bodyLimit,
    ...(api.bodies ? { bodies: api.bodies } : {}),
    log,
    ...(unknownRoutes ? { unknownRoutes } : {}),
  });
}

function notFound(req: Request, res: Response): void {
  res.status(404).json({
    message: `Unknown route ${req.method} ${safePath(req.originalUrl)}; the APIs are under /api/v1, /merchant/v2 and /partner/v1, the docs under /docs/`,
  });
}

/** Outside the API routers (docs, unknown paths): JSON, never Express's HTML page or a stack trace. */
function lastResort(log: Logger) {
  return function lastResortErrorHandler(err: unknown, req: Request, res: Response, _next: NextFunction): void {
    const status = typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500;
    if (status >= 500) log(`[server] ${status} ${req.method} ${safePath(req.originalUrl)}: ${(err as Error).stack ?? String(err)}`);
    if (res.headersSent) return void res.destroy();
    res.status(status >= 400 && status < 600 ? status : 500).json({ message: status >= 500 ? 'Internal server error' : 'Bad request' });
  };
}
