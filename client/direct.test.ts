// The direct path (direct.ts) against openapi-fetch: the same calls on two clients, one with the
// default fetch (direct path; globalThis.fetch stubbed) and one with an injected fetch (openapi-fetch
// builds the Request and runs the middleware). What reaches the wire (method, URL, headers, body)
// and what the call returns must be the same, for every auth style, parameter kind and response
// shape; and the DESIGN.md signing vectors hold on the direct path too.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNATURE_TEST_SECRET, SIGNATURE_TEST_VECTORS } from '../contracts/exchange/signing.ts';
import { createExchangeClient, type ExchangeClient } from './exchange.ts';
import { createMerchantClient, type MerchantClient } from './merchant.ts';
import { createPartnerClient, type PartnerClient } from './partner.ts';
import type { FetchResult } from './errors.ts';

const ORIGIN = 'http://127.0.0.1:8080';
const NOW = 1_700_000_000_000;

interface Wire {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

const wireOf = async (request: Request): Promise<Wire> => ({
  method: request.method,
  url: request.url,
  headers: Object.fromEntries(request.headers),
  body: request.body === null ? null : await request.text(),
});

type Answer = () => Response;
const jsonAnswer = (body: unknown, status = 200): Answer => () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ANSWERS: Record<string, Answer> = {
  'json 200': jsonAnswer({ ok: [1, '2.50'] }),
  'json 201 streamed (no Content-Length)': () =>
    new Response(new Blob(['{"id":7}']).stream(), { status: 201, headers: { 'Content-Type': 'application/json' } }),
  'empty 200, Content-Length 0': () => new Response('', { status: 200, headers: { 'Content-Length': '0' } }),
  'empty 200, no Content-Length': () => new Response(null, { status: 200 }),
  '204': () => new Response(null, { status: 204 }),
  'exchange error 400': jsonAnswer({ error: { code: 1001, message: 'market is missing' } }, 400),
  'merchant error 422': jsonAnswer({ title: 'Unprocessable Entity', code: '1002', details: 'x', source: [{ amount: 'bad' }] }, 422),
  'text error 502': () => new Response('Bad Gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } }),
};

/** What a call gives back, comparable across the two paths (the Response by status and headers). */
const resultOf = (r: FetchResult) => ({ data: r.data, error: r.error, status: r.response.status, headers: Object.fromEntries(r.response.headers) });

/** A stubbed globalThis.fetch: records (as the Request fetch would build) and answers with `answer`. */
let globalSent: Wire[] = [];
let globalInits: RequestInit[] = [];
let answer: Answer = ANSWERS['json 200']!;
beforeEach(() => {
  globalSent = [];
  globalInits = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    globalInits.push(init ?? {});
    globalSent.push(await wireOf(new Request(input, init)));
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

/** Two clients made by `make`: direct (no fetch given) and via openapi-fetch (a recording fetch given). */
function pair<C>(make: (fetch: ((r: Request) => Promise<Response>) | undefined) => C) {
  const injectedSent: Wire[] = [];
  const direct = make(undefined);
  const viaOpenapiFetch = make(async (request) => {
    injectedSent.push(await wireOf(request));
    return answer();
  });
  return { direct, viaOpenapiFetch, injectedSent };
}

type Call<C> = [label: string, call: (c: C) => Promise<FetchResult>];

async function compare<C>(clients: ReturnType<typeof pair<C>>, calls: Call<C>[]) {
  for (const [label, call] of calls) {
    for (const [name, a] of Object.entries(ANSWERS)) {
      answer = a;
      const viaDirect = resultOf(await call(clients.direct));
      const viaOpenapi = resultOf(await call(clients.viaOpenapiFetch));
      expect(viaDirect, `${label}, ${name}`).toEqual(viaOpenapi);
    }
  }
  expect(globalSent).toHaveLength(calls.length * Object.keys(ANSWERS).length);
  expect(globalSent).toEqual(clients.injectedSent);
  // The direct path built no Request: fetch got url + init with no more than what differs from its defaults.
  for (const init of globalInits) expect(['method', 'headers', 'body']).toEqual(expect.arrayContaining(Object.keys(init)));
}

describe('direct path = openapi-fetch path', () => {
  it('exchange: public and signed calls, query, path and body parameters, every response shape', async () => {
    let t1 = NOW;
    let t2 = NOW; // same clock on both sides, so both take the same nonces in the same order
    let side = 0;
    const clients = pair((fetch) => {
      const clock = side++ === 0 ? () => t1++ : () => t2++;
      return createExchangeClient({ baseUrl: ORIGIN, accessKey: 'demo-trader', secretKey: SIGNATURE_TEST_SECRET, now: clock, headers: { 'X-Trace': 'abc' }, ...(fetch ? { fetch } : {}) });
    });
    await compare<ExchangeClient>(clients, [
      ['GET /timestamp', (c) => c.GET('/timestamp')],
      ['GET /tickers/{market}', (c) => c.GET('/tickers/{market}', { params: { path: { market: 'btcusd' } } })],
      ['GET /order_book', (c) => c.GET('/order_book', { params: { query: { market: 'btcusd', limit: 5 } } })],
      ['GET /balances', (c) => c.GET('/balances')],
      ['GET /orders', (c) => c.GET('/orders', { params: { query: { market: 'btcusd', state: 'wait', limit: 10, order_by: 'asc' } } })],
      ['POST /orders', (c) => c.POST('/orders', { body: { market: 'btcusd', side: 'buy', volume: '0.5', ord_type: 'limit', price: '30000.00' } })],
      ['POST /orders/multi', (c) => c.POST('/orders/multi', { body: SIGNATURE_TEST_VECTORS[2]!.input.body as never })],
      ['POST /orders/clear', (c) => c.POST('/orders/clear', { body: {} })],
      ['request("get", /trades)', (c) => c.request('get', '/trades', { params: { query: { market: 'btcusd', limit: 2 } } })],
    ]);
  });

  it('merchant (Basic): path parameters, query with characters to encode, JSON bodies, PATCH and DELETE', async () => {
    const clients = pair((fetch) => createMerchantClient({ baseUrl: `${ORIGIN}/merchant/v2/`, apiKey: 'demo-merchant', apiSecret: 'demo-merchant-secret', ...(fetch ? { fetch } : {}) }));
    await compare<MerchantClient>(clients, [
      ['GET /transactions', (c) => c.GET('/transactions', { params: { query: { external_id: "order 7/ü&'x", limit: 3, offset: 0 } } })],
      ['GET /transactions/{id}', (c) => c.GET('/transactions/{id}', { params: { path: { id: 42 } } })],
      ['POST /payments', (c) => c.POST('/payments', { body: { payment: { amount: '10.00', external_id: 'o-1', currency_iso: 'USD', crypto_iso: 'BTC', confirmations_required: '3', fullname: 'Zoë Doe', email: 'z@example.com', callback_url: 'https://example.com/hook' } } as never })],
      ['PATCH /invoice_recipients/{id}', (c) => c.PATCH('/invoice_recipients/{id}', { params: { path: { id: 5 } }, body: { invoice_recipient: { first_name: 'Ann' } } as never })],
      ['DELETE /invoice_recipients/{id}', (c) => c.DELETE('/invoice_recipients/{id}', { params: { path: { id: 5 } } })],
    ]);
  });

  it('partner (Bearer and Basic)', async () => {
    for (const auth of [{ apiKey: 'demo-partner-key' }, { username: 'demo-partner', password: 'demo-partner-secret' }]) {
      globalSent = [];
      globalInits = [];
      const clients = pair((fetch) => createPartnerClient({ baseUrl: ORIGIN, ...auth, ...(fetch ? { fetch } : {}) } as never));
      await compare<PartnerClient>(clients, [['POST /user_registration', (c) => c.POST('/user_registration', { body: { registration: { email: 'a@example.com' } } as never })]]);
    }
  });

  it('a network error rejects the same way', async () => {
    const boom = new TypeError('fetch failed');
    vi.stubGlobal('fetch', async () => Promise.reject(boom));
    const direct = createMerchantClient({ baseUrl: ORIGIN, apiKey: 'k', apiSecret: 's' });
    const viaOpenapiFetch = createMerchantClient({ baseUrl: ORIGIN, apiKey: 'k', apiSecret: 's', fetch: async () => Promise.reject(boom) });
    await expect(direct.GET('/currencies')).rejects.toBe(boom);
    await expect(viaOpenapiFetch.GET('/currencies')).rejects.toBe(boom);
  });
});

describe('direct path', () => {
  it('signs the DESIGN.md vectors to the exact URL', async () => {
    const [balances, order, multi, orders] = SIGNATURE_TEST_VECTORS;
    const at = (now: number) => createExchangeClient({ baseUrl: ORIGIN, accessKey: 'demo-trader', secretKey: SIGNATURE_TEST_SECRET, now: () => now });
    await at(NOW).GET('/balances');
    await at(NOW).POST('/orders', { body: { market: 'btcusd', side: 'buy', volume: '0.5', ord_type: 'limit', price: '30000.00' } });
    await at(NOW + 1).POST('/orders/multi', { body: multi!.input.body as never });
    await at(NOW).GET('/orders', { params: { query: { market: 'btcusd', state: 'wait', limit: 10 } } });
    // The signed path is the one sent: a base URL with dot segments is normalized before signing.
    await createExchangeClient({ baseUrl: `${ORIGIN}/gateway/../api/v1`, accessKey: 'demo-trader', secretKey: SIGNATURE_TEST_SECRET, now: () => NOW }).GET('/balances');
    const base = `${ORIGIN}/api/v1`;
    expect(globalSent.map((w) => w.url)).toEqual([
      `${base}/balances?access_key=demo-trader&nonce=${NOW}&signature=${balances!.signature}`,
      `${base}/orders?access_key=demo-trader&nonce=${NOW}&signature=${order!.signature}`,
      `${base}/orders/multi?access_key=demo-trader&nonce=${NOW + 1}&signature=${multi!.signature}`,
      `${base}/orders?market=btcusd&state=wait&limit=10&access_key=demo-trader&nonce=${NOW}&signature=${orders!.signature}`,
      `${base}/balances?access_key=demo-trader&nonce=${NOW}&signature=${balances!.signature}`,
    ]);
  });

  it('refuses an authenticated call without keys before sending', async () => {
    const ex = createExchangeClient({ baseUrl: ORIGIN });
    await expect(ex.GET('/balances')).rejects.toMatchObject({ name: 'MissingCredentialsError' });
    expect(globalSent).toEqual([]);
  });

  it('waits for the client-side limiter before taking the nonce', async () => {
    const order: string[] = [];
    const limiter = { acquire: async () => void order.push('acquire') };
    const ex = createExchangeClient({ baseUrl: ORIGIN, accessKey: 'k', secretKey: 's', rateLimit: limiter as never, nonces: { last: 0, next: async () => (order.push('nonce'), 9) } });
    await ex.GET('/balances');
    await ex.GET('/tickers');
    expect(order).toEqual(['acquire', 'nonce', 'acquire']);
    expect(globalSent.map((w) => new URL(w.url).searchParams.get('nonce'))).toEqual(['9', null]);
  });

  it('gives fetch a fresh headers object per call, and sends the headers given at creation', async () => {
    const given: Record<string, string> = { 'X-Tenant': 'a' };
    const m = createMerchantClient({ baseUrl: ORIGIN, apiKey: 'k', apiSecret: 's', headers: given });
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      // A tracing wrapper that writes into the object it is given, keeping a trace header already there.
      (init.headers as Record<string, string>).traceparent ??= `trace-${globalSent.length + 1}`;
      globalSent.push(await wireOf(new Request(input, init)));
      return answer();
    });
    await m.GET('/currencies');
    given['X-Tenant'] = 'b';
    await m.GET('/currencies');
    expect(globalSent.map((w) => [w.headers.traceparent, w.headers['x-tenant']])).toEqual([['trace-1', 'a'], ['trace-2', 'a']]);

    // The exchange client too, on both paths (openapi-fetch would otherwise re-read the object per call).
    const exHeaders: Record<string, string> = { 'X-Tenant': 'a' };
    const clients = pair((fetch) => createExchangeClient({ baseUrl: ORIGIN, headers: exHeaders, ...(fetch ? { fetch } : {}) }));
    exHeaders['X-Tenant'] = 'b';
    await clients.direct.GET('/timestamp');
    await clients.viaOpenapiFetch.GET('/timestamp');
    expect([globalSent.at(-1)!.headers['x-tenant'], clients.injectedSent[0]!.headers['x-tenant']]).toEqual(['a', 'a']);
  });

  it('leaves calls a Request would refuse to openapi-fetch, before the limiter or the nonce source is touched', async () => {
    const order: string[] = [];
    const limiter = { acquire: async () => void order.push('acquire') };
    const ex = createExchangeClient({ baseUrl: ORIGIN, accessKey: 'k', secretKey: 's', rateLimit: limiter as never, nonces: { last: 0, next: async () => (order.push('nonce'), 9) } });
    await expect(ex.GET('/balances', { body: { a: 1 } } as never)).rejects.toThrow(TypeError);
    expect(order).toEqual([]);
    expect(globalSent).toEqual([]);
  });

  it('hands over to openapi-fetch once the caller adds a middleware, and for options it does not handle', async () => {
    const ex = createExchangeClient({ baseUrl: ORIGIN, accessKey: 'k', secretKey: 's' });
    answer = () => new Response('plain text', { status: 200 });
    expect((await ex.GET('/timestamp', { parseAs: 'text' } as never)).data).toBe('plain text');
    const seen: string[] = [];
    ex.use({ onRequest: ({ request }) => void seen.push(request.url) });
    answer = ANSWERS['json 200']!;
    await ex.GET('/balances');
    expect(seen).toHaveLength(1);
    expect(globalSent[1]!.url).toMatch(/\/balances\?access_key=k&nonce=\d+&signature=[0-9a-f]{64}$/);
    // both went through openapi-fetch's transport (url + init from a Request), not the direct path
    expect(globalInits.map((i) => 'keepalive' in i)).toEqual([true, true]);
  });

  it('calls fetch(url) with no init for a GET without headers, and sends only what differs from the defaults', async () => {
    const ex = createExchangeClient({ baseUrl: ORIGIN, accessKey: 'k', secretKey: 's' });
    await ex.GET('/balances');
    await ex.POST('/orders/clear', { body: {} });
    const m = createMerchantClient({ baseUrl: ORIGIN, apiKey: 'k', apiSecret: 's' });
    await m.GET('/currencies');
    expect(globalInits.map((i) => Object.keys(i))).toEqual([[], ['method', 'headers', 'body'], ['headers']]);
  });
});
