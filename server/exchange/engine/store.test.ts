import { describe, expect, it } from 'vitest';
import { marketSpec } from './markets.ts';
import { OrderRec, TradeRec } from './records.ts';
import { MemoryStore } from './store.ts';

function setup() {
  const store = new MemoryStore();
  const spec = marketSpec('btcusd');
  const make = (userId: string, side: 'buy' | 'sell') =>
    new OrderRec(store.nextOrderId(), userId, spec, side, 'limit', 100n, 1n, 0, store.ledger.account(userId, 'btc'), store.ledger.account(userId, 'usd'));
  return { store, spec, make };
}

describe('MemoryStore', () => {
  it('hands out increasing ids and finds orders by id', () => {
    const { store, make } = setup();
    const a = make('alice', 'buy');
    const b = make('bob', 'sell');
    store.addOrder(a);
    store.addOrder(b);
    expect([a.id, b.id]).toEqual([1, 2]);
    expect(store.order(2)).toBe(b);
    expect(store.order(3)).toBeUndefined();
    expect(store.order(0)).toBeUndefined();
    expect(store.order(1.5)).toBeUndefined();
    expect(store.userOrders('alice', 'btcusd')).toEqual([a]);
    expect(store.userOrders('alice', 'ethbtc')).toEqual([]);
  });

  it('records a trade for its market and a fill for each side', () => {
    const { store, spec, make } = setup();
    const a = make('alice', 'buy');
    const b = make('bob', 'sell');
    const trade = new TradeRec(store.nextTradeId(), spec, 100n, 1n, 1n, 'down', 0, a, b, 0n, 0n);
    store.addTrade(trade);
    expect(store.marketTrades('btcusd')).toEqual([trade]);
    expect(store.userFills('alice', 'btcusd')).toMatchObject({ trades: [trade], orders: [a] });
    expect(store.userFills('bob', 'btcusd')).toMatchObject({ trades: [trade], orders: [b] });
    expect(store.userFills('carol', 'btcusd').trades).toEqual([]);
    expect([a.firstFill, b.firstFill]).toEqual([0, 0]);
  });

  it("finds an order's trades from its first fill, a self-trade's two fills apart", () => {
    const { store, spec, make } = setup();
    const a = make('alice', 'buy');
    const b = make('alice', 'sell');
    const c = make('alice', 'buy');
    const t1 = new TradeRec(store.nextTradeId(), spec, 100n, 1n, 1n, 'down', 0, a, b, 0n, 0n);
    const t2 = new TradeRec(store.nextTradeId(), spec, 100n, 1n, 1n, 'up', 0, c, b, 0n, 0n);
    for (const [trade, orders] of [[t1, [a, b]], [t2, [c, b]]] as const) {
      orders.forEach((o) => o.tradesCount++);
      store.addTrade(trade);
    }
    const log = store.userFills('alice', 'btcusd');
    expect(log.orders).toEqual([a, b, c, b]);
    expect(log.tradesOf(a)).toEqual([t1]);
    expect(log.tradesOf(b)).toEqual([t1, t2]);
    expect(log.tradesOf(c)).toEqual([t2]);
    expect(log.tradesOf(make('alice', 'buy'))).toEqual([]);
  });

  it('forgets everything on reset and has a book for every market', () => {
    const { store, make } = setup();
    store.addOrder(make('alice', 'buy'));
    store.ledger.account('alice', 'usd').balance = 5n;
    store.reset();
    expect(store.order(1)).toBeUndefined();
    expect(store.userOrders('alice', 'btcusd')).toEqual([]);
    expect(store.ledger.total('usd')).toBe(0n);
    expect(store.nextOrderId()).toBe(1);
    expect(store.nextTradeId()).toBe(1);
    expect(store.book('xvgusd').bids.levels).toEqual([]);
  });

  it("keeps a user's orders by state: each state's list is what filtering every order would give, in id order, however orders end", () => {
    const { store, make } = setup();
    const orders: OrderRec[] = [];
    const states = ['wait', 'done', 'cancel'] as const;
    const check = () => {
      for (const state of states) {
        expect(store.userOrders('alice', 'btcusd', state).map((o) => o.id), state).toEqual(orders.filter((o) => o.state === state).map((o) => o.id));
      }
      expect(store.userOrders('alice', 'btcusd').map((o) => o.id)).toEqual(orders.map((o) => o.id));
    };
    // Orders end out of their id order, between looks and without any; some end as soon as they come.
    for (let round = 0; round < 12; round++) {
      for (let i = 0; i < 5; i++) {
        const o = make('alice', i % 2 === 0 ? 'buy' : 'sell');
        store.addOrder(o);
        orders.push(o);
        if ((round + i) % 4 === 0) o.state = 'done';
      }
      const waiting = orders.filter((o) => o.state === 'wait');
      for (const [k, o] of waiting.entries()) if ((k * 5 + round) % 3 === 0) o.state = k % 2 === 0 ? 'cancel' : 'done';
      if (round % 3 !== 2) check();
    }
    check();
    expect(store.userOrders('alice', 'btcusd', 'cancel').length).toBeGreaterThan(3);
    expect(store.userOrders('alice', 'btcusd', 'wait').length).toBeGreaterThan(3);
    expect(store.userOrders('bob', 'btcusd', 'wait')).toEqual([]);
  });
});
