// The engine's journal: a second engine built on the journal of a first holds exactly the same
// orders, trades, balances and books; refused commands are not journaled; a failed append leaves
// the engine as it was before the command.
import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from './markets.ts';
import { createEngine, type ExchangeEngine } from './engine.ts';
import type { EngineJournal, JournalEntry } from '../../ports/engine-journal.ts';
import { SMALL_SEED, T0 } from './testkit.ts';

function memoryJournal() {
  const entries: JournalEntry[] = [];
  let failNext = false;
  const journal: EngineJournal = {
    append(e) {
      if (failNext) {
        failNext = false;
        throw new Error('disk full');
      }
      entries.push(structuredClone(e));
    },
    entries: () => entries,
    clear: () => void entries.splice(0),
  };
  return { journal, entries, failNext: () => void (failNext = true) };
}

const manual = () => {
  const tasks: (() => void)[] = [];
  return { scheduler: (task: () => void) => void tasks.push(task), run: () => tasks.splice(0).forEach((t) => t()) };
};

/** Everything a client can read, for both users, on the market used. */
const snapshot = (e: ExchangeEngine) => ({
  balances: ['alice', 'bob'].map((u) => e.balances(u)),
  orders: ['alice', 'bob'].map((u) => e.orders(u, 'btcusd')),
  trades: e.trades('btcusd'),
  book: e.orderBook('btcusd'),
  totals: CURRENCY_CODES.map((c) => e.store.ledger.total(c)),
});

describe('engine journal', () => {
  it('rebuilds the same state from the journal, with a requested cancel still pending', () => {
    let now = T0;
    const j = memoryJournal();
    const s = manual();
    const a = createEngine({ seed: SMALL_SEED, journal: j.journal, clock: { now: () => (now += 7) }, scheduler: s.scheduler });
    a.placeOrder('alice', 'btcusd', { side: 'sell', ord_type: 'limit', price: '30000.00', volume: '1' });
    a.placeMany('bob', 'btcusd', [
      { side: 'buy', ord_type: 'limit', price: '30000.00', volume: '0.4' },
      { side: 'buy', ord_type: 'limit', price: '29000.00', volume: '0.5' },
    ]);
    expect(() => a.placeOrder('bob', 'btcusd', { side: 'buy', ord_type: 'limit', price: '30000.00', volume: '1000' })).toThrow();
    a.requestCancel('bob', 3);
    a.placeOrder('alice', 'btcusd', { side: 'sell', ord_type: 'limit', price: '31000.00', volume: '0.1' });
    a.clear('alice', { side: 'sell' });
    s.run(); // the cancels of bob's order 3 and of alice's orders apply (journaled too)
    expect(() => a.requestCancel('bob', 3)).toThrow(); // already cancelled: refused, not journaled
    a.placeOrder('alice', 'btcusd', { side: 'sell', ord_type: 'limit', price: '32000.00', volume: '0.2' });
    a.requestCancel('alice', 5); // not yet applied
    expect(j.entries.map((e) => e.cmd.t)).toEqual([
      'place', 'multi', 'cancel-request', 'place', 'cancel-request', 'cancel', 'cancel', 'cancel', 'place', 'cancel-request',
    ]);
    const b = createEngine({ seed: SMALL_SEED, journal: j.journal, clock: { now: () => now }, scheduler: () => undefined });
    expect(snapshot(b)).toEqual(snapshot(a));
    expect(b.order('alice', 5).state).toBe('wait');
    expect(b.runPending()).toBe(1); // the pending cancel came back with the rebuild
    expect(b.order('alice', 5).state).toBe('cancel');
  });

  it('a command whose append fails leaves nothing behind (the engine rebuilds itself)', () => {
    const j = memoryJournal();
    const e = createEngine({ seed: SMALL_SEED, journal: j.journal, clock: { now: () => T0 } });
    e.placeOrder('alice', 'btcusd', { side: 'sell', ord_type: 'limit', price: '30000.00', volume: '1' });
    const before = snapshot(e);
    j.failNext();
    expect(() => e.placeOrder('bob', 'btcusd', { side: 'buy', ord_type: 'limit', price: '30000.00', volume: '0.5' })).toThrow('disk full');
    expect(snapshot(e)).toEqual(before);
    expect(e.placeOrder('bob', 'btcusd', { side: 'buy', ord_type: 'limit', price: '30000.00', volume: '0.5' }).id).toBe(2);
  });
});
