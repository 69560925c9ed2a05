// The bodies the reference server answered for the benchmarked routes, captured by the bench and
// passed in the file named by BARE_BODIES: what the yardstick apps (bare-express.ts, eov-express.ts)
// answer, so every side of figure 10 sends the same bytes; and how both are served.
import { readFileSync } from 'node:fs';
import type { Express } from 'express';

type Bodies = Record<string, { status: number; body: unknown }>;

export function capturedBodies(who: string) {
  const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES as string, 'utf8')) as Bodies;
  const answer = (key: string) => {
    const found = bodies[key];
    if (!found) throw new Error(`${who}: no body captured for ${key}`);
    return found;
  };
  return { ticker: answer('GET /api/v1/tickers/btcusd'), balances: answer('GET /api/v1/balances'), payment: answer('POST /merchant/v2/payments') };
}

/** Serves a yardstick app as the bench starts its servers: PORT/HOST, a LISTENING line, stopped by SIGTERM or SIGINT. */
export function serveYardstick(app: Express): void {
  const server = app.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1', () => {
    const address = server.address();
    console.log(`LISTENING ${typeof address === 'object' && address ? address.port : ''}`);
  });
  server.keepAliveTimeout = 5_000;
  const stop = () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
