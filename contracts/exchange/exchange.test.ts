// The generated exchange document against the source document of the Exchange Trading API (its tables, copied by hand):
// the tables below are copied from its sections 2 and 4, not from the code. Then every example
// against its schema (Zod, and ajv on the generated JSON Schema), then the rules the document states.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '../shared/contract.ts';
import type { ResponseSpec } from '../shared/operation.ts';
import { escapeToken, resolveRef } from '../shared/openapi-walk.ts';
import { exchangeContract } from './index.ts';
import { exchangeOperations } from './operations.ts';

type Schema = Record<string, any>;
const doc = buildDocument(exchangeContract) as Schema;

/** Follows $refs and merges allOf parts, so a field reads the same whether named or inline. */
function resolve(schema: Schema): Schema {
  const target = resolveRef(doc, schema);
  if (target !== schema) return resolve(target);
  if (schema.allOf) {
    const parts = schema.allOf.map(resolve);
    return {
      ...Object.assign({}, ...parts),
      properties: Object.assign({}, ...parts.map((p: Schema) => p.properties ?? {})),
      required: parts.flatMap((p: Schema) => p.required ?? []),
      allOf: undefined,
    };
  }
  return schema;
}
const typeOf = (s: Schema): string => resolve(s).type ?? (resolve(s).enum ? 'enum' : 'unknown');

// ---- Section 2: resources. [field, type, enum values?] ----
const STR = 'string';
const INT = 'integer';
const RESOURCES: Record<string, [string, string, string[]?][]> = {
  Market: [['id', STR], ['name', STR], ['base_unit', STR], ['quote_unit', STR], ['base_precision', INT], ['quote_precision', INT]],
  Currency: [['symbol', STR], ['name', STR], ['deposit_enabled', 'boolean'], ['withdrawal_enabled', 'boolean']],
  Ticker: [['market', STR], ['at', INT], ['open', STR], ['low', STR], ['high', STR], ['last', STR], ['vol', STR]],
  OrderBook: [['timestamp', INT], ['bids', 'array'], ['asks', 'array']],
  Trade: [['id', INT], ['price', STR], ['volume', STR], ['funds', STR], ['market', STR], ['trend', STR, ['up', 'down']], ['created_at', STR]],
  Account: [['currency', STR], ['balance', STR], ['locked', STR], ['available', STR]],
  Order: [
    ['id', INT], ['side', STR, ['sell', 'buy']], ['ord_type', STR, ['limit', 'market']], ['price', STR], ['avg_price', STR],
    ['state', STR, ['wait', 'done', 'cancel']], ['market', STR], ['created_at', STR], ['volume', STR],
    ['remaining_volume', STR], ['executed_volume', STR], ['trades_count', INT],
  ],
};
RESOURCES.UserTrade = [...RESOURCES.Trade!, ['side', STR, ['bid', 'ask']], ['fee', STR], ['order_id', INT]];
RESOURCES.OrderWithTrades = [...RESOURCES.Order!, ['trades', 'array']];

const ENUMS: Record<string, string[]> = {
  MarketId: ['btcusd', 'btccad', 'btceur', 'ethusd', 'ethcad', 'etheur', 'ethbtc', 'ltcusd', 'ltccad', 'ltceur', 'ltcbtc',
    'xembtc', 'bchusd', 'bchcad', 'bcheur', 'bchbtc', 'xvgbtc', 'xvgeth', 'xvgcad', 'xvgeur', 'xvgusd'],
  State: ['wait', 'done', 'cancel'],
  Side: ['sell', 'buy'],
  OrderType: ['limit', 'market'],
  OrderBy: ['asc', 'desc'],
};

function expectFields(schema: Schema, rows: [string, string, string[]?][], where: string) {
  const s = resolve(schema);
  for (const [name, type, values] of rows) {
    const prop = s.properties?.[name];
    expect(prop, `${where}.${name} missing`).toBeDefined();
    expect(typeOf(prop), `${where}.${name} type`).toBe(type);
    if (values) expect(resolve(prop).enum, `${where}.${name} values`).toEqual(values);
    // Every field of section 2 is always present, except price of a market order.
    expect((s.required ?? []).includes(name), `${where}.${name} required`).toBe(!(name === 'price' && where.includes('Order')));
  }
}

