// `npm start`: the reference server with its sandbox defaults. HOST, PORT, VALIDATE=all|requests|none,
// RATE_LIMIT=on|off, CONFIG=path (JSON, deep-merged over the defaults) and STATE=path|memory (the
// state file, default .data/sandbox.sqlite; server/state) configure it. Prints the
// URLs and the demo credentials (sandbox values, public by design: DESIGN.md "Sandbox defaults");
// shuts down cleanly on SIGTERM and SIGINT.
import type { Server } from 'node:http';
import { createServer } from './app.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { SANDBOX_DEFAULTS } from './config-defaults.ts';
import { StateDb, StateError } from './state/db.ts';

/** Where the sandbox keeps its state unless STATE says otherwise (git-ignored). */
const DEFAULT_STATE = '.data/sandbox.sqlite';

/** STATE=memory: nothing persists (tests, benchmarks); else the path of the state file. */
function openState(env: NodeJS.ProcessEnv): StateDb | undefined {
  const where = env.STATE === undefined || env.STATE === '' ? DEFAULT_STATE : env.STATE;
  return where === 'memory' ? undefined : new StateDb(where, { checkpointInWorker: true, log: (line) => console.error(line) });
}

function banner(config: ServerConfig, base: string, state: StateDb | undefined): string {
  const lines = [
    `Reference server listening on ${base}`,
    `  exchange  ${base}/api/v1        docs ${base}/docs/exchange   OpenAPI ${base}/openapi/exchange.yaml`,
    `  merchant  ${base}/merchant/v2   docs ${base}/docs/merchant   OpenAPI ${base}/openapi/merchant.yaml`,
    `  partner   ${base}/partner/v1    docs ${base}/docs/partner    OpenAPI ${base}/openapi/partner.yaml`,
    `  docs      ${base}/docs/`,
    `  validation: ${config.validate}; rate limits: ${config.rateLimit.enabled ? 'on' : 'off'}; body limit ${config.bodyLimit}`,
    `  state: ${state ? `${state.path} (SQLite, WAL)` : 'memory (lost on exit)'}`,
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

function start(): void {
  let config: ServerConfig;
  let state: StateDb | undefined;
  try {
    config = loadConfig(process.env);
    state = openState(process.env);
  } catch (e) {
    if (e instanceof ConfigError || e instanceof StateError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const app = createServer({ config, ...(state ? { state } : {}) });
  const server: Server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const host = config.host.includes(':') ? `[${config.host}]` : config.host;
    console.log(banner(config, `http://${host}:${port}`, state));
  });
  server.on('error', (e) => {
    console.error(`Cannot listen on ${config.host}:${config.port}: ${e.message}`);
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing (in-flight requests may finish, 10 s at most)`);
    const exit = () => {
      state?.close();
      process.exit(0);
    };
    server.close(exit);
    server.closeIdleConnections();
    setTimeout(() => {
      server.closeAllConnections();
      exit();
    }, 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

start();
