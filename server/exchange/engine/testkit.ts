// Helpers for the engine's tests: an engine on a hand-driven clock and scheduler, short order
// builders, and a reader for one balance. Imported by *.test.ts files only.
import type { SeedConfig } from './accounts.ts';
import { createEngine, type ExchangeEngine } from './engine.ts';
import { formatMoney } from './accounts.ts';
import type { CurrencyCode } from './markets.ts';
import type { Account, OrderInput } from './wire.ts';

/** 2026-01-31T12:00:00.000Z */
export const T0 = Date.UTC(2026, 0, 31, 12, 0, 0);

export const SMALL_SEED: SeedConfig = {
  alice: { usd: '100000', btc: '10', eth: '100', xvg: '1000000' },
  bob: { usd: '100000', btc: '10', eth: '100', xvg: '1000000' },
  carol: { usd: '100000', btc: '10', eth: '100', xvg: '1000000' },
  dave: { usd: '100000', btc: '10', eth: '100', xvg: '1000000' },
};

export interface TestEngine {
  engine: ExchangeEngine;
  /** Moves the clock forward. */
  advance(ms: number): void;
  now(): number;
  /** Cancel tasks handed to the scheduler, not yet run. */
  scheduled: (() => void)[];
  /** Runs the scheduled tasks, as the timer would. */
  runScheduled(): void;
}

export function testEngine(options: { seed?: SeedConfig; feeRate?: string } = {}): TestEngine {
  let now = T0;
  const scheduled: (() => void)[] = [];
  const engine = createEngine({
    clock: { now: () => now },
    scheduler: (task) => scheduled.push(task),
    seed: options.seed ?? SMALL_SEED,
    ...(options.feeRate === undefined ? {} : { feeRate: options.feeRate }),
  });
  return {
    engine,
    advance: (ms) => {
      now += ms;
    },
    now: () => now,
    scheduled,
    runScheduled: () => scheduled.splice(0).forEach((task) => task()),
  };
}

export const buy = (price: string, volume: string): OrderInput => ({ side: 'buy', ord_type: 'limit', price, volume });
export const sell = (price: string, volume: string): OrderInput => ({ side: 'sell', ord_type: 'limit', price, volume });
export const marketBuy = (volume: string): OrderInput => ({ side: 'buy', ord_type: 'market', volume });
export const marketSell = (volume: string): OrderInput => ({ side: 'sell', ord_type: 'market', volume });

/** One user's Account of one currency. */
export function account(engine: ExchangeEngine, userId: string, currency: CurrencyCode): Account {
  return engine.balances(userId).find((a) => a.currency === currency) as Account;
}

/** [balance, locked] of one currency, the house included as user '(house)'. */
export function held(engine: ExchangeEngine, holder: string, currency: CurrencyCode): [string, string] {
  if (holder === '(house)') {
    const house = engine.store.ledger.house(currency);
    return [formatMoney(house.balance, currency), formatMoney(house.locked, currency)];
  }
  const a = account(engine, holder, currency);
  return [a.balance, a.locked];
}