describe('section 2: resources and enumerations', () => {
  it.each(Object.entries(RESOURCES))('%s has the fields of the document', (name, rows) => {
    expectFields({ $ref: `#/components/schemas/${name}` }, rows, name);
  });

  it.each(Object.entries(ENUMS))('enumeration %s', (name, values) => {
    expect(doc.components.schemas[name].enum).toEqual(values);
  });

  it('OrderBook levels are [price, volume] string pairs; UserTrade items of OrderWithTrades.trades', () => {
    const level = resolve(resolve(doc.components.schemas.OrderBook).properties.bids.items);
    expect(level.prefixItems.map(typeOf)).toEqual([STR, STR]);
    expect([level.minItems, level.maxItems]).toEqual([2, 2]);
    expect(resolve(doc.components.schemas.OrderWithTrades).properties.trades.items.$ref).toBe('#/components/schemas/UserTrade');
  });
});

// ---- Section 4: endpoints. [#, method, path, auth, params {name: [in, required, type]}, response] ----
type Param = [string, boolean, string, string[]?];
const market: Param = ['query', true, STR, ENUMS.MarketId];
const tradeFilters: Record<string, Param> = {
  market, limit: ['query', false, INT], timestamp: ['query', false, INT], from: ['query', false, INT], to: ['query', false, INT],
  order_by: ['query', false, STR, ['asc', 'desc']],
};
const ENDPOINTS: [number, string, string, 'no' | 'yes' | 'trade', Record<string, Param>, string][] = [
  [1, 'get', '/timestamp', 'no', {}, 'integer'],
  [2, 'get', '/markets', 'no', {}, 'Market[]'],
  [3, 'get', '/currencies', 'no', {}, 'Currency[]'],
  [4, 'get', '/tickers/{market}', 'no', { market: ['path', true, STR, ENUMS.MarketId] }, 'Ticker'],
  [5, 'get', '/tickers', 'no', {}, 'Ticker[]'],
  [6, 'get', '/order_book', 'no', { market, limit: ['query', false, INT] }, 'OrderBook'],
  [7, 'get', '/trade_history', 'no', tradeFilters, 'Trade[]'],
  [8, 'get', '/balances', 'yes', {}, 'Account[]'],
  [9, 'get', '/orders', 'yes', {
    market, state: ['query', false, STR, ENUMS.State], limit: ['query', false, INT], offset: ['query', false, INT],
    order_by: ['query', false, STR, ENUMS.OrderBy],
  }, 'Order[]'],
  [10, 'get', '/order', 'yes', { id: ['query', true, INT] }, 'OrderWithTrades'],
  [11, 'get', '/trades', 'yes', tradeFilters, 'UserTrade[]'],
  [12, 'post', '/orders', 'trade', {}, 'Order'],
  [13, 'post', '/orders/multi', 'trade', {}, 'Order[]'],
  [14, 'post', '/order/delete', 'trade', {}, 'Order'],
  [15, 'post', '/orders/clear', 'trade', {}, 'Order[]'],
];

const op = (method: string, path: string): Schema => doc.paths[path][method];
const body = (path: string): Schema => op('post', path).requestBody.content['application/json'].schema;

describe('section 4: endpoints', () => {
  it(`has exactly the seed's ${ENDPOINTS.length} endpoints`, () => {
    const all = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item as object).map((m) => `${m} ${p}`));
    expect(all.sort()).toEqual(ENDPOINTS.map(([, m, p]) => `${m} ${p}`).sort());
  });

  it.each(ENDPOINTS)('4.%i %s %s', (_n, method, path, auth, params, response) => {
    const o = op(method, path);
    // Parameters: exactly those of the document; the auth parameters are security schemes, not parameters.
    const declared = Object.fromEntries((o.parameters ?? []).map((p: Schema) => [p.name, p]));
    expect(Object.keys(declared).sort()).toEqual(Object.keys(params).sort());
    for (const [name, [where, required, type, values]] of Object.entries(params)) {
      expect(declared[name].in, name).toBe(where);
      expect(declared[name].required, name).toBe(required);
      expect(typeOf(declared[name].schema), name).toBe(type);
      if (values) expect(resolve(declared[name].schema).enum, name).toEqual(values);
    }
    // Security: one requirement object with all three schemes; the trading permission as an extension.
    expect(o.security).toEqual(auth === 'no' ? [] : [{ AccessKey: [], Nonce: [], Signature: [] }]);
    expect(o['x-required-permission']).toBe(auth === 'trade' ? 'trade' : undefined);
    if (auth === 'trade') expect(o.description).toMatch(/trading permission/);
    // Response: the resource, or an array of it.
    const ok = o.responses['200'].content['application/json'].schema;
    if (response === 'integer') expect(typeOf(ok)).toBe('integer');
    else if (response.endsWith('[]')) {
      expect(ok.type).toBe('array');
      expect(ok.items.$ref).toBe(`#/components/schemas/${response.slice(0, -2)}`);
    } else expect(ok.$ref).toBe(`#/components/schemas/${response}`);
    // Errors (X-answers): 400 (unknown query parameters are refused everywhere), 404, 405, 429, 500
    // and 503 everywhere, 401 when signed, 413 and 415 with a body.
    const statuses = Object.keys(o.responses).map(Number).filter((s) => s >= 400);
    expect(statuses.sort()).toEqual([400, ...(auth === 'no' ? [] : [401]), 404, 405, ...(method === 'post' ? [413, 415] : []), 429, 500, 503]);
  });

  it('security schemes: three apiKey parameters in the query', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      AccessKey: { type: 'apiKey', in: 'query', name: 'access_key' },
      Nonce: { type: 'apiKey', in: 'query', name: 'nonce' },
      Signature: { type: 'apiKey', in: 'query', name: 'signature' },
    });
  });
});

