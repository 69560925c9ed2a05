// Throughput of the exchange matching engine alone (no HTTP): random limit orders from a few
// users in a band around a mid price, so roughly half of them trade on arrival.
// Run: npx tsx bench/engine.ts [--quick]   (prints orders/sec, median of 3 runs)
import { seedEveryCurrency } from '../server/exchange/engine/accounts.ts';
import { createEngine } from '../server/exchange/engine/engine.ts';
import type { OrderInput } from '../server/exchange/engine/wire.ts';

const quick = process.argv.includes('--quick');
const ORDERS = quick ? 20_000 : 200_000;
const RUNS = 3;
const USERS = Array.from({ length: 8 }, (_, i) => `bench-${i + 1}`);
const MID_CENTS = 3_000_000; // 30000.00 USD
const BAND_TICKS = 200; // ± 200 ticks of 0.05 USD: ±10.00 around the mid

/** Deterministic PRNG (mulberry32) so every run and every machine sees the same orders. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function cents(units: number): string {
  return `${Math.floor(units / 100)}.${String(units % 100).padStart(2, '0')}`;
}

function makeOrders(count: number, seed: number): { user: string; input: OrderInput }[] {
  const random = prng(seed);
  return Array.from({ length: count }, () => {
    const price = MID_CENTS + (Math.floor(random() * (2 * BAND_TICKS + 1)) - BAND_TICKS) * 5;
    const satoshis = 100_000 + Math.floor(random() * 99_900_000); // 0.001 .. 1 BTC
    return {
      user: USERS[Math.floor(random() * USERS.length)] as string,
      input: {
        side: random() < 0.5 ? 'buy' : 'sell',
        ord_type: 'limit',
        price: cents(price),
        volume: `0.${String(satoshis).padStart(8, '0')}`,
      },
    };
  });
}

function run(seed: number, withResponse: boolean): { perSec: number; trades: number; resting: number } {
  const engine = createEngine({
    seed: seedEveryCurrency(USERS, (c) => (c === 'usd' ? '1000000000000' : '100000000')),
    scheduler: () => {},
  });
  const orders = makeOrders(ORDERS, seed);
  const start = performance.now();
  if (withResponse) for (const { user, input } of orders) engine.placeOrder(user, 'btcusd', input);
  else for (const { user, input } of orders) engine.submitOrder(user, 'btcusd', input);
  const seconds = (performance.now() - start) / 1000;
  const book = engine.orderBook('btcusd', 1000);
  const trades = engine.trades('btcusd', { limit: 1 })[0]?.id ?? 0;
  return { perSec: ORDERS / seconds, trades, resting: book.bids.length + book.asks.length };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

run(999, false); // warm up the JIT
for (const withResponse of [false, true]) {
  const results = [1, 2, 3].slice(0, RUNS).map((seed) => run(seed, withResponse));
  const label = withResponse ? 'placeOrder (with Order response)' : 'submitOrder (engine only)';
  console.log(
    `${label}: ${Math.round(median(results.map((r) => r.perSec))).toLocaleString('en-US')} orders/sec ` +
      `(median of ${RUNS} runs of ${ORDERS.toLocaleString('en-US')} orders; ` +
      `runs: ${results.map((r) => Math.round(r.perSec).toLocaleString('en-US')).join(', ')}; ` +
      `trades per run ≈ ${results[0]?.trades.toLocaleString('en-US')}, price levels left ≈ ${results[0]?.resting})`,
  );
}
