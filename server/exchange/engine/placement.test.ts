import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { buy, held, marketBuy, marketSell, sell, testEngine } from './testkit.ts';
import type { OrderInput } from './wire.ts';

function rejection(run: () => unknown): EngineError {
  try {
    run();
  } catch (error) {
    if (error instanceof EngineError) return error;
    throw error;
  }
  throw new Error('expected an EngineError');
}

describe('order validation', () => {
  // The rules of the book: 2002 with the reason.
  const rejected: { input: OrderInput; market?: string; reason: string }[] = [
    { input: buy('30000.001', '1'), reason: "price: '30000.001' has more than 2 decimal places (at most 2 allowed)" },
    { input: buy('30000', '0.123456789'), reason: "volume: '0.123456789' has more than 8 decimal places (at most 8 allowed)" },
    { input: sell('0.00000021', '1.00001'), market: 'xvgbtc', reason: "volume: '1.00001' has more than 4 decimal places (at most 4 allowed)" },
    { input: buy('30000', '0'), reason: 'volume must be greater than 0' },
    { input: buy('0', '1'), reason: 'price must be greater than 0' },
    { input: buy('0.01', '0.5'), reason: 'price × volume is below the smallest usd amount (0.01)' },
  ];
  it.each(rejected)('2002: $reason', ({ input, market, reason }) => {
    const { engine } = testEngine();
    const error = rejection(() => engine.placeOrder('alice', (market ?? 'btcusd') as never, input));
    expect(error.code).toBe(2002);
    expect(error.message).toBe(`Failed to create order: ${reason}`);
    expect(engine.orders('alice', 'btcusd')).toEqual([]);
  });

  // What the contract's schema already rules out (X-orders): 1001 naming the parameter.
  const invalid: { input: unknown; message: string }[] = [
    { input: buy('30000', '-1'), message: "volume: '-1' is not a decimal number (1 to 24 digits, optionally '.' and more digits)" },
    { input: buy('3e4', '1'), message: "price: '3e4' is not a decimal number (1 to 24 digits, optionally '.' and more digits)" },
    { input: { side: 'buy', ord_type: 'limit', volume: '1' }, message: 'price: is required for a limit order' },
    { input: { side: 'buy', ord_type: 'market', volume: '1', price: '1' }, message: 'price: must be absent for a market order (it takes the prices of the book)' },
    { input: { side: 'hold', ord_type: 'limit', volume: '1', price: '1' }, message: "side: must be 'buy' or 'sell', got 'hold'" },
    { input: { side: 'buy', ord_type: 'stop', volume: '1' }, message: "ord_type: must be 'limit' or 'market', got 'stop'" },
    { input: { side: 'buy', ord_type: 'limit', volume: 1, price: '1' }, message: 'volume: must be a decimal string' },
  ];
  it.each(invalid)('1001: $message', ({ input, message }) => {
    const { engine } = testEngine();
    expect(rejection(() => engine.placeOrder('alice', 'btcusd', input as OrderInput))).toEqual(new EngineError(1001, message));
  });

  it('answers 1001 naming market for an unknown market', () => {
    const { engine } = testEngine();
    expect(rejection(() => engine.placeOrder('alice', 'dogeusd' as never, buy('1', '1')))).toEqual(
      new EngineError(1001, "market: unknown market 'dogeusd'"),
    );
  });
});

describe('locks', () => {
  it('locks price × volume plus the fee for a limit buy, and the volume for a limit sell', () => {
    const { engine } = testEngine();
    engine.placeOrder('alice', 'btcusd', buy('30000.00', '0.5'));
    expect(held(engine, 'alice', 'usd')).toEqual(['100000.00', '15037.50']);
    engine.placeOrder('alice', 'btcusd', sell('31000.00', '2.5'));
    expect(held(engine, 'alice', 'btc')).toEqual(['10.00000000', '2.50000000']);
    expect(engine.balances('alice').find((a) => a.currency === 'usd')?.available).toBe('84962.50');
  });

  it('refuses an order the available balance cannot cover, naming what is missing', () => {
    const { engine } = testEngine();
    engine.placeOrder('alice', 'btcusd', buy('30000.00', '3'));
    expect(rejection(() => engine.placeOrder('alice', 'btcusd', buy('10000.00', '1')))).toEqual(
      new EngineError(2002, 'Failed to create order: insufficient usd: needs 10025.00, available 9775.00'),
    );
    expect(rejection(() => engine.placeOrder('alice', 'btcusd', sell('40000.00', '10.00000001')))).toEqual(
      new EngineError(2002, 'Failed to create order: insufficient btc: needs 10.00000001, available 10.00000000'),
    );
    expect(rejection(() => engine.placeOrder('nobody', 'btcusd', marketBuy('1')))).toEqual(
      new EngineError(2002, 'Failed to create order: insufficient usd for a market buy: available 0.00'),
    );
    expect(rejection(() => engine.placeOrder('nobody', 'btcusd', marketSell('1')))).toEqual(
      new EngineError(2002, 'Failed to create order: insufficient btc: needs 1.00000000, available 0.00000000'),
    );
    // Refused orders take no id.
    expect(engine.placeOrder('alice', 'btcusd', sell('40000.00', '1')).id).toBe(2);
  });

  it('releases the remaining lock on cancel', () => {
    const { engine } = testEngine();
    const order = engine.placeOrder('alice', 'btcusd', buy('30000.00', '1'));
    engine.placeOrder('bob', 'btcusd', sell('30000.00', '0.25'));
    expect(held(engine, 'alice', 'usd')).toEqual(['92481.25', '22556.25']);
    engine.requestCancel('alice', order.id);
    engine.runPending();
    expect(held(engine, 'alice', 'usd')).toEqual(['92481.25', '0.00']);
  });
});