// 4.12–4.15 bodies. [field, required, type, enum?]; an element of `orders` is checked the same way.
type BodyRow = [string, boolean, string, string[]?];
const ORDER_FIELDS: BodyRow[] = [['side', true, STR, ['sell', 'buy']], ['volume', true, STR], ['ord_type', true, STR]];

function expectVariant(schema: Schema, ordType: string, rows: BodyRow[]) {
  const variants = resolve(schema).oneOf.map(resolve);
  const v = variants.find((x: Schema) => resolve(x.properties.ord_type).enum?.includes(ordType));
  expect(v, `variant ${ordType}`).toBeDefined();
  for (const [name, required, type, values] of rows) {
    expect(typeOf(v.properties[name]), name).toBe(type);
    expect(v.required.includes(name), `${ordType}.${name} required`).toBe(required);
    if (values) expect(resolve(v.properties[name]).enum).toEqual(values);
  }
  // "price: required when ord_type is limit"; a market order takes none.
  if (ordType === 'limit') expect([typeOf(v.properties.price), v.required.includes('price')]).toEqual([STR, true]);
  else expect(v.properties.price).toMatchObject({ not: {} });
}

describe('section 4: request bodies', () => {
  it('4.12 POST /orders: market, side, volume, ord_type; price only for limit orders', () => {
    const rows: BodyRow[] = [['market', true, STR, ENUMS.MarketId], ...ORDER_FIELDS];
    expectVariant(body('/orders'), 'limit', rows);
    expectVariant(body('/orders'), 'market', rows);
    expect(resolve(body('/orders')).discriminator.propertyName).toBe('ord_type');
  });

  it('4.13 POST /orders/multi: market and orders[] of side, volume, ord_type, price', () => {
    const s = resolve(body('/orders/multi'));
    expect(s.required).toEqual(['market', 'orders']);
    expect(resolve(s.properties.market).enum).toEqual(ENUMS.MarketId);
    expect(s.properties.orders.type).toBe('array');
    expectVariant(s.properties.orders.items, 'limit', ORDER_FIELDS);
    expectVariant(s.properties.orders.items, 'market', ORDER_FIELDS);
  });

  it('4.14 POST /order/delete: id integer, required', () => {
    const s = resolve(body('/order/delete'));
    expect([typeOf(s.properties.id), s.required]).toEqual([INT, ['id']]);
  });

  it('4.15 POST /orders/clear: side and market, both optional', () => {
    const s = resolve(body('/orders/clear'));
    expect(resolve(s.properties.side).enum).toEqual(ENUMS.Side);
    expect(resolve(s.properties.market).enum).toEqual(ENUMS.MarketId);
    expect(s.required ?? []).toEqual([]);
  });
});

// ---- Examples: each validates against its Zod schema and, independently, against the generated JSON Schema.
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...doc, $id: 'exchange.json' });
const ptr = (...parts: string[]) => parts.map(escapeToken).join('/');

const examples = Object.entries(exchangeOperations).flatMap(([id, o]) => {
  const out: [string, unknown, { safeParse(v: unknown): { success: boolean; error?: unknown } }, string][] = [];
  const request = 'request' in o ? (o.request as { body?: { schema: never; example: unknown } }) : undefined;
  if (request?.body) out.push([`${id} request body`, request.body.example, request.body.schema, ptr('paths', o.path, o.method, 'requestBody', 'content', 'application/json', 'schema')]);
  for (const [status, r] of Object.entries(o.responses as Record<number, ResponseSpec>)) {
    const at = r.component ? ['components', 'responses', r.component] : ['paths', o.path, o.method, 'responses', status];
    if (r.schema) out.push([`${id} ${status}`, r.example, r.schema, ptr(...at, 'content', 'application/json', 'schema')]);
  }
  return out;
});

describe('examples', () => {
  it.each(examples)('%s', (_name, example, schema, pointer) => {
    expect(example).toBeDefined();
    expect(schema.safeParse(example).error).toBeUndefined();
    const validate = ajv.getSchema(`exchange.json#/${pointer}`)!;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
  });
});

