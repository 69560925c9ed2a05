// createServer: the Express app of the reference server. Each API gets its own router, its own
// OpenAPI validator instance (one document each: several specs in one validator leak components),
// its own auth, rate limiter and error handler; the handler map is the API's defaults with the
// given handlers replacing single operations.
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { DocumentId } from '../contracts/shared/contract.ts';
import { documentedOperations } from '../contracts/shared/operation.ts';
import { API_MODULES } from './api-modules.ts';
import { documentValidator } from './api-protocols.ts';
import type { AnyHandler, HandlerOverrides } from './api/handler-map.ts';
import type { ExchangePrincipal, MerchantPrincipal, PartnerPrincipal } from './auth/principal.ts';
import { composeStores, sharedStoresFor } from './compose.ts';
import { resolveConfig, type ConfigInput, type ServerConfig } from './config/config.ts';
import type { ExchangeOperations } from './exchange/handler-map.ts';
import { serverRouter } from './http/api-router.ts';
import { cors } from './http/cors.ts';
import { healthRouter, type ReadinessCheck } from './http/health.ts';
import { stateWritable } from './state/readiness.ts';
import type { Logger } from './http/pipeline.ts';
import { consoleLogger, requestLine, safePath } from './http/log.ts';
import type { MerchantOperations } from './merchant/handler-map.ts';
import type { PartnerOperations } from './partner/handler-map.ts';
import type { SharedStores } from './ports/shared.ts';
import type { ServerStores } from './ports/stores.ts';
import type { Clock } from './core/clock.ts';
import type { StateDb } from './state/db.ts';
import type { PgState } from './state/pg/pg-state.ts';
import { sandboxApi, sandboxRouter } from './sandbox/api.ts';
import { SandboxControl, loopbackClient, sandboxClients, sandboxClockNote } from './sandbox/control.ts';
import { preferring } from './sandbox/prefer.ts';
import { docsRouter } from './static.ts';
import { MARKET_IDS } from './exchange/engine/markets.ts';
import { meteredRequest, serveMetrics } from './metrics/http.ts';
import { answeredRequests } from './http/answered.ts';
import { ServerMetrics } from './metrics/metrics.ts';
import type { Redis } from './stores/redis.ts';

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
  documents?: Partial<Record<DocumentId, Record<string, unknown>>>;
  /**
   * A Redis client for the stores instances share (nonces, rate limits, invoice numbers); the
   * caller owns it. Without it, `config.redis.url` makes one; without either, they stay in memory.
   */
  redis?: Redis;
  /** Shared stores of another kind (takes precedence over `redis`). */
  shared?: SharedStores;
  /** The state file (server/state): orders, payments, registrations, nonces and bans survive restarts. Absent: memory only. */
  state?: StateDb;
  /** PostgreSQL (server/state/pg, `PgState.open(DATABASE_URL)`; takes precedence over `state`): the state of any number of instances. The caller owns and closes it. */
  pg?: PgState;
  /** Every store, composed elsewhere (takes precedence over `shared`, `redis` and `state`; server/compose.ts). */
  stores?: ServerStores;
  /**
   * `GET /readyz`: further checks beside the state file and Redis (the hook for e.g. the exchange
   * lease), and whether shutdown began (then not ready). `GET /healthz` needs nothing.
   */
  health?: { checks?: readonly ReadinessCheck[]; stopping?: () => boolean };
}

const PROBE_PATH = /^\/(?:healthz|readyz)\/?$/i;

