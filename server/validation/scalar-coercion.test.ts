import { describe, expect, it } from 'vitest';
import exchangeDoc from '../../generated/openapi/exchange.document.ts';
import merchantDoc from '../../generated/openapi/merchant.document.ts';
import { ApiDocument } from './document.ts';
import { applyPlan, canonicalScalar, coercionPlan, topLevelFields } from './scalar-coercion.ts';

describe('canonicalScalar', () => {
  it.each<[string, 'number' | 'boolean', number | boolean | undefined]>([
    ['1', 'number', 1],
    ['0', 'number', 0],
    ['-2', 'number', -2],
    ['0.5', 'number', 0.5],
    ['123456789', 'number', 123456789],
    ['1.0', 'number', undefined],
    [' 1', 'number', undefined],
    ['1 ', 'number', undefined],
    ['1e0', 'number', undefined],
    ['01', 'number', undefined],
    ['+1', 'number', undefined],
    ['-0', 'number', undefined],
    ['0x10', 'number', undefined],
    ['', 'number', undefined],
    ['.5', 'number', undefined],
    ['0.50', 'number', undefined],
    ['12345678901234567890', 'number', 12345678901234567000], // too long for a double: a number, so `maximum` names it
    ['1234567890.1234567890', 'number', undefined],
    ['Infinity', 'number', undefined],
    ['true', 'boolean', true],
    ['false', 'boolean', false],
    ['True', 'boolean', undefined],
    ['1', 'boolean', undefined],
    ['yes', 'boolean', undefined],
  ])('%j as %s -> %j', (text, kind, want) => {
    expect(canonicalScalar(kind, text)).toBe(want);
  });
});

describe('applyPlan by the JSON Schema of the document', () => {
  const doc = new ApiDocument({
    components: {
      schemas: {
        OrderBy: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
        Count: { type: 'integer', minimum: 0 },
      },
    },
  });
  const schema = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      flag: { type: 'boolean', default: false },
      name: { type: 'string' },
      code: { type: 'string', enum: ['1', '2'] },
      either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      maybe: { type: ['integer', 'null'] },
      count: { $ref: '#/components/schemas/Count' },
      order_by: { $ref: '#/components/schemas/OrderBy' },
      nested: { type: 'object', properties: { n: { type: 'number' }, s: { type: 'string' } } },
      list: { type: 'array', items: { type: 'object', properties: { k: { type: 'integer' }, v: { type: 'string' } } } },
      status: { const: 200 },
      free: { type: 'object', additionalProperties: { type: 'integer' } },
    },
  };
  const plan = coercionPlan(doc, schema);

  it('coerces integer, number and boolean positions from their canonical text only, fills defaults, drops undeclared fields', () => {
    const body = {
      id: '42', name: '7', code: '1', either: '5', maybe: '3', count: '2',
      nested: { n: '0.5', s: '9', junk: 1 }, list: [{ k: '1', v: '2' }, { k: '1.0', v: 'x' }], status: '200', extra: '1', free: { a: '1' },
    };
    expect(applyPlan(body, plan)).toEqual({
      id: 42, flag: false, name: '7', code: '1', either: '5', maybe: 3, count: 2, order_by: 'desc',
      nested: { n: 0.5, s: '9' }, list: [{ k: 1, v: '2' }, { k: '1.0', v: 'x' }], status: 200, free: { a: 1 },
    });
  });

  it('without coercion (exchange JSON) fills defaults and drops undeclared fields only', () => {
    expect(applyPlan({ id: '42', extra: 1 }, plan, false)).toEqual({ id: '42', flag: false, order_by: 'desc' });
  });

  it('leaves values that are not canonical strings, and non-strings, as they are', () => {
    expect(applyPlan({ id: '01', flag: 'yes', maybe: null, nested: 'x', list: 'y' }, plan)).toEqual({ id: '01', flag: 'yes', maybe: null, nested: 'x', list: 'y', order_by: 'desc' });
    expect(applyPlan({ id: 5, flag: true, order_by: 'asc' }, plan)).toEqual({ id: 5, flag: true, order_by: 'asc' });
    expect(applyPlan('text', plan)).toBe('text');
    expect(applyPlan(undefined, plan)).toBeUndefined();
  });

  it('keeps undeclared fields where additionalProperties says so, and makes no plan for free-form objects of strings', () => {
    const open = coercionPlan(doc, { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true });
    expect(open).toEqual({ kind: 'keep' });
    expect(coercionPlan(doc, undefined)).toEqual({ kind: 'keep' });
  });

  it('follows the documents: widget payments, the order variants of /orders/multi', () => {
    const merchant = new ApiDocument(merchantDoc as never);
    const exchange = new ApiDocument(exchangeDoc as never);
    const widget = applyPlan({ hosted_payment_id: '1', amount: '10.00', confirmations_required: '3' }, coercionPlan(merchant, merchant.operation('createWidgetPayment').body));
    expect(widget).toEqual({ hosted_payment_id: 1, amount: '10.00', confirmations_required: 3 });
    const multi = exchange.operation('createOrders').body;
    const orders = { market: 'btcusd', orders: [{ side: 'buy', volume: '1', ord_type: 'limit', price: '1', x: 1 }] };
    // The union of order variants says `type: object` beside its oneOf (a null item is refused), which
    // this plan reads as an object without properties: undeclared fields of an item are kept (the
    // handler's Zod schema drops them), where they were dropped before.
    expect(applyPlan(orders, coercionPlan(exchange, multi))).toEqual({ market: 'btcusd', orders: [{ side: 'buy', volume: '1', ord_type: 'limit', price: '1', x: 1 }] });
    expect([...topLevelFields(exchange, multi)].sort()).toEqual(['market', 'orders']);
  });
});

describe('topLevelFields', () => {
  it('lists the fields of every branch', () => {
    const doc = new ApiDocument({});
    const s = { oneOf: [{ type: 'object', properties: { t: { const: 'a' }, x: { type: 'string' } } }, { type: 'object', properties: { t: { const: 'b' }, y: { type: 'string' } } }] };
    expect([...topLevelFields(doc, s)].sort()).toEqual(['t', 'x', 'y']);
  });
});
