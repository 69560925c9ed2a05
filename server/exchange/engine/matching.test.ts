import { describe, expect, it } from 'vitest';
import { buy, held, marketBuy, marketSell, sell, testEngine } from './testkit.ts';

describe('a limit order meeting the book', () => {
  it('trades at the maker price, moves funds and fees to the last cent, and keeps the rest resting', () => {
    const { engine } = testEngine();
    const ask = engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
    expect(held(engine, 'alice', 'btc')).toEqual(['10.00000000', '1.00000000']);

    // Bob bids above the ask: locks 0.4 × 30100.00 = 12040.00 plus 0.25 % = 30.10.
    const bid = engine.placeOrder('bob', 'btcusd', buy('30100.00', '0.4'));
    expect(bid).toMatchObject({
      state: 'done', price: '30100.00', avg_price: '30000.00', volume: '0.40000000',
      remaining_volume: '0.00000000', executed_volume: '0.40000000', trades_count: 1,
    });
    expect(engine.order('alice', ask.id)).toMatchObject({
      state: 'wait', remaining_volume: '0.60000000', executed_volume: '0.40000000', avg_price: '30000.00', trades_count: 1,
    });
    // Funds 0.4 × 30000.00 = 12000.00, fee 30.00 a side. Bob pays 12030.00 and gets the unused
    // lock (10.10 of price improvement) back; Alice receives 11970.00.
    expect(held(engine, 'bob', 'usd')).toEqual(['87970.00', '0.00']);
    expect(held(engine, 'bob', 'btc')).toEqual(['10.40000000', '0.00000000']);
    expect(held(engine, 'alice', 'usd')).toEqual(['111970.00', '0.00']);
    expect(held(engine, 'alice', 'btc')).toEqual(['9.60000000', '0.60000000']);
    expect(held(engine, '(house)', 'usd')).toEqual(['60.00', '0.00']);

    expect(engine.trades('btcusd')).toEqual([
      { id: 1, price: '30000.00', volume: '0.40000000', funds: '12000.00', market: 'btcusd', trend: 'up', created_at: '2026-01-31T12:00:00.000Z' },
    ]);
    expect(engine.userTrades('bob', 'btcusd')[0]).toMatchObject({ side: 'bid', fee: '30.00', order_id: bid.id });
    expect(engine.userTrades('alice', 'btcusd')[0]).toMatchObject({ side: 'ask', fee: '30.00', order_id: ask.id });
  });

  it('keeps funds exact and rounds fees down to the ledger unit (X-fee)', () => {
    const { engine } = testEngine();
    engine.placeOrder('alice', 'btcusd', buy('30000.00', '0.12345678'));
    // Locked: 3703.7034 exactly plus fee 9.2592585.
    expect(held(engine, 'alice', 'usd')).toEqual(['100000.00', '3712.9626585']);
    engine.placeOrder('bob', 'btcusd', sell('29000.00', '0.12345678'));
    expect(engine.trades('btcusd')[0]).toMatchObject({ price: '30000.00', funds: '3703.7034', trend: 'down' });
    expect(held(engine, 'alice', 'usd')).toEqual(['96287.0373415', '0.00']);
    expect(held(engine, 'bob', 'usd')).toEqual(['103694.4441415', '0.00']);
    expect(held(engine, '(house)', 'usd')).toEqual(['18.518517', '0.00']);
  });

  it('pays a seller the exact product: 100.40 × 0.02160433 = 2.169074732, less its fee', () => {
    const { engine } = testEngine();
    engine.placeOrder('alice', 'btcusd', buy('100.40', '0.02160433'));
    engine.placeOrder('bob', 'btcusd', sell('100.40', '0.02160433'));
    expect(engine.trades('btcusd')[0]).toMatchObject({ funds: '2.169074732' });
    // fee 0.25 % of 2.169074732 = 0.00542268683 -> 0.0054226868 (10 places).
    expect(engine.userTrades('bob', 'btcusd')[0]).toMatchObject({ side: 'ask', fee: '0.0054226868' });
    expect(held(engine, 'bob', 'usd')).toEqual(['100002.1636520452', '0.00']);
  });

  it('fills best price first, then oldest first within a price', () => {
    const { engine, advance } = testEngine();
    const worse = engine.placeOrder('alice', 'btcusd', sell('30010.00', '1'));
    advance(1000);
    const first = engine.placeOrder('bob', 'btcusd', sell('30000.00', '1'));
    advance(1000);
    const second = engine.placeOrder('carol', 'btcusd', sell('30000.00', '1'));
    advance(1000);
    const third = engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
    const taker = engine.placeOrder('dave', 'btcusd', buy('30010.00', '2.5'));
    expect(taker.state).toBe('done');
    expect(engine.order('dave', taker.id).trades.map((t) => [t.price, t.volume])).toEqual([
      ['30000.00', '1.00000000'], ['30000.00', '1.00000000'], ['30000.00', '0.50000000'],
    ]);
    expect(engine.order('bob', first.id).state).toBe('done');
    expect(engine.order('carol', second.id).state).toBe('done');
    expect(engine.order('alice', third.id)).toMatchObject({ state: 'wait', remaining_volume: '0.50000000' });
    expect(engine.order('alice', worse.id)).toMatchObject({ state: 'wait', executed_volume: '0.00000000' });
    expect(engine.orderBook('btcusd').asks).toEqual([['30000.00', '0.50000000'], ['30010.00', '1.00000000']]);
  });

  it('rests without trading when the prices do not cross', () => {
    const { engine } = testEngine();
    engine.placeOrder('alice', 'btcusd', sell('30000.01', '1'));
    const bid = engine.placeOrder('bob', 'btcusd', buy('30000.00', '1'));
    expect(bid.state).toBe('wait');
    expect(engine.trades('btcusd')).toEqual([]);
  });

  it('lets a user trade with their own order (both fees charged)', () => {
    const { engine } = testEngine();
    engine.placeOrder('alice', 'btcusd', sell('100.00', '1'));
    engine.placeOrder('alice', 'btcusd', buy('100.00', '1'));
    expect(held(engine, 'alice', 'usd')).toEqual(['99999.50', '0.00']);
    expect(held(engine, 'alice', 'btc')).toEqual(['10.00000000', '0.00000000']);
    expect(engine.userTrades('alice', 'btcusd').map((t) => t.side)).toEqual(['ask', 'bid']);
  });
});

