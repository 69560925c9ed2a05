import { describe, expect, it } from 'vitest';
import { fillPath, queryString, shellDoubleInner, shellSingle, tsLiteral } from './literals.ts';

describe('tsLiteral', () => {
  it.each([
    ['a string', "it's", "'it\\'s'"],
    ['numbers, booleans, null', [1, true, null], '[1, true, null]'],
    ['short object on one line, bare keys', { market: 'btcusd', 'x-y': 1 }, "{ market: 'btcusd', 'x-y': 1 }"],
    ['empty object', {}, '{}'],
    [
      'long object, one entry per line',
      { amount: '150.00', currency_iso: 'USD', email: 'ap@acme.example.com', company_name: 'Acme' },
      "{\n  amount: '150.00',\n  currency_iso: 'USD',\n  email: 'ap@acme.example.com',\n  company_name: 'Acme',\n}",
    ],
    ['undefined fields left out', { a: 1, b: undefined }, '{ a: 1 }'],
  ])('%s', (_, given, want) => {
    expect(tsLiteral(given)).toBe(want);
  });
});

describe('shell quoting', () => {
  it.each([
    ['plain', 'abc', "'abc'"],
    ['a single quote', `it's`, `'it'\\''s'`],
    ['no expansion inside', '$HOME `x`', "'$HOME `x`'"],
  ])('shellSingle: %s', (_, given, want) => {
    expect(shellSingle(given)).toBe(want);
  });

  it('shellDoubleInner escapes what a double-quoted string would expand', () => {
    expect(shellDoubleInner('a"b$c`d\\e')).toBe('a\\"b\\$c\\`d\\\\e');
  });
});

describe('URLs', () => {
  it('percent-encodes path and query values', () => {
    expect(fillPath('/payments/{id}', { id: 'a b/c' })).toBe('/payments/a%20b%2Fc');
    expect(queryString({ market: 'btcusd', q: 'a&b' })).toBe('?market=btcusd&q=a%26b');
    expect(queryString({})).toBe('');
  });
});
