// The rules the exchange document states (and the gaps we decided), checked on the Zod schemas
// that the server and tests use and on the generated document that clients read.
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../shared/contract.ts';
import { resolveObject } from '../shared/openapi-walk.ts';
import { exchangeContract } from './index.ts';
import {
  CreateOrderRequestSchema,
  CreateOrdersRequestSchema,
  OrderBookQuerySchema,
  OrderIdQuerySchema,
  OrdersQuerySchema,
  TradesQuerySchema,
} from './requests.ts';
import { OrderSchema, TickerSchema } from './schemas.ts';

type Schema = Record<string, any>;
const doc = buildDocument(exchangeContract) as Schema;
const deref = (s: Schema): Schema => resolveObject(doc, s);
const param = (path: string, name: string): Schema =>
  deref(doc.paths[path].get.parameters.find((p: Schema) => p.name === name).schema);
const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) => schema.safeParse(v).success;

describe('createOrder: price required when ord_type is limit (4.12)', () => {
  const base = { market: 'btcusd', side: 'buy', volume: '0.5' };
  it.each([
    [{ ...base, ord_type: 'limit', price: '30000.00' }, true],
    [{ ...base, ord_type: 'limit' }, false],
    [{ ...base, ord_type: 'market' }, true],
    [{ ...base, ord_type: 'market', price: '30000.00' }, false], // X-orders: a market order takes no price
    [{ ...base, ord_type: 'stop', price: '1' }, false],
    [{ ...base, side: 'bid', ord_type: 'market' }, false],
    [{ ...base, market: 'btcxyz', ord_type: 'market' }, false],
  ])('%j → %s', (body, valid) => {
    expect(ok(CreateOrderRequestSchema, body)).toBe(valid);
  });

  it.each(['1e5', '-1', '1.', '.5', '1,5', ' 1', '0x10'])('volume %j is not a decimal string', (volume) => {
    expect(ok(CreateOrderRequestSchema, { ...base, ord_type: 'market', volume })).toBe(false);
  });
});

describe('createOrders: the same element rule, 1 to 100 orders (X-multi)', () => {
  const item = { side: 'sell', volume: '1', ord_type: 'limit', price: '0.05' };
  it.each([
    [[item], true],
    [[], false],
    [Array(100).fill(item), true],
    [Array(101).fill(item), false],
    [[item, { side: 'buy', volume: '2', ord_type: 'limit' }], false],
    [[{ side: 'buy', volume: '2', ord_type: 'market', price: '1' }], false],
  ])('%# orders', (orders, valid) => {
    expect(ok(CreateOrdersRequestSchema, { market: 'ethbtc', orders })).toBe(valid);
  });
});

describe('query limits and defaults (section 8, X-limits)', () => {
  it('order_book: limit default 100 (document), 1..1000', () => {
    expect(OrderBookQuerySchema.parse({ market: 'btcusd' })).toEqual({ market: 'btcusd', limit: 100 });
    expect([0, 1001, 1.5].map((limit) => ok(OrderBookQuerySchema, { market: 'btcusd', limit }))).toEqual([false, false, false]);
    expect(param('/order_book', 'limit')).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000, default: 100 });
  });

  it.each(['/trade_history', '/trades'])('%s: limit default 50, 1..1000; order_by default desc', (path) => {
    expect(TradesQuerySchema.parse({ market: 'btcusd' })).toEqual({ market: 'btcusd', limit: 50, order_by: 'desc' });
    expect(ok(TradesQuerySchema, { market: 'btcusd', limit: 1001 })).toBe(false);
    expect(param(path, 'limit')).toMatchObject({ minimum: 1, maximum: 1000, default: 50 });
    expect(param(path, 'order_by')).toMatchObject({ enum: ['asc', 'desc'], default: 'desc' });
    for (const name of ['timestamp', 'from', 'to']) expect(param(path, name).type).toBe('integer');
  });

  it('orders: limit default 100, 1..1000; offset default 0, min 0; order_by default desc', () => {
    expect(OrdersQuerySchema.parse({ market: 'btcusd' })).toEqual({ market: 'btcusd', limit: 100, offset: 0, order_by: 'desc' });
    expect(ok(OrdersQuerySchema, { market: 'btcusd', offset: -1 })).toBe(false);
    expect(ok(OrdersQuerySchema, { market: 'btcusd', state: 'open' })).toBe(false);
    expect(param('/orders', 'limit')).toMatchObject({ minimum: 1, maximum: 1000, default: 100 });
    expect(param('/orders', 'offset')).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
  });

  it('order: id is an integer of at least 1', () => {
    expect([0, 1, 1.5, '1'].map((id) => ok(OrderIdQuerySchema, { id }))).toEqual([false, true, false, false]);
  });
});

