import { describe, expect, it } from 'vitest';
import { Balance, DEFAULT_SEED, Ledger, seedEveryCurrency } from './accounts.ts';
import { EngineError } from './errors.ts';

describe('seeding', () => {
  it('gives every demo user every currency', () => {
    expect(Object.keys(DEFAULT_SEED)).toEqual(['demo-trader', 'demo-trader-2', 'demo-viewer']);
    expect(DEFAULT_SEED['demo-trader']).toEqual({
      btc: '100', eth: '100', ltc: '100', bch: '100', xem: '1000000', xvg: '1000000', usd: '1000000', cad: '1000000', eur: '1000000',
    });
  });

  it('builds a seed for any users', () => {
    const seed = seedEveryCurrency(['a'], (c) => (c === 'usd' ? '5' : '1'));
    expect(seed.a?.usd).toBe('5');
    expect(seed.a?.xvg).toBe('1');
  });

  it('reports balances at each currency precision, zeros included', () => {
    const ledger = new Ledger();
    ledger.seed({ alice: { usd: '10.5', btc: '0.00000001' } });
    const accounts = ledger.accounts('alice');
    expect(accounts.map((a) => a.currency)).toEqual(['btc', 'eth', 'ltc', 'bch', 'xem', 'xvg', 'usd', 'cad', 'eur']);
    expect(accounts[0]).toEqual({ currency: 'btc', balance: '0.00000001', locked: '0.00000000', available: '0.00000001' });
    expect(accounts[4]).toEqual({ currency: 'xem', balance: '0.0000', locked: '0.0000', available: '0.0000' });
    expect(accounts[6]).toEqual({ currency: 'usd', balance: '10.50', locked: '0.00', available: '10.50' });
    expect(ledger.accounts('nobody')[6]).toEqual({ currency: 'usd', balance: '0.00', locked: '0.00', available: '0.00' });
  });

  it('rejects a seed amount finer than the currency allows', () => {
    expect(() => new Ledger().seed({ bob: { usd: '1.001' } })).toThrow("seed.bob.usd: '1.001' has more than 2 decimal places");
  });

  it('replaces the previous state when seeded again', () => {
    const ledger = new Ledger();
    ledger.seed({ a: { usd: '1' } });
    ledger.house('usd').balance = 5n;
    ledger.seed({ b: { usd: '2' } });
    expect(ledger.accounts('a')[6]?.balance).toBe('0.00');
    expect(ledger.total('usd')).toBe(20_000_000_000n); // 2.00 USD in 10-place ledger units
  });
});

describe('locks', () => {
  it('moves funds between available and locked', () => {
    const ledger = new Ledger();
    const usd = ledger.account('a', 'usd');
    usd.balance = 100n; // 0.00000001 USD in ledger units (usd: 10 places)
    ledger.lock(usd, 25n);
    expect([usd.balance, usd.locked, usd.available]).toEqual([100n, 25n, 75n]);
    ledger.lock(usd, 75n);
    expect(usd.available).toBe(0n);
    ledger.unlock(usd, 100n);
    expect([usd.balance, usd.locked, usd.available]).toEqual([100n, 0n, 100n]);
  });

  it('refuses to lock more than available with 2002 and the amounts', () => {
    const ledger = new Ledger();
    ledger.seed({ a: { btc: '1' } });
    const btc = ledger.account('a', 'btc'); // 16-place ledger units
    ledger.lock(btc, 6_000_000_000_000_000n);
    expect(() => ledger.lock(btc, 4_000_000_000_000_001n)).toThrow(
      new EngineError(2002, 'Failed to create order: insufficient btc: needs 0.4000000000000001, available 0.40000000'),
    );
    expect(btc.locked).toBe(6_000_000_000_000_000n);
  });

  it('sums a currency over users and the house', () => {
    const ledger = new Ledger();
    ledger.seed({ a: { eth: '1' }, b: { eth: '2' } });
    ledger.house('eth').balance = 7n;
    expect(ledger.total('eth')).toBe(3_000_000_000_007n); // eth: 12 places
    expect([...ledger.allBalances()].map((x) => x.holder)).toEqual(['a', 'b', '(house)']);
    expect(new Balance('usd').available).toBe(0n);
  });
});
