import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalQuery,
  MAX_CANONICAL_LENGTH,
  sign,
  signaturePayload,
  SIGNATURE_TEST_SECRET,
  SIGNATURE_TEST_VECTORS,
  verifySignature,
  UnsignableRequestError,
  type SignatureInput,
} from './signing.ts';

// The four X1 test vectors, copied here by hand on purpose: the test must not read the
// expected values from the module it checks.
const SECRET = 'demo-trader-secret';
const auth = (nonce: number) => ({ access_key: 'demo-trader', nonce });
const DESIGN_VECTORS: { name: string; input: SignatureInput; payload: string; hex: string }[] = [
  {
    name: 'GET /balances',
    input: { method: 'GET', path: '/api/v1/balances', query: auth(1700000000000) },
    payload: 'GET|/api/v1/balances|access_key=demo-trader&nonce=1700000000000',
    hex: '1c0c5bfd44e810e7ca0cbfdc9287e574f73ebea7c7a033e6f6be373717f8e0ab',
  },
  {
    name: 'POST /orders (body fields sorted among the query parameters)',
    input: {
      method: 'POST',
      path: '/api/v1/orders',
      query: auth(1700000000000),
      body: { market: 'btcusd', side: 'buy', volume: '0.5', ord_type: 'limit', price: '30000.00' },
    },
    payload:
      'POST|/api/v1/orders|access_key=demo-trader&market=btcusd&nonce=1700000000000&ord_type=limit&price=30000.00&side=buy&volume=0.5',
    hex: '8f7e72f34423678b205774fce026d38bdd48280409c647234483e08a77ee5335',
  },
  {
    name: 'POST /orders/multi (orders[][k]=v per element, keys sorted, array order kept)',
    input: {
      method: 'POST',
      path: '/api/v1/orders/multi',
      query: auth(1700000000001),
      body: {
        market: 'ethbtc',
        orders: [
          { side: 'sell', volume: '1', ord_type: 'limit', price: '0.05' },
          { side: 'buy', volume: '2', ord_type: 'market' },
        ],
      },
    },
    payload:
      'POST|/api/v1/orders/multi|access_key=demo-trader&market=ethbtc&nonce=1700000000001&orders[][ord_type]=limit&orders[][price]=0.05&orders[][side]=sell&orders[][volume]=1&orders[][ord_type]=market&orders[][side]=buy&orders[][volume]=2',
    hex: 'f4e414d05fc86238c2e41f6ddd7a9b09fe0e68fd4cb63de5b619c674a442282e',
  },
  {
    name: 'GET /orders (signature excluded, integer written as is)',
    input: {
      method: 'get',
      path: '/api/v1/orders',
      query: { state: 'wait', market: 'btcusd', limit: 10, ...auth(1700000000000), signature: 'ignored' },
    },
    payload: 'GET|/api/v1/orders|access_key=demo-trader&limit=10&market=btcusd&nonce=1700000000000&state=wait',
    hex: '3786d38ebf17c69800b4dee9ceea7818c512c961cc75e452a2c875296bfad94f',
  },
];

