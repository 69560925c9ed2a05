// send() through a stand-in fetch: what the console reports is what the client sent, and the X1
// payload it shows is the one the signature covers (checked with node:crypto's HMAC).
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { send, x1Of } from './send.ts';
import type { ConsoleOperation, ConsolePlan } from './types.ts';

const op: ConsoleOperation = {
  operationId: 'createOrder', method: 'POST', pathTemplate: '/orders', summary: '', anchor: 'orders/createorder', statuses: [200, 401],
  secured: true, pathParams: {}, query: {}, body: {}, links: {},
};
const plan: ConsolePlan = { api: 'exchange', title: 'Exchange', basePath: '/api/v1', auth: 'x1', credentials: {}, operations: [op] };

afterEach(() => vi.unstubAllGlobals());

describe('console send', () => {
  it('signs an exchange call with the client and shows the canonical payload it signed', async () => {
    const seen: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(request);
      return new Response('{"id":1}', { status: 200, headers: { 'content-type': 'application/json', 'x-extra': 'yes' } });
    });
    const x = await send(plan, op, {
      pathParams: {}, query: {}, body: { market: 'btcusd', volume: '0.5', price: 5.0 }, headers: { Prefer: 'code=200' },
      credentials: { accessKey: 'ak', secretKey: 'sk' },
    }, 'http://127.0.0.1:9');
    expect(seen).toHaveLength(1);
    const url = new URL(seen[0]!.url);
    expect(x.request.url).toBe(seen[0]!.url);
    expect(x.request.body).toBe('{"market":"btcusd","volume":"0.5","price":5}');
    expect(x.request.headers).toContainEqual(['prefer', 'code=200']);
    expect(x.signing).toEqual({
      payload: `POST|/api/v1/orders|access_key=ak&market=btcusd&nonce=${url.searchParams.get('nonce')}&price=5&volume=0.5`,
      signature: url.searchParams.get('signature'),
    });
    expect(x.signing!.signature).toBe(createHmac('sha256', 'sk').update(x.signing!.payload).digest('hex'));
    expect(x.response).toEqual({ status: 200, statusText: '', headers: [['content-type', 'application/json'], ['x-extra', 'yes']], body: '{"id":1}' });
  });

  it('shows no X1 part for an unsigned request', () => {
    expect(x1Of({ method: 'GET', url: 'http://h/api/v1/markets', headers: [] })).toBeUndefined();
  });

  it('sends merchant calls with Basic and without retries: a 503 is shown, not retried', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => (calls++, new Response('{}', { status: 503, headers: { 'retry-after': '1' } })));
    const merchant: ConsolePlan = { ...plan, api: 'merchant', basePath: '/merchant/v2', auth: 'basic' };
    const get = { ...op, method: 'GET', pathTemplate: '/payments/{payment_id}', body: undefined, pathParams: { payment_id: 1 } };
    const x = await send(merchant, get, { pathParams: { payment_id: 42 }, query: { crypto_iso: 'BTC' }, headers: {}, credentials: { username: 'u', password: 'p' } }, 'http://127.0.0.1:9');
    expect(calls).toBe(1);
    expect(x.request.url).toBe('http://127.0.0.1:9/merchant/v2/payments/42?crypto_iso=BTC');
    expect(x.request.headers).toContainEqual(['authorization', `Basic ${btoa('u:p')}`]);
    expect(x.response.status).toBe(503);
    expect(x.signing).toBeUndefined();
  });

  it.each([
    ['bearer', { scheme: 'bearer', bearer: 'pk', username: 'u', password: 'p' }, 'Bearer pk'],
    ['basic', { scheme: 'basic', bearer: 'pk', username: 'u', password: 'p' }, `Basic ${btoa('u:p')}`],
  ])('partner: the scheme picked (%s) is the one sent', async (_name, credentials, authorization) => {
    const seen: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => (seen.push(request), new Response('{}', { status: 201 })));
    const partner: ConsolePlan = { ...plan, api: 'partner', basePath: '/partner/v1', auth: 'bearer-or-basic' };
    const post = { ...op, pathTemplate: '/user_registration', body: {} };
    await send(partner, post, { pathParams: {}, query: {}, body: { a: 1 }, headers: {}, credentials }, 'http://127.0.0.1:9');
    expect(seen[0]!.headers.get('authorization')).toBe(authorization);
    expect(seen[0]!.headers.get('idempotency-key')).toBeNull(); // no retries, so no key minted for them
  });

  it('sandbox: no Authorization without credentials (loopback), Basic with them', async () => {
    const seen: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => (seen.push(request), new Response('{}', { status: 200 })));
    const sandbox: ConsolePlan = { ...plan, api: 'sandbox', basePath: '/sandbox/v1', auth: 'sandbox' };
    const reset = { ...op, pathTemplate: '/reset', body: undefined };
    await send(sandbox, reset, { pathParams: {}, query: {}, headers: {}, credentials: { username: '', password: '' } }, 'http://127.0.0.1:9');
    await send(sandbox, reset, { pathParams: {}, query: {}, headers: {}, credentials: { username: 'u', password: 'p' } }, 'http://127.0.0.1:9');
    expect(seen.map((r) => r.headers.get('authorization'))).toEqual([null, `Basic ${btoa('u:p')}`]);
    expect(seen[0]!.url).toBe('http://127.0.0.1:9/sandbox/v1/reset');
  });
});
