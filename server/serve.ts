// The reference server as a process (`npm start`, `cryptopay-toolkit serve`), with its sandbox
// defaults. HOST, PORT, VALIDATE=all|requests|none, RATE_LIMIT=on|off, REDIS_URL (stores shared by
// several instances), DATABASE_URL (the state in PostgreSQL, for several instances on several hosts;
// server/state/pg), STATE=path|memory (the state file, default .data/sandbox.sqlite; server/state)
// SHUTDOWN_DRAIN_MS (SIGTERM: stay up, not ready, this long before closing the listener) and
// CONFIG=path (JSON, deep-merged over the defaults) configure it. Prints the URLs and the demo credentials (sandbox
// values, public by design: docs/guides/integrator.md, "Sandbox defaults") once it really listens; a port it cannot
// take is one line on stderr and exit code 1; shuts down cleanly on SIGTERM and SIGINT.
import { createServer as createHttpServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer } from './app.ts';
import { answerClientErrors, requiringHost } from './http/client-errors.ts';
import { stopRealTimers } from './merchant/reference/timers.ts';
import { stopCancelTimers } from './exchange/engine/cancel.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config/config.ts';
import { SANDBOX_DEFAULTS } from './config/defaults.ts';
import { StateDb, StateError } from './state/db.ts';
import { redactDatabaseUrl } from './state/pg/migrate.ts';
import { closePgExchange } from './state/pg/pg-exchange.ts';
import { PgState } from './state/pg/pg-state.ts';
import { connectRedis, redactRedisUrl, redisReady, type Redis } from './stores/redis.ts';

/** The Redis client of REDIS_URL, once it answers; exits 1 with the reason when it does not within 5 s. */
async function redisOf(config: ServerConfig): Promise<Redis | undefined> {
  if (!config.redis) return undefined;
  const redis = connectRedis(config.redis.url, { commandTimeoutMs: config.redis.commandTimeoutMs, log: (line) => console.error(line) });
  try {
    await redisReady(redis, 5000);
    return redis;
  } catch (e) {
    console.error(`Cannot reach Redis at ${redactRedisUrl(config.redis.url)} (REDIS_URL): ${(e as Error).message}`);
    process.exit(1);
  }
}

/**
 * Node's HTTP limits, set explicitly (server/README.md, "HTTP limits"): a request line plus headers
 * over 16 KiB is 431, headers not received within 10 s or a whole request within 30 s is 408, both
 * in the API's error body (http/client-errors.ts); an idle keep-alive connection closes after 5 s.
 * Node checks the timeouts every `connectionsCheckingInterval`.
 */
export const HTTP_LIMITS = {
  maxHeaderSize: 16_384,
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
} as const;

/**
 * The HTTP server of `app` with `limits`: every answer Node would give on its own (431, 408, 400 for
 * bytes that are not HTTP or an HTTP/1.1 request without `Host`) carries the API's error body.
 */
export function httpServer(app: RequestListener, limits: typeof HTTP_LIMITS | { [K in keyof typeof HTTP_LIMITS]: number } = HTTP_LIMITS): Server {
  const { keepAliveTimeout, ...serverOptions } = limits;
  const server = createHttpServer({ ...serverOptions, requireHostHeader: false }, requiringHost(app));
  server.keepAliveTimeout = keepAliveTimeout;
  answerClientErrors(server, { maxHeaderSize: limits.maxHeaderSize });
  return server;
}

/** Where the sandbox keeps its state unless STATE says otherwise (git-ignored). */
const DEFAULT_STATE = '.data/sandbox.sqlite';

/** STATE=memory: nothing persists (tests, benchmarks); else the path of the state file. */
function openState(env: NodeJS.ProcessEnv): StateDb | undefined {
  const where = env.STATE === undefined || env.STATE === '' ? DEFAULT_STATE : env.STATE;
  return where === 'memory' ? undefined : new StateDb(where, { checkpointInWorker: true, log: (line) => console.error(line) });
}

