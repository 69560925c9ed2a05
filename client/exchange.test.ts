import { describe, expect, it } from 'vitest';
import { SIGNATURE_TEST_SECRET, SIGNATURE_TEST_VECTORS } from '../contracts/exchange/signing.ts';
import { createExchangeClient } from './exchange.ts';
import { fakeFetch, json } from './fake-fetch.ts';
import { createNonceSource } from './nonce.ts';
import { ExchangeApiError, unwrap } from './errors.ts';

const BASE = 'http://127.0.0.1:8080/api/v1';
const [balances, order, multi, orders] = SIGNATURE_TEST_VECTORS;

function client(now: number, answers = [json([])]) {
  const f = fakeFetch(answers);
  const ex = createExchangeClient({ baseUrl: BASE, accessKey: 'demo-trader', secretKey: SIGNATURE_TEST_SECRET, fetch: f.fetch, now: () => now });
  return { ex, f };
}

/** Everything of a Request a server sees, as one comparable object. */
async function sent(request: Request) {
  return {
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
    body: request.body === null ? null : await request.text(),
  };
}

describe('createExchangeClient: the exact requests of the X1 test vectors', () => {
  it('GET /balances', async () => {
    const { ex, f } = client(1_700_000_000_000);
    await ex.GET('/balances');
    expect(await sent(f.last())).toEqual({
      method: 'GET',
      url: `${BASE}/balances?access_key=demo-trader&nonce=1700000000000&signature=${balances!.signature}`,
      headers: {},
      body: null,
    });
  });

  it('POST /orders: body fields signed, body sent as JSON', async () => {
    const { ex, f } = client(1_700_000_000_000);
    await ex.POST('/orders', { body: { market: 'btcusd', side: 'buy', volume: '0.5', ord_type: 'limit', price: '30000.00' } });
    expect(await sent(f.last())).toEqual({
      method: 'POST',
      url: `${BASE}/orders?access_key=demo-trader&nonce=1700000000000&signature=${order!.signature}`,
      headers: { 'content-type': 'application/json' },
      body: '{"market":"btcusd","side":"buy","volume":"0.5","ord_type":"limit","price":"30000.00"}',
    });
  });

  it('POST /orders/multi: the orders[] encoding is signed', async () => {
    const { ex, f } = client(1_700_000_000_001);
    await ex.POST('/orders/multi', {
      body: {
        market: 'ethbtc',
        orders: [
          { side: 'sell', volume: '1', ord_type: 'limit', price: '0.05' },
          { side: 'buy', volume: '2', ord_type: 'market' },
        ],
      },
    });
    expect(await sent(f.last())).toEqual({
      method: 'POST',
      url: `${BASE}/orders/multi?access_key=demo-trader&nonce=1700000000001&signature=${multi!.signature}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(multi!.input.body),
    });
  });

  it('GET /orders: query parameters signed beside the auth parameters', async () => {
    const { ex, f } = client(1_700_000_000_000);
    await ex.GET('/orders', { params: { query: { market: 'btcusd', state: 'wait', limit: 10 } } });
    expect(await sent(f.last())).toEqual({
      method: 'GET',
      url: `${BASE}/orders?market=btcusd&state=wait&limit=10&access_key=demo-trader&nonce=1700000000000&signature=${orders!.signature}`,
      headers: {},
      body: null,
    });
  });
});

describe('createExchangeClient', () => {
  it('sends public operations unsigned, even with keys', async () => {
    const { ex, f } = client(1_700_000_000_000, [json({ at: 1 })]);
    await ex.GET('/tickers/{market}', { params: { path: { market: 'btcusd' } } });
    await ex.GET('/order_book', { params: { query: { market: 'btcusd', limit: 5 } } });
    expect(f.requests.map((r) => r.url)).toEqual([`${BASE}/tickers/btcusd`, `${BASE}/order_book?market=btcusd&limit=5`]);
  });

  it('works without keys for public operations, and refuses authenticated ones before sending', async () => {
    const f = fakeFetch([json(1_700_000_000)]);
    const ex = createExchangeClient({ baseUrl: 'http://127.0.0.1:8080', fetch: f.fetch });
    expect((await ex.GET('/timestamp')).data).toBe(1_700_000_000);
    expect(f.last().url).toBe(`${BASE}/timestamp`);
    await expect(ex.GET('/balances')).rejects.toThrow(/accessKey and secretKey/);
    expect(f.requests).toHaveLength(1);
  });

  it('refuses to send a body X1 cannot sign, with a given fetch and with the default one', async () => {
    const { ex, f } = client(1_700_000_000_000);
    const nested = { body: { market: 'btcusd', extra: { deeper: { still: 1 } } } } as never;
    await expect(ex.POST('/orders/clear', nested)).rejects.toMatchObject({ name: 'UnsignableRequestError', message: expect.stringMatching(/^extra\[deeper\]: /) });
    expect(f.requests).toHaveLength(0);
    const plain = createExchangeClient({ baseUrl: BASE, accessKey: 'k', secretKey: 's' }); // default fetch
    await expect(plain.POST('/orders/clear', nested)).rejects.toMatchObject({ name: 'UnsignableRequestError' });
  });

  it('refuses half a key pair', () => {
    expect(() => createExchangeClient({ baseUrl: BASE, accessKey: 'demo-trader' })).toThrow(/both accessKey and secretKey/);
  });

  it('signs each call with a fresh, strictly increasing nonce within one millisecond', async () => {
    const { ex, f } = client(1_700_000_000_000);
    await Promise.all([ex.GET('/balances'), ex.GET('/balances'), ex.POST('/orders/clear', { body: {} })]);
    const nonces = f.requests.map((r) => Number(new URL(r.url).searchParams.get('nonce')));
    expect(nonces.sort()).toEqual([1_700_000_000_000, 1_700_000_000_001, 1_700_000_000_002]);
  });

  it('shares a nonce source between clients of one key', async () => {
    const nonces = createNonceSource({ now: () => 5 });
    const f = fakeFetch([json([])]);
    const opts = { baseUrl: BASE, accessKey: 'k', secretKey: 's', fetch: f.fetch, nonces };
    await createExchangeClient(opts).GET('/balances');
    await createExchangeClient(opts).GET('/balances');
    expect(f.requests.map((r) => new URL(r.url).searchParams.get('nonce'))).toEqual(['5', '6']);
  });

  it('re-signs a retried request with a fresh nonce', async () => {
    const f = fakeFetch([json({ error: { code: 3001, message: 'maintenance' } }, 503), json([])]);
    let t = 1_700_000_000_000;
    const ex = createExchangeClient({
      baseUrl: BASE, accessKey: 'demo-trader', secretKey: SIGNATURE_TEST_SECRET, fetch: f.fetch, now: () => t,
      retry: { sleep: async (ms) => void (t += ms), random: () => 0.5 },
    });
    const { data } = await ex.GET('/balances');
    expect(data).toEqual([]);
    const [first, second] = f.requests.map((r) => new URL(r.url).searchParams);
    expect(first!.get('nonce')).toBe('1700000000000');
    expect(second!.get('nonce')).toBe('1700000000125');
    expect(second!.get('signature')).not.toBe(first!.get('signature'));
    expect(second!.getAll('signature')).toHaveLength(1);
  });

  it('retries a signed POST only when asked, re-signing it', async () => {
    const answers = [json({ error: { code: 3001, message: 'maintenance' } }, 503), json({ id: 1 })];
    const plain = fakeFetch(answers);
    const ex = createExchangeClient({ baseUrl: BASE, accessKey: 'k', secretKey: 's', fetch: plain.fetch, retry: { sleep: async () => {} } });
    expect((await ex.POST('/order/delete', { body: { id: 1 } })).response.status).toBe(503);
    expect(plain.requests).toHaveLength(1);

    const asked = fakeFetch(answers);
    const ex2 = createExchangeClient({ baseUrl: BASE, accessKey: 'k', secretKey: 's', fetch: asked.fetch, retry: { methods: ['GET', 'POST'], sleep: async () => {} } });
    expect((await ex2.POST('/order/delete', { body: { id: 1 } })).response.status).toBe(200);
    expect(asked.requests).toHaveLength(2);
    expect(await asked.requests[1]!.text()).toBe('{"id":1}');
  });

  it('limits itself when asked: the 61st request waits for the window', async () => {
    let t = 0;
    const waits: number[] = [];
    const f = fakeFetch([json(1)]);
    const ex = createExchangeClient({ baseUrl: BASE, fetch: f.fetch, rateLimit: { now: () => t, sleep: async (ms) => void (waits.push(ms), (t += ms)) } });
    for (let i = 0; i < 61; i++) await ex.GET('/timestamp');
    expect(waits).toEqual([61_000]);
  });

  it('unwrap raises ExchangeApiError with the exchange code', async () => {
    const { ex } = client(1_700_000_000_000, [json({ error: { code: 2005, message: 'The signature is incorrect' } }, 401)]);
    const error = await unwrap(ex.GET('/balances')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExchangeApiError);
    expect(error).toMatchObject({ status: 401, code: 2005, serverMessage: 'The signature is incorrect', api: 'exchange' });
  });
});
