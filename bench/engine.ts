// Throughput of the exchange matching engine alone (no HTTP): random limit orders from a few
// users in a band around a mid price, so roughly half of them trade on arrival.
// Run: npx tsx bench/engine.ts [--quick]   (prints orders/sec, median of 3 runs)
import os from 'node:os';
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

interface Result {
  wall: number;
  cpu: number;
  trades: number;
  levels: number;
}

function run(seed: number, withResponse: boolean): Result {
  const engine = createEngine({
    seed: seedEveryCurrency(USERS, (c) => (c === 'usd' ? '1000000000000' : '100000000')),
    scheduler: () => {},
  });
  const orders = makeOrders(ORDERS, seed);
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  if (withResponse) for (const { user, input } of orders) engine.placeOrder(user, 'btcusd', input);
  else for (const { user, input } of orders) engine.submitOrder(user, 'btcusd', input);
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const book = engine.orderBook('btcusd', 1000);
  return {
    wall: ORDERS / seconds,
    // user+system CPU of this process (GC helper threads included): steadier on a shared machine
    cpu: ORDERS / ((cpu.user + cpu.system) / 1e6),
    trades: engine.trades('btcusd', { limit: 1 })[0]?.id ?? 0,
    levels: book.bids.length + book.asks.length,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

console.log(`node ${process.version}, load average ${os.loadavg()[0]?.toFixed(2)} on ${os.availableParallelism()} CPUs`);
run(999, false); // warm up the JIT
for (const withResponse of [false, true]) {
  const results = Array.from({ length: RUNS }, (_, i) => run(i + 1, withResponse));
  const label = withResponse ? 'placeOrder (building the Order response)' : 'submitOrder (engine only)';
  console.log(
    `${label}: ${fmt(median(results.map((r) => r.wall)))} orders/sec wall clock, ` +
      `${fmt(median(results.map((r) => r.cpu)))} orders/sec of CPU time ` +
      `(median of ${RUNS} runs of ${fmt(ORDERS)} orders; wall runs ${results.map((r) => fmt(r.wall)).join(', ')}; ` +
      `${fmt(results[0]?.trades ?? 0)} trades and ${results[0]?.levels} price levels left per run)`,
  );
}