describe('dust: no trade is ever worth less than one quote unit', () => {
  it('cancels a resting remainder that became dust, releasing its lock', () => {
    const { engine } = testEngine();
    const ask = engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
    engine.placeOrder('bob', 'btcusd', buy('30000.00', '0.9999999')); // leaves 0.0000001 BTC = 0.003 USD
    expect(engine.order('alice', ask.id)).toMatchObject({ state: 'cancel', remaining_volume: '0.00000010', executed_volume: '0.99999990' });
    expect(held(engine, 'alice', 'btc')).toEqual(['9.00000010', '0.00000000']);
    expect(engine.orderBook('btcusd').asks).toEqual([]);
  });

  it('takes a dust remainder cancelled at a level out of the total of that level, the other orders there staying', () => {
    const { engine } = testEngine();
    const ask = engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
    engine.placeOrder('carol', 'btcusd', sell('30000.00', '0.5'));
    engine.placeOrder('bob', 'btcusd', buy('30000.00', '0.9999999')); // leaves Alice 0.0000001 BTC = 0.003 USD
    expect(engine.order('alice', ask.id)).toMatchObject({ state: 'cancel', remaining_volume: '0.00000010' });
    expect(engine.orderBook('btcusd').asks).toEqual([['30000.00', '0.50000000']]); // Carol's 0.5, nothing of Alice's cancelled dust
  });

  it('cancels a taker remainder that is dust instead of resting it', () => {
    const { engine } = testEngine();
    engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
    const bid = engine.placeOrder('bob', 'btcusd', buy('30000.00', '1.0000001'));
    expect(bid).toMatchObject({ state: 'cancel', remaining_volume: '0.00000010', executed_volume: '1.00000000' });
    expect(held(engine, 'bob', 'usd')).toEqual(['69925.00', '0.00']);
    expect(engine.orderBook('btcusd').bids).toEqual([]);
  });

  it('stops a taker whose remainder is dust at the best price', () => {
    const { engine } = testEngine();
    engine.placeOrder('alice', 'btcusd', buy('30000.00', '1'));
    const ask = engine.placeOrder('bob', 'btcusd', marketSell('0.0000003')); // 0.009 USD
    expect(ask).toMatchObject({ state: 'cancel', executed_volume: '0.00000000' });
    expect(engine.trades('btcusd')).toEqual([]);
  });
});