describe('placeMany (all or nothing)', () => {
  it('places every order in array order, the later ones able to meet the earlier', () => {
    const { engine } = testEngine();
    const orders = engine.placeMany('alice', 'ethbtc', [sell('0.05', '1'), buy('0.05', '0.4'), marketBuy('0.1')]);
    expect(orders.map((o) => [o.id, o.side, o.ord_type, o.state, o.executed_volume])).toEqual([
      [1, 'sell', 'limit', 'wait', '0.50000000'],
      [2, 'buy', 'limit', 'done', '0.40000000'],
      [3, 'buy', 'market', 'done', '0.10000000'],
    ]);
    expect(held(engine, 'alice', 'eth')).toEqual(['100.00000000', '0.50000000']);
  });

  it('places nothing when one order is refused, naming its index', () => {
    const { engine } = testEngine();
    const error = rejection(() => engine.placeMany('alice', 'btcusd', [buy('100.00', '1'), sell('200.00', '0.000000001')]));
    expect(error.message).toBe("Failed to create order: orders[1]: volume: '0.000000001' has more than 8 decimal places (at most 8 allowed)");
    expect(error.index).toBe(1);
    expect(engine.orders('alice', 'btcusd')).toEqual([]);
    expect(held(engine, 'alice', 'usd')).toEqual(['100000.00', '0.00']);
  });

  it('names the index and the parameter of an invalid order (1001)', () => {
    const { engine } = testEngine();
    const error = rejection(() => engine.placeMany('alice', 'btcusd', [buy('100.00', '1'), { side: 'buy', ord_type: 'limit', volume: '1' } as never]));
    expect(error).toEqual(new EngineError(1001, 'orders[1].price: is required for a limit order', 1));
    expect(engine.orders('alice', 'btcusd')).toEqual([]);
  });

  it('places nothing when the orders together need more than is available, naming the first short one', () => {
    const { engine } = testEngine();
    const error = rejection(() =>
      engine.placeMany('alice', 'btcusd', [buy('30000.00', '2'), sell('40000.00', '10'), buy('30000.00', '1.5')]),
    );
    expect(error).toEqual(new EngineError(2002, 'Failed to create order: orders[2]: insufficient usd: orders[0..2] need 105262.50, available 100000.00', 2));
    expect(engine.orders('alice', 'btcusd')).toEqual([]);
    expect(held(engine, 'alice', 'btc')).toEqual(['10.00000000', '0.00000000']);
  });

  it('refuses a market buy with nothing left after the other orders, and an empty batch', () => {
    const { engine } = testEngine({ seed: { alice: { usd: '100.25' } } });
    expect(rejection(() => engine.placeMany('alice', 'btcusd', [buy('100.00', '1'), marketBuy('1')])).message).toBe(
      'Failed to create order: orders[1]: insufficient usd for a market buy: available 0.00',
    );
    expect(rejection(() => engine.placeMany('alice', 'btcusd', [])).message).toBe('Failed to create order: orders must hold at least one order');
  });

  it('cancels a second market buy whose funds the first one spent (X6: what cannot fill is cancelled)', () => {
    const { engine } = testEngine({ seed: { alice: { usd: '1002.50' }, bob: { btc: '1' } } });
    engine.placeOrder('bob', 'btcusd', sell('1000.00', '1'));
    const [first, second] = engine.placeMany('alice', 'btcusd', [marketBuy('1'), marketBuy('1')]);
    expect(first).toMatchObject({ state: 'done', executed_volume: '1.00000000' });
    expect(second).toMatchObject({ state: 'cancel', executed_volume: '0.00000000' });
    expect(held(engine, 'alice', 'usd')).toEqual(['0.00', '0.00']);
  });
});
