import { describe, expect, it } from 'vitest';
import { MalformedFormError } from '../core/errors.ts';
import { parseForm } from './form-body.ts';

describe('parseForm: Rack nesting', () => {
  it.each<[string, string, unknown]>([
    ['flat fields', 'market=btcusd&side=buy', { market: 'btcusd', side: 'buy' }],
    ['+ is a space, escapes are UTF-8', 'name=Jane+Doe&city=Montr%C3%A9al&sym=%2B%26%3D', { name: 'Jane Doe', city: 'Montréal', sym: '+&=' }],
    ['escaped brackets in names', 'payment%5Bamount%5D=10.00', { payment: { amount: '10.00' } }],
    ['a value without = is empty', 'flag&x=1', { flag: '', x: '1' }],
    ['empty pairs are skipped', '&a=1&&b=2&', { a: '1', b: '2' }],
    ['empty body', '', {}],
    ['objects', 'a[b][c]=v&a[b][d]=w&a[e]=x', { a: { b: { c: 'v', d: 'w' }, e: 'x' } }],
    ['list of scalars', 'ids[]=1&ids[]=2', { ids: ['1', '2'] }],
    ['a repeated plain name collects its values', 'nonce=1&nonce=2&nonce=3', { nonce: ['1', '2', '3'] }],
    [
      'Rack: a key the last element already has starts the next element',
      'orders[][side]=buy&orders[][volume]=0.01&orders[][side]=sell&orders[][volume]=2',
      { orders: [{ side: 'buy', volume: '0.01' }, { side: 'sell', volume: '2' }] },
    ],
    [
      'Rack: elements may differ in their keys',
      'orders[][side]=sell&orders[][price]=0.05&orders[][side]=buy&orders[][ord_type]=market',
      { orders: [{ side: 'sell', price: '0.05' }, { side: 'buy', ord_type: 'market' }] },
    ],
    [
      'Rack: nested keys inside elements',
      'items[][a][x]=1&items[][a][y]=2&items[][a][x]=3',
      { items: [{ a: { x: '1', y: '2' } }, { a: { x: '3' } }] },
    ],
    ['a list below an element keeps filling it', 'o[][t][]=a&o[][t][]=b', { o: [{ t: ['a', 'b'] }] }],
    ['numeric keys stay object keys (Rack)', 'o[0][k]=a&o[1][k]=b', { o: { 0: { k: 'a' }, 1: { k: 'b' } } }],
    [
      'WooCommerce widget payment with v1 plugin fields',
      'amount=10.00&hosted_payment_id=1&merchant_id=abc&data_encryption%5Biv%5D=aXY%3D&data_encryption%5Bvalue%5D=dg%3D%3D',
      { amount: '10.00', hosted_payment_id: '1', merchant_id: 'abc', data_encryption: { iv: 'aXY=', value: 'dg==' } },
    ],
  ])('%s', (_name, text, want) => {
    expect(parseForm(text)).toEqual(want);
  });

  it('keeps every value a string', () => {
    expect(parseForm('n=1&b=true&z=')).toEqual({ n: '1', b: 'true', z: '' });
  });
});

describe('parseForm: malformed bodies throw MalformedFormError', () => {
  it.each<[string, string, RegExp]>([
    ['bad percent escape', 'a=%zz', /body: the value of a "%zz" is not valid percent-encoded UTF-8/],
    ['invalid UTF-8', 'a=%FF', /not valid percent-encoded UTF-8/],
    ['bad escape in a name', '%E0%A4%A=1', /the field name/],
    ['no name', '=1', /"" is not a valid form field name/],
    ['unclosed bracket', 'a[b=1', /brackets/],
    ['text after a bracket', 'a[b]c=1', /brackets/],
    ['stray closing bracket', 'a]=1', /not a valid form field name/],
    ['bracket inside a bracket', 'a[b[c]]=1', /brackets/],
    ['value then group', 'a=1&a[b]=2', /mixes a value, a list and a group/],
    ['group then value', 'a[b]=2&a=1', /mixes/],
    ['list then group', 'a[]=1&a[b]=2', /mixes/],
    ['list of values then objects', 'a[]=1&a[][k]=2', /mixes/],
    ['too deep', 'a[b][c][d][e][f][g]=1', /nested deeper than 5 levels/],
    ['prototype', '__proto__[x]=1', /reserved name/],
    ['prototype below', 'a[__proto__][x]=1', /reserved name/],
  ])('%s', (_name, text, message) => {
    expect(() => parseForm(text)).toThrow(MalformedFormError);
    expect(() => parseForm(text)).toThrow(message);
  });

  it('bounds the number of fields', () => {
    const text = Array.from({ length: 11 }, (_, i) => `f${i}=1`).join('&');
    expect(parseForm(text, { maxPairs: 11 })).toHaveProperty('f10', '1');
    expect(() => parseForm(text, { maxPairs: 10 })).toThrow('body: more than 10 form fields');
  });

  it('names the query when it parses one', () => {
    expect(() => parseForm('a=%zz', { location: 'query' })).toThrow(/^query: /);
  });

  it('never touches Object.prototype', () => {
    expect(() => parseForm('__proto__=1')).toThrow(MalformedFormError);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