function banner(config: ServerConfig, base: string, state: StateDb | undefined, pg: PgState | undefined): string {
  const lines = [
    `Reference server listening on ${base}`,
    `  exchange  ${base}/api/v1        docs ${base}/docs/exchange   OpenAPI ${base}/openapi/exchange.yaml`,
    `  merchant  ${base}/merchant/v2   docs ${base}/docs/merchant   OpenAPI ${base}/openapi/merchant.yaml`,
    `  partner   ${base}/partner/v1    docs ${base}/docs/partner    OpenAPI ${base}/openapi/partner.yaml`,
    `  docs      ${base}/docs/`,
    `  validation: ${config.validate}; rate limits: ${config.rateLimit.enabled ? 'on' : 'off'}; body limit ${config.bodyLimit}`,
    config.redis
      ? `  shared stores (nonces, rate limits, invoice numbers): Redis at ${redactRedisUrl(config.redis.url)}, key prefix ${config.redis.keyPrefix}`
      : '  shared stores: none (nonces and rate limits in this process; set REDIS_URL to run several instances)',
    pg && config.database
      ? `  state: PostgreSQL at ${redactDatabaseUrl(config.database.url)} (pool of ${config.database.poolSize})`
      : `  state: ${state ? `${state.path} (SQLite, WAL)` : 'memory (lost on exit)'}`,
  ];
  // Only the sandbox defaults are printed; credentials from a CONFIG file are never echoed.
  const isDefault = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (isDefault(config.exchange.keys, SANDBOX_DEFAULTS.exchange.keys)) {
    lines.push('  demo exchange keys: ' + config.exchange.keys.map((k) => `${k.accessKey} / ${k.secret}${k.scopes.length ? ' (trade)' : ''}`).join(', '));
  }
  if (isDefault(config.merchant.keys, SANDBOX_DEFAULTS.merchant.keys)) {
    lines.push('  demo merchant keys (HTTP Basic): ' + config.merchant.keys.map((k) => `${k.apiKey} / ${k.secret}`).join(', '));
  }
  if (isDefault(config.partner.credentials, SANDBOX_DEFAULTS.partner.credentials)) {
    lines.push('  demo partner: ' + config.partner.credentials.map((c) => `Bearer ${c.bearerKey}; Basic ${c.basicKey} / ${c.basicSecret}`).join(', '));
  }
  return lines.join('\n');
}

const LISTEN_ERRORS: Record<string, string> = {
  EADDRINUSE: 'address already in use',
  EACCES: 'permission denied',
  EADDRNOTAVAIL: 'address not available on this machine',
};

/** Starts the server as configured by `env`; the process then lives until SIGTERM/SIGINT. */
export async function serve(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: ServerConfig;
  let state: StateDb | undefined;
  let pg: PgState | undefined;
  try {
    config = loadConfig(env);
    // DATABASE_URL: the state in PostgreSQL (migrated before the first request), else the state file.
    if (config.database) {
      const { url, poolSize, connectTimeoutMs } = config.database;
      pg = await PgState.open(url, { poolSize, connectTimeoutMs, log: (line) => console.error(line) });
    } else state = openState(env);
  } catch (e) {
    if (e instanceof ConfigError || e instanceof StateError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  // Not app.listen: Express 5 calls its callback on a failed listen too (EADDRINUSE), which
  // printed the banner for a server that was not there.
  const redis = await redisOf(config);
  let stopping = false;
  const app = createServer({ config, ...(redis ? { redis } : {}), ...(state ? { state } : {}), ...(pg ? { pg } : {}), health: { stopping: () => stopping } });
  const server = httpServer((req, res: ServerResponse) => {
    // Once shutdown began, every response closes its connection after it is sent.
    if (stopping) res.setHeader('Connection', 'close');
    app(req, res);
  });
  server.once('listening', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    console.log(banner(config, `http://${host}:${port}`, state, pg));
  });
  server.on('error', (e: NodeJS.ErrnoException) => {
    console.error(`Cannot listen on ${config.host}:${config.port}: ${LISTEN_ERRORS[e.code ?? ''] ?? e.message}`);
    process.exit(1);
  });
  server.listen(config.port, config.host);

  // SIGTERM: stop accepting connections (and say not ready), let the requests in flight finish (their
  // answers come after their commits), then stop the timers, commit what is pending, close the file
  // and Redis, exit 0. Requests still running after 10 s are cut.
  const stop = (signal: string, drainMs: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing (${drainMs > 0 ? `not ready, still serving for ${drainMs} ms; then ` : ''}no new connections; requests in flight finish, 10 s at most)`);
    let exiting = false;
    const exit = async (code: number) => {
      if (exiting) return;
      exiting = true;
      stopRealTimers();
      stopCancelTimers();
      try {
        state?.close();
        if (pg) await closePgExchange(pg); // its market leases given up: another instance takes over at once
        await pg?.close();
      } catch (e) {
        console.error(`closing the state failed: ${(e as Error).message}`);
        code = 1;
      }
      if (redis) await redis.quit().catch(() => undefined);
      process.exit(code);
    };
    const close = () => {
      server.close(() => void exit(0));
      // A keep-alive connection whose response was in flight becomes idle once it is sent: close it then.
      setInterval(() => server.closeIdleConnections(), 20).unref();
      setTimeout(() => {
        server.closeAllConnections();
        void exit(0);
      }, 10_000).unref();
    };
    // Closing the listener resets the connections still in its accept queue: behind a balancer,
    // SHUTDOWN_DRAIN_MS gives it time to see /readyz fail and stop sending first.
    if (drainMs > 0) setTimeout(close, drainMs);
    else close();
  };
  const drainMs = Number(env.SHUTDOWN_DRAIN_MS ?? 0);
  process.on('SIGTERM', () => stop('SIGTERM', Number.isFinite(drainMs) && drainMs > 0 ? drainMs : 0));
  process.on('SIGINT', () => stop('SIGINT', 0));
}
