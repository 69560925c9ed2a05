import { describe, expect, it } from 'vitest';
import { createEngine } from './engine.ts';
import { EngineError } from './errors.ts';
import { MARKETS } from './markets.ts';
import { T0, buy, held, marketSell, sell, testEngine } from './testkit.ts';

describe('asynchronous cancel', () => {
  it('answers with the order still waiting and cancels it when the scheduler runs', () => {
    const { engine, scheduled, runScheduled } = testEngine();
    const order = engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
    const answer = engine.requestCancel('alice', order.id);
    expect(answer).toEqual(order); // still wait, nothing changed yet
    expect(scheduled).toHaveLength(1);
    expect(engine.order('alice', order.id).state).toBe('wait');
    expect(engine.orderBook('btcusd').asks).toHaveLength(1);
    runScheduled();
    expect(engine.order('alice', order.id)).toMatchObject({ state: 'cancel', remaining_volume: '1.00000000' });
    expect(engine.orderBook('btcusd').asks).toEqual([]);
    expect(held(engine, 'alice', 'btc')).toEqual(['10.00000000', '0.00000000']);
  });

  it('lets the order trade until the cancel is applied; a cancel that finds it done does nothing', () => {
    const { engine } = testEngine();
    const order = engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
    engine.requestCancel('alice', order.id);
    engine.placeOrder('bob', 'btcusd', buy('30000.00', '1'));
    expect(engine.runPending()).toBe(1);
    expect(engine.order('alice', order.id).state).toBe('done');
  });

  it('refuses to cancel a finished order (2003) and hides unknown and foreign orders (2004)', () => {
    const { engine } = testEngine();
    const done = engine.placeOrder('alice', 'btcusd', marketSell('1')); // empty book: cancelled at once
    expect(() => engine.requestCancel('alice', done.id)).toThrow(
      new EngineError(2003, `Failed to cancel order ${done.id}: it is already cancelled`),
    );
    engine.placeOrder('bob', 'btcusd', buy('30000.00', '1'));
    const filled = engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
    expect(() => engine.requestCancel('alice', filled.id)).toThrow(
      new EngineError(2003, `Failed to cancel order ${filled.id}: it is already fully executed (done)`),
    );
    expect(() => engine.requestCancel('alice', 999)).toThrow(new EngineError(2004, 'Order 999 does not exist'));
    expect(() => engine.requestCancel('bob', filled.id)).toThrow(new EngineError(2004, `Order ${filled.id} does not exist`));
    expect(() => engine.order('bob', filled.id)).toThrow(new EngineError(2004, `Order ${filled.id} does not exist`));
  });
});

describe('clear', () => {
  function book() {
    const t = testEngine();
    const { engine } = t;
    const ids = {
      btcBid: engine.placeOrder('alice', 'btcusd', buy('29000.00', '1')).id,
      btcAsk: engine.placeOrder('alice', 'btcusd', sell('31000.00', '1')).id,
      ethBid: engine.placeOrder('alice', 'ethbtc', buy('0.05', '1')).id,
      ethAsk: engine.placeOrder('alice', 'ethbtc', sell('0.06', '1')).id,
      bobs: engine.placeOrder('bob', 'btcusd', buy('28000.00', '1')).id,
    };
    return { ...t, ids };
  }

  const cases: { filter: { side?: 'buy' | 'sell'; market?: 'btcusd' | 'ethbtc' }; want: ('btcBid' | 'btcAsk' | 'ethBid' | 'ethAsk')[] }[] = [
    { filter: {}, want: ['btcBid', 'btcAsk', 'ethBid', 'ethAsk'] },
    { filter: { side: 'sell' }, want: ['btcAsk', 'ethAsk'] },
    { filter: { side: 'buy' }, want: ['btcBid', 'ethBid'] },
    { filter: { market: 'ethbtc' }, want: ['ethBid', 'ethAsk'] },
    { filter: { side: 'buy', market: 'btcusd' }, want: ['btcBid'] },
  ];
  it.each(cases)('with $filter requests the cancel of $want only', ({ filter, want }) => {
    const { engine, ids } = book();
    const answered = engine.clear('alice', filter);
    expect(answered.map((o) => o.id)).toEqual(want.map((k) => ids[k]));
    expect(answered.every((o) => o.state === 'wait')).toBe(true);
    engine.runPending();
    const cancelled = Object.entries(ids).filter(([k, id]) => k !== 'bobs' && engine.order('alice', id).state === 'cancel');
    expect(cancelled.map(([k]) => k)).toEqual(want);
    expect(engine.order('bob', ids.bobs).state).toBe('wait');
  });

  it('skips finished orders and answers an empty list when nothing waits', () => {
    const { engine } = testEngine();
    expect(engine.clear('alice')).toEqual([]);
  });
});

