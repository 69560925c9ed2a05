import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CreateOrdersRequestSchema } from '../../contracts/exchange/requests.ts';
import { CreateWidgetPaymentRequestSchema } from '../../contracts/merchant/payments.ts';
import { canonicalScalar, coercionPlan, coerceScalars, topLevelFields } from './scalar-coercion.ts';

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
    ['12345678901234567890', 'number', undefined], // not exact as a double
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

describe('coerceScalars by schema', () => {
  const schema = z.object({
    id: z.number().int(),
    flag: z.boolean().default(false),
    name: z.string(),
    code: z.enum(['1', '2']),
    either: z.union([z.string(), z.number()]),
    maybe: z.union([z.number().int(), z.null()]).optional(),
    nested: z.object({ n: z.number(), s: z.string() }).optional(),
    list: z.array(z.object({ k: z.number().int(), v: z.string() })).optional(),
    status: z.literal(200).optional(),
  });
  const plan = coercionPlan(schema);

  it('coerces integer, number and boolean positions from their canonical text only', () => {
    const body = {
      id: '42', flag: 'true', name: '7', code: '1', either: '5', maybe: '3',
      nested: { n: '0.5', s: '9' }, list: [{ k: '1', v: '2' }, { k: '1.0', v: 'x' }], status: '200', extra: '1',
    };
    expect(coerceScalars(body, plan)).toEqual({
      id: 42, flag: true, name: '7', code: '1', either: '5', maybe: 3,
      nested: { n: 0.5, s: '9' }, list: [{ k: 1, v: '2' }, { k: '1.0', v: 'x' }], status: 200, extra: '1',
    });
  });

  it('leaves values that are not canonical strings, and non-strings, as they are', () => {
    expect(coerceScalars({ id: '01', flag: 'yes', maybe: null, nested: 'x', list: 'y' }, plan)).toEqual({ id: '01', flag: 'yes', maybe: null, nested: 'x', list: 'y' });
    expect(coerceScalars({ id: 5, flag: false }, plan)).toEqual({ id: 5, flag: false });
    expect(coerceScalars('text', plan)).toBe('text');
    expect(coerceScalars(undefined, plan)).toBeUndefined();
  });

  it('makes no plan for a schema without numbers or booleans', () => {
    expect(coercionPlan(z.object({ a: z.string(), b: z.object({ c: z.enum(['x']) }) }))).toEqual({ kind: 'keep' });
    expect(coercionPlan(undefined)).toEqual({ kind: 'keep' });
  });

  it('follows the contracts: widget payments and the order variants of /orders/multi', () => {
    const widget = coerceScalars({ hosted_payment_id: '1', amount: '10.00', confirmations_required: '3' }, coercionPlan(CreateWidgetPaymentRequestSchema));
    expect(widget).toEqual({ hosted_payment_id: 1, amount: '10.00', confirmations_required: 3 });
    // Every order field is a string (decimals, enums): nothing to coerce.
    expect(coercionPlan(CreateOrdersRequestSchema)).toEqual({ kind: 'keep' });
  });
});

describe('topLevelFields', () => {
  it('lists the fields of every branch', () => {
    const s = z.discriminatedUnion('t', [z.object({ t: z.literal('a'), x: z.string() }), z.object({ t: z.literal('b'), y: z.string() })]);
    expect([...topLevelFields(s)].sort()).toEqual(['t', 'x', 'y']);
    expect([...topLevelFields(CreateOrdersRequestSchema)].sort()).toEqual(['market', 'orders']);
  });
});
