// The control API's engine commands are journaled: a second engine built on the journal holds the
// same balances, orders and book after a trader reset and balances set; a refused set is not journaled.
import { describe, expect, it } from 'vitest';
import type { EngineJournal, JournalEntry } from '../../ports/engine-journal.ts';
import { createEngine, type ExchangeEngine } from './engine.ts';
import { SMALL_SEED, T0 } from './testkit.ts';

const snapshot = (e: ExchangeEngine) => ({
  balances: ['alice', 'bob'].map((u) => e.balances(u)),
  orders: ['alice', 'bob'].map((u) => e.orders(u, 'btcusd')),
  book: e.orderBook('btcusd'),
});

describe('sandbox engine commands', () => {
  it('reset a trader and set balances, and replay both from the journal', () => {
    const entries: JournalEntry[] = [];
    const journal: EngineJournal = { append: (e) => void entries.push(structuredClone(e)), entries: () => entries, clear: () => void entries.splice(0) };
    const a = createEngine({ seed: SMALL_SEED, journal, clock: { now: () => T0 }, scheduler: () => undefined });
    const seeded = a.balances('alice');
    a.placeOrder('alice', 'btcusd', { side: 'sell', ord_type: 'limit', price: '30000.00', volume: '1' });
    a.placeOrder('bob', 'btcusd', { side: 'sell', ord_type: 'limit', price: '31000.00', volume: '1' });
    // Below what bob's open order holds: refused, nothing changed or journaled.
    expect(() => a.setBalances('bob', { btc: '0.5' })).toThrow(/below the 1.00000000 open orders hold/);
    a.setBalances('bob', { usd: '12.34' });
    a.resetUser('alice');
    expect(a.balances('alice')).toEqual(seeded);
    expect(a.orders('alice', 'btcusd')).toEqual([]);
    expect(a.orderBook('btcusd').asks).toEqual([['31000.00', '1.00000000']]);
    expect(a.balances('bob').find((b) => b.currency === 'usd')!.balance).toBe('12.34');
    expect(entries.map((e) => e.cmd.t)).toEqual(['place', 'place', 'set-balances', 'reset-user']);
    const b = createEngine({ seed: SMALL_SEED, journal, clock: { now: () => T0 }, scheduler: () => undefined });
    expect(snapshot(b)).toEqual(snapshot(a));
  });
});