describe('resources', () => {
  const order = {
    id: 1, side: 'buy', ord_type: 'market', avg_price: '0', state: 'wait', market: 'btcusd', created_at: '2023-11-14T22:13:14Z',
    volume: '1', remaining_volume: '1', executed_volume: '0', trades_count: 0,
  };
  it('an order may omit price (market orders), and created_at is ISO 8601', () => {
    expect(ok(OrderSchema, order)).toBe(true);
    expect(ok(OrderSchema, { ...order, created_at: '14/11/2023' })).toBe(false);
    expect(deref(doc.components.schemas.Order).properties.created_at.format).toBe('date-time');
  });

  it('ticker `at` is integer Unix seconds; values are decimal strings', () => {
    const t = { market: 'btcusd', at: 1700000000, open: '1', low: '1', high: '1', last: '1', vol: '1' };
    expect(ok(TickerSchema, t)).toBe(true);
    expect(ok(TickerSchema, { ...t, at: 1.5 })).toBe(false);
    expect(ok(TickerSchema, { ...t, last: 1 })).toBe(false);
  });
});

describe('errors (section 7)', () => {
  // Error responses are $refs to components/responses (decision X-answers).
  const response = (path: string, method: string, status: number) =>
    resolveObject(doc, doc.paths[path][method].responses[status]) as Schema;
  const example = (path: string, method: string, status: number) => response(path, method, status).content['application/json'].example.error.code;
  it('create answers 2002, cancel 2003, a missing order 2004; 429 carries Retry-After', () => {
    expect(example('/orders', 'post', 400)).toBe(2002);
    expect(example('/orders/multi', 'post', 400)).toBe(2002);
    expect(example('/order/delete', 'post', 400)).toBe(2003);
    expect(example('/order', 'get', 404)).toBe(2004);
    expect(response('/timestamp', 'get', 429).headers['Retry-After']).toBeDefined();
    expect(response('/timestamp', 'get', 405).headers.Allow).toBeDefined();
  });
});

describe('decisions (X1–X6 and the others of docs/decisions.md)', () => {
  const ids = exchangeContract.decisions.map((d) => d.id);
  const text = doc.info.description as string;

  it('records X1–X6 and every "not shown" of the document', () => {
    expect(ids).toEqual(expect.arrayContaining(['X1', 'X2', 'X3', 'X4', 'X5', 'X6']));
    for (const gap of ['X-limits', 'X-transitions', 'X-multi', 'X-fee', 'X-events', 'X-versioning']) expect(ids).toContain(gap);
    // Written once, in the description (no `x-decisions` copy).
    expect(doc['x-decisions']).toBeUndefined();
    for (const d of exchangeContract.decisions) expect(text).toContain(`**${d.id}: ${d.gap}.**`);
  });

  it('the description explains X1 with the four vectors, X2 and X5', () => {
    expect(text).toContain('QUERY holds every request parameter except `signature`');
    expect(text).toContain('contributes `orders[][k]=v` for each element in array order');
    for (const hex of ['1c0c5bfd44e810e7', '8f7e72f34423678b', 'f4e414d05fc86238', '3786d38ebf17c698']) expect(text).toContain(hex);
    expect(text).toContain('unknown key 2008 → nonce outside ±30 s 2007');
    expect(text).toContain('remembered at least 61 s');
    expect(text).toContain('60 requests per minute per client');
  });

  it('operations show the decisions that concern them', () => {
    const d = (id: keyof typeof exchangeContract.operations) => exchangeContract.operations[id].description;
    expect(d('getOrderBook')).toMatch(/default 100, at most 1000/);
    expect(d('getTradeHistory')).toMatch(/defaults to 50.*defaults to `desc`/);
    expect(d('getOrders')).toMatch(/defaults to 100/);
    expect(d('createOrder')).toMatch(/cannot fill is cancelled.*0\.25% fee/);
    expect(d('createOrders')).toMatch(/all or nothing/);
    expect(d('cancelOrder')).toMatch(/asynchronous/);
  });
});
