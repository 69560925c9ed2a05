import { describe, expect, it } from 'vitest';
import { Balance } from './accounts.ts';
import { marketSpec } from './markets.ts';
import { OrderRec, TradeRec, averagePrice, fillToWire, isoTime, orderToWire, tradeToWire } from './records.ts';

const btcusd = marketSpec('btcusd');
const AT = Date.UTC(2026, 0, 31, 12, 0, 0, 250);

function order(side: 'buy' | 'sell', ordType: 'limit' | 'market', price: bigint, volume: bigint): OrderRec {
  return new OrderRec(7, 'u', btcusd, side, ordType, price, volume, AT, new Balance('btc'), new Balance('usd'));
}

describe('orderToWire', () => {
  it('writes a fresh limit order with every field of the Order resource, in order', () => {
    const wire = orderToWire(order('buy', 'limit', 3_000_000n, 50_000_000n));
    expect(wire).toEqual({
      id: 7, side: 'buy', ord_type: 'limit', price: '30000.00', avg_price: '0.00', state: 'wait', market: 'btcusd',
      created_at: '2026-01-31T12:00:00.250Z', volume: '0.50000000', remaining_volume: '0.50000000',
      executed_volume: '0.00000000', trades_count: 0,
    });
    expect(Object.keys(wire)).toEqual([
      'id', 'side', 'ord_type', 'price', 'avg_price', 'state', 'market', 'created_at', 'volume', 'remaining_volume', 'executed_volume', 'trades_count',
    ]);
  });

  it('leaves price out of a market order', () => {
    expect(orderToWire(order('sell', 'market', 0n, 1n))).not.toHaveProperty('price');
  });
});

describe('isoTime', () => {
  it('writes UTC with milliseconds, the same for a repeated instant', () => {
    expect(isoTime(AT)).toBe('2026-01-31T12:00:00.250Z');
    expect(isoTime(AT)).toBe('2026-01-31T12:00:00.250Z');
    expect(isoTime(AT + 1)).toBe('2026-01-31T12:00:00.251Z');
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z');
  });
});

describe('averagePrice', () => {
  // notional = Σ price × volume in quote units × base units (btcusd: prices ×100, volumes ×10^8).
  const cases: { label: string; notional: bigint; executed: bigint; want: bigint }[] = [
    { label: 'no trade', notional: 0n, executed: 0n, want: 0n },
    // One trade of 0.33333333 at 30000.00: the price itself, though its funds round down to 9999.99.
    { label: 'one trade', notional: 3_000_000n * 33_333_333n, executed: 33_333_333n, want: 3_000_000n },
    // 0.25 at 29000.00 and 0.5 at 30000.00: 22250.00 / 0.75 = 29666.666… -> 29666.66 (down).
    { label: 'two prices', notional: 2_900_000n * 25_000_000n + 3_000_000n * 50_000_000n, executed: 75_000_000n, want: 2_966_666n },
  ];
  it.each(cases)('$label -> $want', ({ notional, executed, want }) => {
    const o = order('buy', 'limit', 1n, 100_000_000n);
    o.notional = notional;
    o.executed = executed;
    expect(averagePrice(o)).toBe(want);
  });
});

describe('trades', () => {
  const buyOrder = order('buy', 'limit', 3_000_000n, 100_000_000n);
  const sellOrder = new OrderRec(8, 'v', btcusd, 'sell', 'limit', 2_900_000n, 100_000_000n, AT, new Balance('btc'), new Balance('usd'));
  // Funds 29000.00 × 0.25 = 7250.00 (10-place ledger units); fees 18.125 and, cumulative, 18.1250000001.
  const trade = new TradeRec(3, btcusd, 2_900_000n, 25_000_000n, 72_500_000_000_000n, 'up', AT, buyOrder, sellOrder, 181_250_000_000n, 181_250_000_001n);

  it('writes the public Trade', () => {
    expect(tradeToWire(trade)).toEqual({
      id: 3, price: '29000.00', volume: '0.25000000', funds: '7250.00', market: 'btcusd', trend: 'up', created_at: '2026-01-31T12:00:00.250Z',
    });
  });

  it("writes each side's UserTrade with its side, fee and order id", () => {
    expect(fillToWire(trade, buyOrder)).toMatchObject({ side: 'bid', fee: '18.125', order_id: 7 });
    expect(fillToWire(trade, sellOrder)).toMatchObject({ side: 'ask', fee: '18.1250000001', order_id: 8 });
  });
});
