import { describe, expect, it } from 'vitest';
import { LIMITS as CONTRACT_LIMITS } from '../../../contracts/exchange/requests.ts';
import { DEFAULT_ORDER_BY, LIMITS, queryOrders } from './queries.ts';
import type { OrderRec } from './records.ts';
import { T0, buy, sell, testEngine } from './testkit.ts';
import type { TradeQuery } from './queries.ts';

/** Six trades, ids 1..6, ten seconds apart from T0, at prices 100.01 .. 100.06. */
function sixTrades() {
  const t = testEngine();
  for (let i = 1; i <= 6; i++) {
    t.engine.placeOrder('alice', 'btcusd', sell(`100.0${i}`, '0.1'));
    t.engine.placeOrder('bob', 'btcusd', buy(`100.0${i}`, '0.1'));
    t.advance(10_000);
  }
  return t;
}

describe('trade lists', () => {
  const cases: { query: TradeQuery; want: number[] }[] = [
    { query: {}, want: [6, 5, 4, 3, 2, 1] }, // newest first by default
    { query: { order_by: 'asc' }, want: [1, 2, 3, 4, 5, 6] },
    { query: { limit: 2 }, want: [6, 5] },
    { query: { limit: 2, order_by: 'asc' }, want: [1, 2] },
    { query: { from: 2 }, want: [6, 5, 4, 3] },
    { query: { to: 5 }, want: [4, 3, 2, 1] },
    { query: { from: 2, to: 5, order_by: 'asc' }, want: [3, 4] },
    { query: { from: 6 }, want: [] },
    { query: { to: 1 }, want: [] },
    { query: { from: 0, to: 100 }, want: [6, 5, 4, 3, 2, 1] },
    { query: { timestamp: T0 / 1000 + 20 }, want: [2, 1] }, // strictly before 12:00:20
    { query: { timestamp: T0 / 1000 + 21, limit: 1 }, want: [3] },
    { query: { timestamp: T0 / 1000 + 21, order_by: 'asc', limit: 2 }, want: [1, 2] },
    { query: { timestamp: T0 / 1000 }, want: [] },
    { query: { limit: 0 }, want: [] },
  ];
  it.each(cases)('public trades with $query -> $want', ({ query, want }) => {
    const { engine } = sixTrades();
    expect(engine.trades('btcusd', query).map((t) => t.id)).toEqual(want);
  });

  it.each(cases)("a user's trades with $query -> $want", ({ query, want }) => {
    const { engine } = sixTrades();
    const mine = engine.userTrades('bob', 'btcusd', query);
    expect(mine.map((t) => t.id)).toEqual(want);
    expect(mine.every((t) => t.side === 'bid')).toBe(true);
  });

  it('keeps each market and each user apart', () => {
    const { engine } = sixTrades();
    expect(engine.trades('btceur')).toEqual([]);
    expect(engine.userTrades('carol', 'btcusd')).toEqual([]);
  });

  it("uses the contract's limits and default order (X-limits)", () => {
    expect(LIMITS.trades).toEqual(CONTRACT_LIMITS.trades);
    expect(LIMITS.orders).toEqual(CONTRACT_LIMITS.orders);
    expect(LIMITS.orderBook).toEqual(CONTRACT_LIMITS.orderBook);
    expect(DEFAULT_ORDER_BY).toBe('desc');
  });

  it('defaults to 50 trades and never gives more than 1000', () => {
    const { engine } = testEngine({ seed: { a: { btc: '100', usd: '10000000' } } });
    for (let i = 0; i < 1100; i++) engine.placeOrder('a', 'btcusd', sell('1.00', '0.01'));
    engine.placeOrder('a', 'btcusd', buy('1.00', '11'));
    expect(LIMITS.trades).toEqual({ default: 50, max: 1000 });
    expect(engine.trades('btcusd')).toHaveLength(50);
    expect(engine.trades('btcusd', { limit: 5000 })).toHaveLength(1000);
  });
});