export function createServer(options: CreateServerOptions = {}): Express {
  const config = resolveConfig(options.config ?? {});
  const now = options.now ?? Date.now;
  const log = options.log ?? consoleLogger;
  const shared = options.stores ? undefined : sharedStoresFor(config, options, log);
  const stores = options.stores ?? composeStores({ shared, state: options.state, pg: options.pg, now, log, writerLeaseMs: config.exchange.writerLeaseMs });
  // The sandbox control API and its test clock exist only when configured (decision S-where).
  const control = config.sandbox.controlApi ? new SandboxControl(config, now, log) : undefined;
  const exemptable = sandboxClients(config);
  // S-clock: with the control API, the APIs read the test clock (the exchange's nonce and 24 h ticker
  // windows, the records' times); the stores (rate-limit windows, nonce expiry) keep real time.
  const apiNow = control ? control.clock.now : now;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  const writer = stores.exchangeWriter;
  const pgCheck = options.pg && !options.stores ? [{ name: 'state', check: () => options.pg!.ready() }] : [];
  // An instance is ready whatever exchange lease it holds: every instance applies any exchange write
  // (server/exchange/reference/market-writers.ts); /readyz names the markets whose due cancels it runs.
  const stateCheck = options.state ? [stateWritable(options.state)] : [];
  const redisCheck = shared?.ready ? [{ name: 'redis', check: () => shared.ready!() }] : [];
  const probes = healthRouter({
    ...options.health,
    checks: [...stateCheck, ...redisCheck, ...pgCheck, ...(options.health?.checks ?? [])],
    ...(writer ? { details: () => ({ exchange: { writerOf: writer.markets() } }) } : {}),
  });
  // One layer in front of the APIs (each Express layer costs a share of a cheap request: bench
  // figure 10): only the probes' paths enter their router (matched as it matches them: any case, a
  // trailing slash), unlogged; every other request is logged (when configured) and gets its CORS headers.
  const corsHeaders = cors(config.cors);
  // GET /metrics (server/metrics): every request past the front layer is counted and timed, and
  // logged when configured; one arrival stamp serves both.
  const metrics = new ServerMetrics({ writer, markets: MARKET_IDS, pgStats: options.pg?.stats });
  const arrived = answeredRequests(app, [meteredRequest(metrics, [...API_MODULES, sandboxApi]), ...(config.logRequests ? [requestLine(log)] : [])]);
  const api = (req: Request, res: Response, next: NextFunction) => {
    arrived(res);
    corsHeaders(req, res, next);
  };
  app.use(function front(req: Request, res: Response, next: NextFunction) {
    if (req.path === '/metrics') return void serveMetrics(metrics, req, res).catch(next);
    if (!PROBE_PATH.test(req.path)) return api(req, res, next);
    probes(req, res, (err?: unknown) => (err ? next(err) : api(req, res, next)));
  });

  for (const api of API_MODULES) {
    const handlers: Record<string, AnyHandler | undefined> = {
      ...(api.defaultHandlers({ config, now: apiNow, log, stores, ...(control ? { control } : {}) }) as unknown as Record<string, AnyHandler>),
      ...((options.handlers?.[api.id] ?? {}) as Record<string, AnyHandler | undefined>),
    };
    // S-prefer: a sandbox caller may ask for any declared answer with `Prefer: code=<status>`.
    if (control) {
      const caller = (req: Request) => {
        const client = api.clientKey(req);
        return exemptable[api.id].has(client) || loopbackClient(client);
      };
      // As documented: with the 409 of an Idempotency-Key still running on each merchant and partner POST.
      for (const [id, op] of Object.entries(documentedOperations(api.operations, api.idempotentPosts))) {
        const h = handlers[id];
        if (h) handlers[id] = preferring(op, h, caller);
      }
    }
    const router = serverRouter(
      {
        api,
        auth: api.auth({ settings: config[api.id], now: apiNow, stores, ...(control ? { clockNote: () => sandboxClockNote(control) } : {}) }),
        validator: documentValidator(api.id, config.validate, options.documents?.[api.id]),
        limiter: !config.rateLimit.enabled
          ? undefined
          : control
            ? control.exempting(stores.limiter(api.id, config.rateLimit[api.id]), exemptable[api.id])
            : stores.limiter(api.id, config.rateLimit[api.id]),
        bodyLimit: config.bodyLimit,
        log,
        // The POSTs of an API whose contract declares `idempotentPosts` (merchant, partner) take an Idempotency-Key.
        idempotency: api.idempotentPosts ? stores.idempotency : undefined,
        idempotencyLeaseMs: config.idempotencyLeaseMs,
        // The reference handlers run as units of work (inUnits): a keyed request's answer joins it.
        // A handler given in `handlers` may await I/O, so it never runs inside a unit.
        units: stores.units,
        inUnits: (operationId) => options.handlers?.[api.id]?.[operationId as never] === undefined,
      },
      handlers,
    );
    app.use(api.basePath, router);
  }
  if (control) app.use(sandboxApi.basePath, sandboxRouter(control, config, log, options.documents?.sandbox));
  app.use(docsRouter());
  app.use(notFound);
  app.use(lastResort(log));
  return app;
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
