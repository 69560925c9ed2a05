// The engine's outputs carry exactly the fields of the document's resources (section 2 of the
// exchange document, copied here by hand), with the document's types, so an HTTP layer can
// return them as they are.
import { describe, expect, it } from 'vitest';
import { EXCHANGE_DECIMAL_PATTERN } from '../../../contracts/shared/primitives.ts';
import {
  AccountSchema, CurrencySchema, MarketSchema, OrderBookSchema, OrderSchema, OrderWithTradesSchema, TickerSchema, TradeSchema, UserTradeSchema,
} from '../../../contracts/exchange/schemas.ts';
import { buy, marketSell, sell, testEngine } from './testkit.ts';

const DOCUMENT = {
  Market: { id: 'string', name: 'string', base_unit: 'string', quote_unit: 'string', base_precision: 'integer', quote_precision: 'integer' },
  Currency: { symbol: 'string', name: 'string', deposit_enabled: 'boolean', withdrawal_enabled: 'boolean' },
  Ticker: { market: 'string', at: 'integer', open: 'decimal', low: 'decimal', high: 'decimal', last: 'decimal', vol: 'decimal' },
  OrderBook: { timestamp: 'integer', bids: 'list', asks: 'list' },
  Trade: { id: 'integer', price: 'decimal', volume: 'decimal', funds: 'decimal', market: 'string', trend: 'string', created_at: 'iso' },
  UserTrade: {
    id: 'integer', price: 'decimal', volume: 'decimal', funds: 'decimal', market: 'string', trend: 'string', created_at: 'iso',
    side: 'string', fee: 'decimal', order_id: 'integer',
  },
  Account: { currency: 'string', balance: 'decimal', locked: 'decimal', available: 'decimal' },
  Order: {
    id: 'integer', side: 'string', ord_type: 'string', price: 'decimal', avg_price: 'decimal', state: 'string', market: 'string',
    created_at: 'iso', volume: 'decimal', remaining_volume: 'decimal', executed_volume: 'decimal', trades_count: 'integer',
  },
} as const;

type Kind = 'string' | 'integer' | 'boolean' | 'decimal' | 'iso' | 'list';
const CHECKS: Record<Kind, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  decimal: (v) => typeof v === 'string' && new RegExp(EXCHANGE_DECIMAL_PATTERN).test(v),
  iso: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v),
  list: (v) => Array.isArray(v),
};

function expectShape(value: object, resource: keyof typeof DOCUMENT, optional: string[] = []): void {
  const fields = DOCUMENT[resource] as Record<string, Kind>;
  const want = Object.keys(fields).filter((k) => !optional.includes(k) || k in value);
  expect(Object.keys(value).sort()).toEqual(want.sort());
  for (const [key, v] of Object.entries(value)) expect({ [key]: CHECKS[fields[key] as Kind](v) }).toEqual({ [key]: true });
}

describe('wire shapes match the document', () => {
  const { engine } = testEngine();
  const ask = engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
  engine.placeOrder('bob', 'btcusd', buy('29000.00', '1'));
  const taker = engine.placeOrder('bob', 'btcusd', buy('30000.00', '0.5'));
  const market = engine.placeOrder('carol', 'btcusd', marketSell('0.25'));

  it('Market and Currency', () => {
    engine.markets().forEach((m) => expectShape(m, 'Market'));
    engine.currencies().forEach((c) => expectShape(c, 'Currency'));
  });

  it('Ticker and OrderBook (levels are [price, volume] string pairs)', () => {
    engine.tickers().forEach((t) => expectShape(t, 'Ticker'));
    const book = engine.orderBook('btcusd');
    expectShape(book, 'OrderBook');
    for (const level of [...book.bids, ...book.asks]) {
      expect(level).toHaveLength(2);
      level.forEach((v) => expect(CHECKS.decimal(v)).toBe(true));
    }
  });

  it('Trade and UserTrade', () => {
    engine.trades('btcusd').forEach((t) => expectShape(t, 'Trade'));
    engine.userTrades('bob', 'btcusd').forEach((t) => expectShape(t, 'UserTrade'));
  });

  it('Account', () => {
    engine.balances('alice').forEach((a) => expectShape(a, 'Account'));
  });

  it('Order (price absent for market orders) and OrderWithTrades', () => {
    [ask, taker, market].forEach((o) => expectShape(o, 'Order', ['price']));
    expect(market).not.toHaveProperty('price');
    const { trades, ...order } = engine.order('alice', ask.id);
    expectShape(order, 'Order');
    expect(trades).toHaveLength(1);
    trades.forEach((t) => expectShape(t, 'UserTrade'));
  });

  it('uses the enumerations of the document', () => {
    const orders = engine.orders('bob', 'btcusd', { order_by: 'asc' });
    expect(orders.map((o) => [o.side, o.ord_type, o.state])).toEqual([['buy', 'limit', 'wait'], ['buy', 'limit', 'done']]);
    expect(engine.trades('btcusd').map((t) => t.trend)).toEqual(['down', 'up']);
    expect(engine.userTrades('carol', 'btcusd').map((t) => t.side)).toEqual(['ask']);
  });
});

describe('outputs validate against the contract schemas (no field missing, none extra)', () => {
  const { engine } = testEngine();
  const ask = engine.placeOrder('alice', 'btcusd', sell('30000.00', '1'));
  const market = engine.placeOrder('bob', 'btcusd', { side: 'buy', ord_type: 'market', volume: '0.5' });

  const cases: { name: string; schema: { strict(): { parse(v: unknown): unknown } }; values: () => unknown[] }[] = [
    { name: 'Market', schema: MarketSchema, values: () => engine.markets() },
    { name: 'Currency', schema: CurrencySchema, values: () => engine.currencies() },
    { name: 'Ticker', schema: TickerSchema, values: () => engine.tickers() },
    { name: 'OrderBook', schema: OrderBookSchema, values: () => [engine.orderBook('btcusd'), engine.orderBook('ethbtc')] },
    { name: 'Trade', schema: TradeSchema, values: () => engine.trades('btcusd') },
    { name: 'UserTrade', schema: UserTradeSchema, values: () => [...engine.userTrades('alice', 'btcusd'), ...engine.userTrades('bob', 'btcusd')] },
    { name: 'Account', schema: AccountSchema, values: () => engine.balances('alice') },
    { name: 'Order', schema: OrderSchema, values: () => [ask, market, ...engine.orders('alice', 'btcusd')] },
    { name: 'OrderWithTrades', schema: OrderWithTradesSchema, values: () => [engine.order('alice', ask.id), engine.order('bob', market.id)] },
  ];
  it.each(cases)('$name', ({ schema, values }) => {
    const all = values();
    expect(all.length).toBeGreaterThan(0);
    for (const value of all) expect(schema.strict().parse(value)).toEqual(value);
  });
});
