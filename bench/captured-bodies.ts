// The bodies the reference server answered for the benchmarked routes, captured by the bench and
// passed in the file named by BARE_BODIES: what the yardstick apps (bare-express.ts, eov-express.ts)
// answer, so every side of figure 10 sends the same bytes.
import { readFileSync } from 'node:fs';

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
