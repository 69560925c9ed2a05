// The exchange's lists with history, in the engine alone (no HTTP: the engine keeps them in
// memory): CPU per call of GET /orders, GET /trades and GET /trade_history reads when one trader has
// 1,000 and 100,000 filled orders on a market (target as for the merchant lists: at most 2x).
// `npx tsx bench/exchange-lists.ts [--calls=N]`. Ten orders of the trader still wait: placed before
// the history (the worst case of a state filter, which walks back until its page is full) and
// placed after it (the usual case: open orders are recent).
import { seedEveryCurrency } from '../server/exchange/engine/accounts.ts';
import { createEngine, type ExchangeEngine } from '../server/exchange/engine/engine.ts';
import type { OrderInput } from '../server/exchange/engine/wire.ts';

const CALLS = Number(process.argv.find((a) => a.startsWith('--calls='))?.slice(8) ?? 2000);
const SIZES = [1_000, 100_000];
const buy = (price: string): OrderInput => ({ side: 'buy', ord_type: 'limit', price, volume: '0.001' });
const sell = (price: string): OrderInput => ({ side: 'sell', ord_type: 'limit', price, volume: '0.001' });

function history(size: number, waitingFirst: boolean): ExchangeEngine {
  const engine = createEngine({ seed: seedEveryCurrency(['maker', 'taker'], (c) => (c === 'usd' ? '1000000000000' : '100000000')), scheduler: () => {} });
  const waiting = () => {
    for (let i = 0; i < 10; i++) engine.placeOrder('maker', 'btcusd', buy('100.00'));
  };
  if (waitingFirst) waiting();
  for (let i = 0; i < size; i++) {
    engine.placeOrder('maker', 'btcusd', sell('30000.00'));
    engine.placeOrder('taker', 'btcusd', buy('30000.00'));
  }
  if (!waitingFirst) waiting();
  return engine;
}

const READS: { name: string; read(e: ExchangeEngine): unknown[]; waitingFirst?: boolean }[] = [
  { name: 'orders limit=100', read: (e) => e.orders('maker', 'btcusd', { limit: 100 }) },
  { name: 'orders limit=100 offset=500', read: (e) => e.orders('maker', 'btcusd', { limit: 100, offset: 500 }) },
  { name: 'orders state=wait (recent)', read: (e) => e.orders('maker', 'btcusd', { state: 'wait' }) },
  { name: 'orders state=wait (oldest)', read: (e) => e.orders('maker', 'btcusd', { state: 'wait' }), waitingFirst: true },
  { name: 'trades limit=100', read: (e) => e.userTrades('maker', 'btcusd', { limit: 100 }) },
  { name: 'trade_history limit=100', read: (e) => e.trades('btcusd', { limit: 100 }) },
];

const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
for (const r of READS) {
  const perCall = SIZES.map((size) => {
    const engine = history(size, r.waitingFirst ?? false);
    for (let i = 0; i < 100; i++) r.read(engine); // warm up
    const before = cpuUs();
    for (let i = 0; i < CALLS; i++) if (r.read(engine).length === 0) throw new Error(`${r.name}: empty`);
    return (cpuUs() - before) / CALLS;
  });
  const [small, large] = perCall as [number, number];
  console.log(`${r.name}: ${small.toFixed(1)} µs CPU per call with ${SIZES[0]!.toLocaleString('en')} orders, ${large.toFixed(1)} µs with ${SIZES[1]!.toLocaleString('en')}: ${(large / small).toFixed(2)}x`);
}