describe('reads', () => {
  it('gives an order with its trades as the user saw them', () => {
    const { engine } = testEngine();
    const ask = engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
    engine.placeOrder('bob', 'btcusd', buy('30000.00', '0.25'));
    engine.placeOrder('carol', 'btcusd', buy('30000.00', '0.25'));
    const withTrades = engine.order('alice', ask.id);
    expect(withTrades.trades).toEqual([
      { id: 1, price: '30000.00', volume: '0.25000000', funds: '7500.00', market: 'btcusd', trend: 'up', created_at: '2026-01-31T12:00:00.000Z', side: 'ask', fee: '18.75', order_id: ask.id },
      { id: 2, price: '30000.00', volume: '0.25000000', funds: '7500.00', market: 'btcusd', trend: 'up', created_at: '2026-01-31T12:00:00.000Z', side: 'ask', fee: '18.75', order_id: ask.id },
    ]);
    expect(withTrades).toMatchObject({ trades_count: 2, executed_volume: '0.50000000', avg_price: '30000.00' });
  });

  it('answers the exchange data and the time', () => {
    const { engine, advance } = testEngine();
    expect(engine.markets()).toEqual(MARKETS);
    expect(engine.currencies()).toHaveLength(9);
    expect(engine.timestamp()).toBe(T0 / 1000);
    advance(1999);
    expect(engine.timestamp()).toBe(T0 / 1000 + 1);
    expect(engine.tickers().map((t) => t.market)).toEqual(MARKETS.map((m) => m.id));
  });
});

describe('reset and options', () => {
  it('goes back to the seeded balances with ids from 1 and no pending cancels', () => {
    const { engine, runScheduled } = testEngine();
    const order = engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
    engine.placeOrder('bob', 'btcusd', buy('30000.00', '0.5'));
    engine.requestCancel('alice', order.id);
    engine.reset();
    runScheduled();
    expect(held(engine, 'alice', 'btc')).toEqual(['10.00000000', '0.00000000']);
    expect(held(engine, '(house)', 'usd')).toEqual(['0.00', '0.00']);
    expect(engine.trades('btcusd')).toEqual([]);
    expect(engine.placeOrder('alice', 'btcusd', sell('30000.00', '1')).id).toBe(1);
  });

  it('uses the sandbox seed, the system clock and a 0.25 % fee by default', () => {
    const engine = createEngine();
    expect(engine.balances('demo-trader-2').find((a) => a.currency === 'usd')?.balance).toBe('1000000.00');
    expect(Math.abs(engine.timestamp() - Date.now() / 1000)).toBeLessThan(2);
    expect(engine.fee.text).toBe('0.0025');
  });

  it('takes another fee rate', () => {
    const { engine } = testEngine({ feeRate: '0.001' });
    engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
    engine.placeOrder('bob', 'btcusd', buy('30000.00', '1'));
    expect(held(engine, '(house)', 'usd')).toEqual(['60.00', '0.00']);
  });
});