describe('market orders (X6)', () => {
  it('sweeps the book and cancels what cannot fill', () => {
    const { engine } = testEngine();
    engine.placeOrder('alice', 'btcusd', buy('30000.00', '0.5'));
    engine.placeOrder('bob', 'btcusd', buy('29000.00', '0.25'));
    const order = engine.placeOrder('carol', 'btcusd', marketSell('1'));
    expect(order).toEqual({
      id: 3, side: 'sell', ord_type: 'market', avg_price: '29666.66', state: 'cancel', market: 'btcusd',
      created_at: '2026-01-31T12:00:00.000Z', volume: '1.00000000', remaining_volume: '0.25000000',
      executed_volume: '0.75000000', trades_count: 2,
    });
    expect(order).not.toHaveProperty('price');
    // 15000.00 + 7250.00 = 22250.00, minus fees 37.50 + 18.125 = 55.625; the unfilled 0.25 is unlocked.
    expect(held(engine, 'carol', 'usd')).toEqual(['122194.375', '0.00']);
    expect(held(engine, 'carol', 'btc')).toEqual(['9.25000000', '0.00000000']);
  });

  it('is done when it fills completely', () => {
    const { engine } = testEngine();
    engine.placeOrder('alice', 'btcusd', sell('30000.00', '2'));
    expect(engine.placeOrder('bob', 'btcusd', marketBuy('1.5'))).toMatchObject({ state: 'done', executed_volume: '1.50000000' });
  });

  it('is cancelled with nothing executed on an empty book', () => {
    const { engine } = testEngine();
    const order = engine.placeOrder('bob', 'btcusd', marketBuy('1'));
    expect(order).toMatchObject({ state: 'cancel', executed_volume: '0.00000000', avg_price: '0.00', trades_count: 0 });
    expect(held(engine, 'bob', 'usd')).toEqual(['100000.00', '0.00']);
  });

  it('buys as far as the available quote balance goes, fee included, to the satoshi', () => {
    const { engine } = testEngine({ seed: { alice: { btc: '10' }, erin: { usd: '1000' } } });
    engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
    const order = engine.placeOrder('erin', 'btcusd', marketBuy('1'));
    // 1000.00 pays at most funds 997.506234414 + fee; the most BTC worth no more than that is
    // 0.03325020 (funds 997.506 exactly, fee 2.493765). The 0.000235 left buys nothing worth a cent.
    expect(order).toMatchObject({ state: 'cancel', executed_volume: '0.03325020', remaining_volume: '0.96674980' });
    expect(engine.trades('btcusd')).toEqual([expect.objectContaining({ volume: '0.03325020', funds: '997.506' })]);
    expect(held(engine, 'erin', 'usd')).toEqual(['0.000235', '0.00']);
    expect(held(engine, 'erin', 'btc')).toEqual(['0.03325020', '0.00000000']);
    expect(held(engine, '(house)', 'usd')).toEqual(['4.98753', '0.00']);
  });
});
