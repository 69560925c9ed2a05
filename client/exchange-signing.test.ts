import { describe, expect, it } from 'vitest';
import { sign, signaturePayload, SIGNATURE_TEST_SECRET, SIGNATURE_TEST_VECTORS } from '../contracts/exchange/signing.ts';
import { createNonceSource } from './nonce.ts';
import { exchangeSigningMiddleware, exchangeUrlSigner, MissingCredentialsError, SIGNED_OPERATIONS, signRequest, signUrl } from './exchange-signing.ts';

const creds = { accessKey: 'demo-trader', secretKey: SIGNATURE_TEST_SECRET };
const ORIGIN = 'http://127.0.0.1:8080';

/** The Request openapi-fetch would build for a vector, before signing. */
function unsignedRequest(v: (typeof SIGNATURE_TEST_VECTORS)[number]): Request {
  const { access_key: _a, nonce: _n, ...query } = v.input.query ?? {};
  const search = new URLSearchParams(Object.entries(query).map(([k, val]) => [k, String(val)])).toString();
  const init: RequestInit = { method: v.input.method };
  if (v.input.body !== undefined) {
    init.body = JSON.stringify(v.input.body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  return new Request(`${ORIGIN}${v.input.path}${search ? `?${search}` : ''}`, init);
}

describe('SIGNED_OPERATIONS', () => {
  it('are the operations the contract marks as authenticated, and only those', () => {
    expect([...SIGNED_OPERATIONS].sort()).toEqual([
      'GET /balances',
      'GET /order',
      'GET /orders',
      'GET /trades',
      'POST /order/delete',
      'POST /orders',
      'POST /orders/clear',
      'POST /orders/multi',
    ]);
  });
});

describe('signRequest', () => {
  it.each(SIGNATURE_TEST_VECTORS.map((v) => [v.payload, v] as const))('vector %s', async (_payload, v) => {
    const nonce = Number(v.input.query!.nonce);
    const signed = await signRequest(unsignedRequest(v), creds, nonce);
    const url = new URL(signed.url);
    expect(url.pathname).toBe(v.input.path);
    expect(url.searchParams.get('access_key')).toBe('demo-trader');
    expect(url.searchParams.get('nonce')).toBe(String(nonce));
    expect(url.searchParams.get('signature')).toBe(v.signature);
    expect(signed.method).toBe(v.input.method);
    if (v.input.body !== undefined) {
      expect(await signed.text()).toBe(JSON.stringify(v.input.body));
      expect(signed.headers.get('content-type')).toBe('application/json');
    } else {
      expect(signed.body).toBeNull();
    }
  });

  it('replaces auth parameters already present, so a retry can sign again with a fresh nonce', async () => {
    const v = SIGNATURE_TEST_VECTORS[3]!;
    const once = await signRequest(unsignedRequest(v), creds, 1);
    const twice = await signRequest(once, creds, 1_700_000_000_000);
    const url = new URL(twice.url);
    expect(url.searchParams.getAll('nonce')).toEqual(['1700000000000']);
    expect(url.searchParams.getAll('signature')).toEqual([v.signature]);
  });

  it('percent-encodes the access key in the URL but signs it raw', async () => {
    const signed = await signRequest(new Request(`${ORIGIN}/api/v1/balances`), { accessKey: 'a b&c', secretKey: 's' }, 5);
    expect(signed.url).toContain('access_key=a%20b%26c&nonce=5&signature=');
    expect(new URL(signed.url).searchParams.get('access_key')).toBe('a b&c');
  });
});

describe('exchangeSigningMiddleware', () => {
  const nonces = createNonceSource({ now: () => 1_700_000_000_000 });
  const run = (mw: ReturnType<typeof exchangeSigningMiddleware>, request: Request, schemaPath: string) =>
    mw.onRequest!({ request, schemaPath, params: {}, id: 'x', options: {} as never });

  it('leaves public operations untouched', async () => {
    const mw = exchangeSigningMiddleware({ credentials: creds, nonces });
    expect(await run(mw, new Request(`${ORIGIN}/api/v1/tickers/btcusd`), '/tickers/{market}')).toBeUndefined();
  });

  it('signs authenticated ones', async () => {
    const mw = exchangeSigningMiddleware({ credentials: creds, nonces });
    const out = (await run(mw, new Request(`${ORIGIN}/api/v1/balances`), '/balances')) as Request;
    expect(new URL(out.url).searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses to send an authenticated operation without keys, naming the fix', async () => {
    const mw = exchangeSigningMiddleware({ credentials: undefined, nonces });
    await expect(run(mw, new Request(`${ORIGIN}/api/v1/balances`), '/balances')).rejects.toThrow(MissingCredentialsError);
    await expect(run(mw, new Request(`${ORIGIN}/api/v1/balances`), '/balances')).rejects.toThrow(/GET \/balances .*accessKey and secretKey/);
  });
});

describe('signUrl: the URL as sent and the signature over what the server decodes', () => {
  const keys = { accessKey: 'demo-trader', secretKey: 's3cret' };
  /** The signature the server computes for this request (the contract's one implementation). */
  const sig = (method: string, path: string, query: Record<string, unknown>, body?: unknown) =>
    sign(signaturePayload({ method, path, query: { ...query, access_key: 'demo-trader', nonce: 7 }, body }), 's3cret');
  const auth = (s: string) => `access_key=demo-trader&nonce=7&signature=${s}`;

  it('keeps the query of an http or https URL as it came', () => {
    expect(signUrl('GET', 'https://ex.example/api/v1/orders?market=btcusd&state=wait', undefined, keys, 7)).toBe(
      `https://ex.example/api/v1/orders?market=btcusd&state=wait&${auth(sig('GET', '/api/v1/orders', { market: 'btcusd', state: 'wait' }))}`,
    );
    expect(signUrl('GET', 'http://a/api/v1/balances', undefined, keys, 7)).toBe(`http://a/api/v1/balances?${auth(sig('GET', '/api/v1/balances', {}))}`);
  });

  it('reads a URL whose scheme is not written in lower case by parsing it, query text untouched', () => {
    expect(signUrl('GET', 'HTTPS://ex.example/api/v1/orders?q=a%20b&flag', undefined, keys, 7)).toBe(
      `https://ex.example/api/v1/orders?q=a%20b&flag&${auth(sig('GET', '/api/v1/orders', { q: 'a b', flag: '' }))}`,
    );
  });

  it('gives a URL without a path the root path', () => {
    expect(signUrl('GET', 'http://ex.example', undefined, keys, 7)).toBe(`http://ex.example/?${auth(sig('GET', '/', {}))}`);
    expect(signUrl('GET', 'http://ex.example?market=btcusd', undefined, keys, 7)).toBe(
      `http://ex.example/?market=btcusd&${auth(sig('GET', '/', { market: 'btcusd' }))}`,
    );
  });

  it('leaves a fragment out of the path, the query and the URL sent, even one holding a question mark', () => {
    const s = sig('GET', '/api/v1/balances', {});
    expect(signUrl('GET', 'http://ex.example/api/v1/balances#top', undefined, keys, 7)).toBe(`http://ex.example/api/v1/balances?${auth(s)}`);
    expect(signUrl('GET', 'http://ex.example/api/v1/balances#top?x=1', undefined, keys, 7)).toBe(`http://ex.example/api/v1/balances?${auth(s)}`);
    expect(signUrl('GET', 'http://ex.example/api/v1/orders?market=btcusd#top', undefined, keys, 7)).toBe(
      `http://ex.example/api/v1/orders?market=btcusd&${auth(sig('GET', '/api/v1/orders', { market: 'btcusd' }))}`,
    );
  });

  it('treats an empty query (a lone question mark) as none', () => {
    expect(signUrl('GET', 'http://ex.example/api/v1/balances?', undefined, keys, 7)).toBe(
      `http://ex.example/api/v1/balances?${auth(sig('GET', '/api/v1/balances', {}))}`,
    );
  });

  it('replaces any one auth parameter already on the URL, not only all three', () => {
    expect(signUrl('GET', 'http://ex.example/api/v1/orders?nonce=1&market=btcusd', undefined, keys, 7)).toBe(
      `http://ex.example/api/v1/orders?market=btcusd&${auth(sig('GET', '/api/v1/orders', { market: 'btcusd' }))}`,
    );
  });

  it('signs the top-level fields of a JSON body, and refuses a body that is not JSON', () => {
    expect(signUrl('POST', 'http://ex.example/api/v1/orders/clear', '{"market":"btcusd"}', keys, 7)).toBe(
      `http://ex.example/api/v1/orders/clear?${auth(sig('POST', '/api/v1/orders/clear', {}, { market: 'btcusd' }))}`,
    );
    expect(() => signUrl('POST', 'http://ex.example/api/v1/orders/clear', 'market=btcusd', keys, 7)).toThrow(
      new TypeError('exchange signing: the request body is not JSON; X1 signs the top-level fields of a JSON body'),
    );
  });
});

describe('exchangeUrlSigner', () => {
  const signer = (credentials?: typeof creds) =>
    exchangeUrlSigner({ credentials, nonces: createNonceSource({ now: () => 1_700_000_000_000 }), basePath: '/api/v1' });
  const vector = SIGNATURE_TEST_VECTORS[0]!; // GET /balances

  it('signs an authenticated operation named by its path below the base path', async () => {
    expect(await signer(creds)('GET', `${ORIGIN}/api/v1/balances`, undefined)).toBe(
      `${ORIGIN}/api/v1/balances?access_key=demo-trader&nonce=1700000000000&signature=${vector.signature}`,
    );
    expect(await signer(creds)('GET', 'HTTP://127.0.0.1:8080/api/v1/balances', undefined)).toBe(
      `${ORIGIN}/api/v1/balances?access_key=demo-trader&nonce=1700000000000&signature=${vector.signature}`,
    );
  });

  it('returns the URL of a public operation unchanged, and refuses an authenticated one without keys', async () => {
    expect(await signer(creds)('GET', `${ORIGIN}/api/v1/tickers/btcusd`, undefined)).toBe(`${ORIGIN}/api/v1/tickers/btcusd`);
    const refusal = await signer(undefined)('GET', `${ORIGIN}/api/v1/balances`, undefined).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(MissingCredentialsError);
    expect(refusal).toMatchObject({ name: 'MissingCredentialsError', operation: 'GET /balances' });
  });
});