describe("a user's orders", () => {
  function orders() {
    const t = testEngine();
    const { engine } = t;
    const a = engine.placeOrder('alice', 'btcusd', sell('30000.00', '1')).id; // done below
    const b = engine.placeOrder('alice', 'btcusd', sell('31000.00', '1')).id; // cancelled below
    const c = engine.placeOrder('alice', 'btcusd', buy('20000.00', '1')).id; // waits
    const d = engine.placeOrder('alice', 'btcusd', buy('21000.00', '1')).id; // waits
    engine.placeOrder('bob', 'btcusd', buy('30000.00', '1'));
    engine.requestCancel('alice', b);
    engine.runPending();
    return { ...t, ids: { a, b, c, d } };
  }

  const cases: { query: Parameters<ReturnType<typeof testEngine>['engine']['orders']>[2]; want: ('a' | 'b' | 'c' | 'd')[] }[] = [
    { query: {}, want: ['d', 'c', 'b', 'a'] },
    { query: { order_by: 'asc' }, want: ['a', 'b', 'c', 'd'] },
    { query: { state: 'wait' }, want: ['d', 'c'] },
    { query: { state: 'done' }, want: ['a'] },
    { query: { state: 'cancel' }, want: ['b'] },
    { query: { limit: 2 }, want: ['d', 'c'] },
    { query: { limit: 2, offset: 1 }, want: ['c', 'b'] },
    { query: { offset: 3 }, want: ['a'] },
    { query: { offset: 4 }, want: [] },
    { query: { state: 'wait', order_by: 'asc', limit: 1 }, want: ['c'] },
  ];
  it.each(cases)('with $query -> $want', ({ query, want }) => {
    const { engine, ids } = orders();
    expect(engine.orders('alice', 'btcusd', query).map((o) => o.id)).toEqual(want.map((k) => ids[k]));
  });

  it('pages every combination of state, order, offset and limit as filtering, ordering and slicing the whole list would', () => {
    const states = ['wait', 'done', 'cancel'] as const;
    const list = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, state: states[(i * 7) % 3]! }) as unknown as OrderRec);
    for (const state of [undefined, ...states]) {
      for (const order_by of [undefined, 'asc', 'desc'] as const) {
        for (const [offset, limit] of [[undefined, undefined], [0, 1], [0, 5], [3, 4], [7, 100], [22, 2], [23, 1], [40, 5], [2, 0], [0, 5000]] as const) {
          const matching = list.filter((o) => state === undefined || o.state === state);
          if ((order_by ?? 'desc') === 'desc') matching.reverse();
          const want = matching.slice(offset ?? 0, (offset ?? 0) + Math.min(limit ?? LIMITS.orders.default, LIMITS.orders.max)).map((o) => o.id);
          const query = { ...(state ? { state } : {}), ...(order_by ? { order_by } : {}), ...(offset !== undefined ? { offset } : {}), ...(limit !== undefined ? { limit } : {}) };
          expect(queryOrders(list, query).map((o) => o.id), JSON.stringify(query)).toEqual(want);
        }
      }
    }
  });

  it('lists nothing on another market or for another user', () => {
    const { engine } = orders();
    expect(engine.orders('alice', 'ethbtc')).toEqual([]);
    expect(engine.orders('carol', 'btcusd')).toEqual([]);
  });
});

describe('order book', () => {
  it('sums remaining volume per price, bids high to low and asks low to high', () => {
    const { engine } = testEngine();
    engine.placeOrder('alice', 'btcusd', buy('29000.00', '1'));
    engine.placeOrder('bob', 'btcusd', buy('29500.00', '0.5'));
    engine.placeOrder('carol', 'btcusd', buy('29000.00', '0.25'));
    engine.placeOrder('alice', 'btcusd', sell('31000.00', '1'));
    engine.placeOrder('bob', 'btcusd', sell('30500.00', '2'));
    engine.placeOrder('carol', 'btcusd', sell('30500.00', '0.1'));
    engine.placeOrder('dave', 'btcusd', buy('30500.00', '0.6')); // takes 0.6 of the 30500.00 level
    expect(engine.orderBook('btcusd')).toEqual({
      timestamp: T0 / 1000,
      bids: [['29500.00', '0.50000000'], ['29000.00', '1.25000000']],
      asks: [['30500.00', '1.50000000'], ['31000.00', '1.00000000']],
    });
    expect(engine.orderBook('btcusd', 1)).toEqual({ timestamp: T0 / 1000, bids: [['29500.00', '0.50000000']], asks: [['30500.00', '1.50000000']] });
  });

  it('drops a cancelled order from its level, and the level when it empties', () => {
    const { engine } = testEngine();
    const a = engine.placeOrder('alice', 'btcusd', buy('29000.00', '1'));
    const b = engine.placeOrder('bob', 'btcusd', buy('29000.00', '0.5'));
    engine.requestCancel('alice', a.id);
    engine.runPending();
    expect(engine.orderBook('btcusd').bids).toEqual([['29000.00', '0.50000000']]);
    engine.requestCancel('bob', b.id);
    engine.runPending();
    expect(engine.orderBook('btcusd')).toMatchObject({ bids: [], asks: [] });
  });
});

describe('ticker', () => {
  it('is all zeros at each precision without trades in the last 24 hours', () => {
    const { engine } = testEngine();
    expect(engine.ticker('ethbtc')).toEqual({
      market: 'ethbtc', at: T0 / 1000, open: '0.00000000', low: '0.00000000', high: '0.00000000', last: '0.00000000', vol: '0.00000000',
    });
  });

  it('summarises the last 24 hours: first, lowest, highest, latest price and summed volume', () => {
    const { engine, advance } = testEngine();
    const trade = (price: string, volume: string) => {
      engine.placeOrder('alice', 'btcusd', sell(price, volume));
      engine.placeOrder('bob', 'btcusd', buy(price, volume));
    };
    trade('25000.00', '1'); // falls out of the window
    advance(3_600_000);
    trade('30000.00', '0.5');
    trade('29000.00', '0.25');
    trade('31000.00', '0.125');
    trade('30500.00', '0.0625');
    advance(23 * 3_600_000 - 1); // 24 h after the first trade, minus 1 ms
    expect(engine.ticker('btcusd').open).toBe('25000.00');
    advance(1);
    expect(engine.ticker('btcusd')).toEqual({
      market: 'btcusd', at: T0 / 1000 + 86_400, open: '30000.00', low: '29000.00', high: '31000.00', last: '30500.00', vol: '0.93750000',
    });
    advance(3_600_000);
    expect(engine.ticker('btcusd')).toMatchObject({ open: '0.00', low: '0.00', high: '0.00', last: '30500.00', vol: '0.00000000' }); // last: the most recent trade, however old (X-ticker)
  });
});
