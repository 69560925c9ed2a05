import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from './document.ts';
import { coerceForm, decodeForm, encodeForm, FormSyntaxError, defaultForm } from './form.ts';
import { SchemaKit } from './schemas.ts';

// The body a Peatio client sends to POST /orders/multi, byte for byte.
const MULTI =
  'market=btcusd&orders[][side]=buy&orders[][volume]=0.01&orders[][ord_type]=limit&orders[][price]=101.00' +
  '&orders[][side]=buy&orders[][volume]=0.02&orders[][ord_type]=limit&orders[][price]=100.00';

describe('decodeForm (Rack normalize_params)', () => {
  it('reads the Peatio /orders/multi body as two orders: a key repeated in the current element starts the next', () => {
    expect(decodeForm(MULTI)).toEqual({
      market: 'btcusd',
      orders: [
        { side: 'buy', volume: '0.01', ord_type: 'limit', price: '101.00' },
        { side: 'buy', volume: '0.02', ord_type: 'limit', price: '100.00' },
      ],
    });
  });

  it.each([
    ['a=1&b=x+y%2Bz', { a: '1', b: 'x y+z' }],
    ['a[b][c]=1&a[b][d]=2&a[e]=3', { a: { b: { c: '1', d: '2' }, e: '3' } }],
    ['tags[]=a&tags[]=b', { tags: ['a', 'b'] }],
    ['o[][a]=1&o[][b]=2&o[][b]=3', { o: [{ a: '1', b: '2' }, { b: '3' }] }],
    ['o[][a]=1&o[][b]=2', { o: [{ a: '1', b: '2' }] }],
    ['o[][x][y]=1&o[][x][z]=2&o[][x][y]=3', { o: [{ x: { y: '1', z: '2' } }, { x: { y: '3' } }] }],
    ['%5Ba%5D=1&empty=&flag', { a: '1', empty: '', flag: '' }],
    ['a=1&a=2', { a: '2' }],
    ['', {}],
  ])('%j', (text, want) => {
    expect(decodeForm(text)).toEqual(want);
  });

  it.each(['x[]=1&x[y]=2', 'x=1&x[y]=2', 'x[y]=1&x[]=2', 'a=%zz', 'a=%E0%A4%A'])('refuses %j', (text) => {
    expect(() => decodeForm(text)).toThrow(FormSyntaxError);
  });
});

describe('encodeForm', () => {
  it('writes orders[][k]=v with each element\'s keys in order, brackets readable, values percent-encoded', () => {
    const body = { market: 'btcusd', orders: [{ side: 'buy', price: '1.5', volume: 2 }, { side: 'sell', price: 'a&b=c', volume: 3 }], post_only: true };
    expect(encodeForm(body)).toBe(
      'market=btcusd&orders[][side]=buy&orders[][price]=1.5&orders[][volume]=2&orders[][side]=sell&orders[][price]=a%26b%3Dc&orders[][volume]=3&post_only=true',
    );
    expect(decodeForm(encodeForm({ payment: { amount: '10.00', email: 'a+b@c.d', tags: ['x', 'y z'] } })!)).toEqual({ payment: { amount: '10.00', email: 'a+b@c.d', tags: ['x', 'y z'] } });
  });

  it.each([
    ['null', { a: null }],
    ['an empty array', { a: [] }],
    ['an empty object', { a: {} }],
    ['an array of arrays', { a: [[1]] }],
    ['elements that would merge (second lacks the first key)', { o: [{ a: '1' }, { b: '2' }] }],
    ['a key with brackets', { 'a[b]': '1' }],
    ['a top-level array', [1]],
  ])('has no form for %s', (_, body) => {
    expect(encodeForm(body)).toBeUndefined();
  });
});

describe('coerceForm', () => {
  const doc = { openapi: '3.1.0', paths: {}, components: { schemas: {} } } as unknown as OpenApiDocument;
  const kit = new SchemaKit(doc, 'form-test');
  const schema = {
    type: 'object',
    properties: {
      n: { type: 'integer' }, x: { type: 'number' }, b: { type: 'boolean' }, s: { type: 'string' },
      either: { oneOf: [{ type: 'integer' }, { type: 'null' }] },
      items: { type: 'array', items: { type: 'object', properties: { q: { type: 'number' } } } },
    },
  };
  it.each([
    ['canonical text, strict', { n: '12', x: '0.5', b: 'true', s: '7', either: '3', items: [{ q: '1.25' }] }, 'strict', { n: 12, x: 0.5, b: true, s: '7', either: 3, items: [{ q: 1.25 }] }],
    ['non-canonical stays text, strict', { n: '012', x: '1.0', b: 'True' }, 'strict', { n: '012', x: '1.0', b: 'True' }],
    ['non-canonical read loosely', { n: '012', x: '1e0', b: 'yes' }, 'loose', { n: 12, x: 1, b: true }],
    ['never-numbers stay text either way', { n: 'abc', x: ' ' }, 'loose', { n: 'abc', x: ' ' }],
  ] as const)('%s', (_, value, coercion, want) => {
    expect(coerceForm(kit, schema, value, coercion)).toEqual(want);
  });
});

describe('defaultForm (OpenAPI style form, explode, where no encoding is declared)', () => {
  it('writes an object field as its own top-level pairs, arrays of scalars repeated', () => {
    expect(defaultForm({ payment: { amount: '1', currency_iso: 'USD' }, tags: ['a', 'b'], note: 'x y' })).toBe('amount=1&currency_iso=USD&tags=a&tags=b&note=x%20y');
  });
  it('has nothing to add where every object field is declared deepObject, or nothing is an object', () => {
    expect(defaultForm({ payment: { amount: '1' } }, { payment: { style: 'deepObject' } })).toBeUndefined();
    expect(defaultForm({ amount: '1' })).toBeUndefined();
  });
  it('gives no form where OpenAPI defines none (nested objects, arrays of objects, colliding keys)', () => {
    expect(defaultForm({ a: { b: { c: '1' } } })).toBeUndefined();
    expect(defaultForm({ orders: [{ side: 'buy' }] })).toBeUndefined();
    expect(defaultForm({ a: { id: '1' }, b: { id: '2' } })).toBeUndefined();
  });
});