describe('X1 test vectors', () => {
  it.each(DESIGN_VECTORS)('$name', ({ input, payload, hex }) => {
    expect(signaturePayload(input)).toBe(payload);
    expect(sign(payload, SECRET)).toBe(hex);
    expect(verifySignature(payload, SECRET, hex)).toBe(true);
  });

  it('the exported vectors (used by the docs, client and server tests) are exactly these', () => {
    expect(SIGNATURE_TEST_SECRET).toBe(SECRET);
    const design = SIGNATURE_TEST_VECTORS.filter((v) => v.json === undefined);
    expect(design.map((v) => [v.payload, v.signature])).toEqual(DESIGN_VECTORS.map((v) => [v.payload, v.hex]));
    for (const v of SIGNATURE_TEST_VECTORS) expect(sign(signaturePayload(v.input), SECRET)).toBe(v.signature);
  });

  it('the JSON-number vectors: the body text parses to the input, and node:crypto agrees on each signature', () => {
    const numbers = SIGNATURE_TEST_VECTORS.filter((v) => v.json !== undefined);
    expect(numbers.map((v) => [v.json, v.payload])).toEqual([
      ['{"id":5.0}', 'POST|/api/v1/order/delete|access_key=demo-trader&id=5&nonce=1700000000002'],
      ['{"id":1e2}', 'POST|/api/v1/order/delete|access_key=demo-trader&id=100&nonce=1700000000003'],
    ]);
    for (const v of numbers) {
      expect(v.input.body).toEqual(JSON.parse(v.json!));
      expect(signaturePayload(v.input)).toBe(v.payload);
      expect(createHmac('sha256', SECRET).update(v.payload).digest('hex')).toBe(v.signature);
    }
  });
});

describe('canonicalQuery', () => {
  it.each([
    { given: {}, want: '' },
    { given: { b: '2', a: '1' }, want: 'a=1&b=2' },
    { given: { signature: 'x', a: '1' }, want: 'a=1' },
    { given: { q: 'a b&c=d/é' }, want: 'q=a b&c=d/é' }, // raw, not percent-encoded
    { given: { Z: '1', _: '2', a: '3' }, want: 'Z=1&_=2&a=3' }, // code-unit order, not locale
    { given: { flag: true, n: 0, gone: undefined, empty: null }, want: 'empty=&flag=true&n=0' },
    { given: { ids: [3, 1] }, want: 'ids[]=3&ids[]=1' },
    { given: { o: [{ b: 1, a: 2 }] }, want: 'o[][a]=2&o[][b]=1' },
  ])('$want', ({ given, want }) => {
    expect(canonicalQuery(given)).toBe(want);
  });
});

describe('signaturePayload', () => {
  it('ignores the body of a GET', () => {
    expect(signaturePayload({ method: 'GET', path: '/api/v1/x', query: { a: '1' }, body: { b: '2' } })).toBe('GET|/api/v1/x|a=1');
  });

  it('signs a key sent in both query and body twice, query value first', () => {
    expect(signaturePayload({ method: 'POST', path: '/api/v1/x', query: { id: '1' }, body: { id: 2 } })).toBe('POST|/api/v1/x|id=1&id=2');
  });

  it('rejects a path that still carries its query string, naming the fix', () => {
    expect(() => signaturePayload({ method: 'GET', path: '/api/v1/x?a=1' })).toThrow(/pass its parameters in `query`/);
  });
});

describe('what X1 cannot sign', () => {
  const post = (body: unknown) => () => signaturePayload({ method: 'POST', path: '/api/v1/orders/clear', query: { access_key: 'k', nonce: 1 }, body });

  it('signs a flat object, arrays of scalars and arrays of flat objects', () => {
    expect(post({ a: { y: '2', x: 1 }, b: [1, 2], orders: [{ side: 'buy' }] })()).toBe(
      'POST|/api/v1/orders/clear|a[x]=1&a[y]=2&access_key=k&b[]=1&b[]=2&nonce=1&orders[][side]=buy',
    );
  });

  it.each([
    ['an array of arrays', { x: [[1]] }, /^x\[\]: .*nested deeper/],
    ['an object in an object', { x: { y: { z: 1 } } }, /^x\[y\]: /],
    ['an array in an array element', { orders: [{ side: ['buy'] }] }, /^orders\[\]\[side\]: /],
    ['2000 levels of arrays', { x: JSON.parse('['.repeat(2000) + ']'.repeat(2000)) }, /nested deeper/],
  ])('refuses %s, naming the parameter, instead of recursing', (_label, body, message) => {
    expect(post(body)).toThrow(UnsignableRequestError);
    expect(post(body)).toThrow(message);
  });

  it('refuses a payload over MAX_CANONICAL_LENGTH after writing at most that much (a 60 kB body cannot make 400 MB)', () => {
    const key = 'k'.repeat(20_000);
    expect(post({ [key]: Array(20_000).fill(1) })).toThrow(`the signed parameters exceed ${MAX_CANONICAL_LENGTH} characters`);
    // Just under the limit still signs.
    const fits = post({ x: 'a'.repeat(MAX_CANONICAL_LENGTH - 'access_key=k&nonce=1&x='.length - 1) })();
    expect(fits.length).toBe('POST|/api/v1/orders/clear|'.length + MAX_CANONICAL_LENGTH - 1);
  });
});

describe('how X1 writes JSON values', () => {
  const payload = (body: unknown) => signaturePayload({ method: 'POST', path: '/p', body });

  it.each([
    ['{"n":5.0}', 'n=5'],
    ['{"n":1e2}', 'n=100'],
    ['{"n":0.1}', 'n=0.1'],
    ['{"n":1E-7}', 'n=1e-7'],
    ['{"n":-0}', 'n=0'],
    ['{"n":9007199254740991}', 'n=9007199254740991'],
    ['{"n":-9007199254740991}', 'n=-9007199254740991'],
    ['{"b":true,"f":false,"z":null}', 'b=true&f=false&z='],
  ])('%s is signed as %s', (json, query) => {
    expect(payload(JSON.parse(json))).toBe(`POST|/p|${query}`);
  });

  it.each(['{"n":9007199254740992}', '{"n":-9007199254740993}', '{"n":1e300}', '{"o":[{"n":1e16}]}'])(
    'refuses %s (magnitude 2^53 or more), naming the field',
    (json) => {
      expect(() => payload(JSON.parse(json))).toThrow(UnsignableRequestError);
      expect(() => payload(JSON.parse(json))).toThrow(/^(n|o\[\]\[n\]): a number of magnitude 2\^53 or more/);
    },
  );

  it('keeps the field of the refusal on the error', () => {
    try {
      payload({ price: 2 ** 60 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(UnsignableRequestError);
      // The name is what a client catching by name (or logging) sees.
      expect(e).toMatchObject({ name: 'UnsignableRequestError', field: 'price' });
    }
  });
});

describe('verifySignature', () => {
  const [first] = DESIGN_VECTORS;
  const { payload, hex } = first!;

  it('is false for a wrong signature of the right length', () => {
    expect(verifySignature(payload, SECRET, hex.replace(/^./, hex.startsWith('0') ? '1' : '0'))).toBe(false);
  });

  it('is false (does not throw) on a length mismatch', () => {
    expect(verifySignature(payload, SECRET, hex.slice(1))).toBe(false);
    expect(verifySignature(payload, SECRET, '')).toBe(false);
  });

  it('is false with another secret and for upper-case hex', () => {
    expect(verifySignature(payload, 'other-secret', hex)).toBe(false);
    expect(verifySignature(payload, SECRET, hex.toUpperCase())).toBe(false);
  });
});

describe('the edges of what X1 signs', () => {
  it('signs up to MAX_CANONICAL_LENGTH characters of parameters exactly, and refuses one more', () => {
    const fits = { access_key: 'k', a: 'x'.repeat(MAX_CANONICAL_LENGTH - 'access_key=k&a='.length) };
    expect(canonicalQuery(fits)).toHaveLength(MAX_CANONICAL_LENGTH);
    expect(() => canonicalQuery({ ...fits, a: `${fits.a}x` })).toThrow(UnsignableRequestError);
  });

  it('signs digits sent as text whatever their size: only JSON numbers past 2^53 are refused', () => {
    expect(canonicalQuery({ n: '99999999999999999999' })).toBe('n=99999999999999999999');
    expect(() => canonicalQuery({ n: 99999999999999999999 })).toThrow(UnsignableRequestError);
  });
});
