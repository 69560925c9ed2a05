// The typed endpoints as another service uses them (the same behaviour the consumer test checks on
// the packed middleware package, here against the sources): a service with two merchant operations,
// its keys behind an asynchronous lookup, answering real HTTP requests. Its handlers get the request
// as validated; every refusal, an undocumented path, a method the path lacks, an operation without a
// handler and a handler's own bug answer the API's JSON error body, never Express's HTML page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentBody, payment } from '../contracts/merchant/examples.ts';
import { createMerchantApplicationRequestExample, registerUserRequestExample } from '../contracts/partner/examples.ts';
import { SANDBOX_DEFAULTS } from '../server/config/defaults.ts';
import { exchangeEndpoints, merchantEndpoints, merchantHandler, partnerEndpoints } from '../server/endpoints.ts';
import { merchantPrincipal } from '../server/auth/principal.ts';
import { basic, NOW } from './server-helpers.ts';
import { sign, signaturePayload } from '../contracts/exchange/signing.ts';

const AUTH = basic('demo-merchant', 'demo-merchant-secret');
const silent = () => undefined;

/** The service's key table: a lookup answering after a turn of the event loop, failing while `down`. */
const keyTable = { down: false, lookups: 0 };
const lookup = (apiKey: string) =>
  new Promise<(typeof SANDBOX_DEFAULTS.merchant.keys)[number] | undefined>((resolve, reject) =>
    setImmediate(() => {
      keyTable.lookups++;
      if (keyTable.down) reject(new Error('database down'));
      else resolve(SANDBOX_DEFAULTS.merchant.keys.find((k) => k.apiKey === apiKey));
    }),
  );

const getPayment = merchantHandler('getPayment', (req, res) => {
  if (req.params.payment_id === 'crash') throw new Error('service bug at /srv/app/payments.ts:12');
  res.json({ ...payment, id: Number(req.params.payment_id), crypto_address_info: { ...payment.crypto_address_info, iso: req.query.crypto_iso } });
});

function service(mount?: string, basePath?: string): Express {
  const app = express();
  const endpoints = merchantEndpoints(
    {
      createPayment: async (req, res) => {
        const key = merchantPrincipal(req)!.apiKey;
        await Promise.resolve();
        res.status(201).json({ ...payment, amount: req.body.payment.amount, invoice_number: `${key}:${req.body.payment.invoice_number}` });
      },
      getPayment,
    },
    { auth: { lookup }, log: silent, ...(basePath === undefined ? {} : { basePath }) },
  );
  if (mount) app.use(mount, endpoints);
  else app.use(endpoints);
  app.get('/health', (_req, res) => void res.json({ ok: true }));
  return app;
}

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer(service());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${base}${path}`, { ...init, headers: { authorization: AUTH, 'content-type': 'application/json', ...init.headers } });
  const text = await res.text();
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(text).not.toMatch(/<html|<pre>|\n\s+at |\.ts:\d/i);
  return { status: res.status, body: JSON.parse(text) as unknown, headers: res.headers };
};

describe('merchantEndpoints in a service (real HTTP, keys from an async lookup)', () => {
  it('runs the typed handlers with the validated request', async () => {
    const created = await call('/merchant/v2/payments', { method: 'POST', body: JSON.stringify(createPaymentBody) });
    expect(created).toMatchObject({ status: 201, body: { ...payment, amount: createPaymentBody.payment.amount, invoice_number: `demo-merchant:${createPaymentBody.payment.invoice_number}` } });
    const got = await call('/merchant/v2/payments/77?crypto_iso=ETH');
    expect(got).toMatchObject({ status: 200, body: { ...payment, id: 77, crypto_address_info: { ...payment.crypto_address_info, iso: 'ETH' } } });
  });

  it('refuses what the document refuses, in the merchant body', async () => {
    const bad = await call('/merchant/v2/payments', { method: 'POST', body: JSON.stringify({ payment: { ...createPaymentBody.payment, amount: 'ten' } }) });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ title: 'Unprocessable Entity', code: '1002', source: [{ 'payment.amount': expect.any(String) }] });
    const noQuery = await call('/merchant/v2/payments/77');
    expect(noQuery).toMatchObject({ status: 422, body: { code: '1002', source: [{ crypto_iso: 'is required' }] } });
  });

  it('answers 401 for an unknown key and 503 while the key lookup fails', async () => {
    const unknown = await call('/merchant/v2/payments/77?crypto_iso=BTC', { headers: { authorization: basic('nobody', 'x') } });
    expect(unknown).toMatchObject({ status: 401, body: { title: 'Unauthorized', code: '1001', details: 'Key or secret not set properly in Authorization: unknown key or wrong secret' } });
    keyTable.down = true;
    try {
      const down = await call('/merchant/v2/payments/77?crypto_iso=BTC');
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('1');
      expect(down.body).toEqual({ title: 'Service Unavailable', code: '1006', details: 'The shared key store cannot be reached; retry shortly' });
    } finally {
      keyTable.down = false;
    }
  });

  it('answers an undocumented path 404, a method the path lacks 405 with Allow, an operation without a handler 501', async () => {
    expect(await call('/merchant/v2/no/such/thing')).toMatchObject({ status: 404, body: { title: 'Not Found', code: '1004', details: 'Unknown route GET /merchant/v2/no/such/thing' } });
    const wrongMethod = await call('/merchant/v2/payments', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    const missing = await call('/merchant/v2/transactions');
    expect(missing).toMatchObject({ status: 501, body: { title: 'Not Implemented', code: '1005', details: 'Operation listTransactions is not implemented by this server' } });
  });

  it("answers a handler's own failure 500 in the merchant body, without its message", async () => {
    const res = await call('/merchant/v2/payments/crash?crypto_iso=BTC');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ title: 'Internal Server Error', code: '1005', details: 'Internal server error' });
    expect(JSON.stringify(res.body)).not.toContain('service bug');
  });

  it('leaves paths outside its base path to the service', async () => {
    expect(await call('/health')).toEqual({ status: 200, body: { ok: true }, headers: expect.anything() });
  });
});

describe('the mount point is free', () => {
  it.each([
    ['mounted at the root, the document base path', undefined, undefined, '/merchant/v2'],
    ['base path from the option', undefined, '/payments-api', '/payments-api'],
    ['mounted under a prefix, base path /', '/svc/merchant', '/', '/svc/merchant'],
    ['mounted under a prefix, document base path', '/svc', undefined, '/svc/merchant/v2'],
  ])('%s', async (_name, mount, basePath, at) => {
    const app = service(mount, basePath);
    const local = createServer(app);
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
      const got = await fetch(`${url}${at}/payments/5?crypto_iso=BTC`, { headers: { authorization: AUTH } });
      expect([got.status, ((await got.json()) as { id: number }).id]).toEqual([200, 5]);
      const refused = await fetch(`${url}${at}/payments/5?crypto_iso=BTC&bogus=1`, { headers: { authorization: AUTH } });
      expect([refused.status, await refused.json()]).toEqual([422, { title: 'Unprocessable Entity', code: '1002', details: 'Required fields are missing or incorrect', source: [{ bogus: 'is not a parameter of this operation' }] }]);
      const missing = await fetch(`${url}${at}/nothing`);
      expect([missing.status, missing.headers.get('content-type')]).toEqual([404, 'application/json; charset=utf-8']);
    } finally {
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  });
});

describe('the other two APIs', () => {
  it('exchange: documented operations without a handler 501, undocumented paths 404, in the exchange body', async () => {
    const app = express().use(exchangeEndpoints({ getTicker: (req, res) => void res.json({ at: 1, ticker: { market: req.params.market } } as never) }, { log: silent }));
    const local = createServer(app);
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
      expect(await (await fetch(`${url}/api/v1/tickers/btcusd`)).json()).toEqual({ at: 1, ticker: { market: 'btcusd' } });
      const markets = await fetch(`${url}/api/v1/markets`);
      expect([markets.status, await markets.json()]).toEqual([501, { error: { code: 1005, message: 'Operation getMarkets is not implemented by this server' } }]);
      const nowhere = await fetch(`${url}/api/v1/nowhere`);
      expect([nowhere.status, await nowhere.json()]).toEqual([404, { error: { code: 1004, message: 'Unknown route GET /api/v1/nowhere' } }]);
    } finally {
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  });

  it('partner: a handler gets the validated body; the other operation 501', async () => {
    const app = express().use(partnerEndpoints({ registerUser: (req, res) => void res.json({ status: 1, email: req.body.registration.email } as never) }, { log: silent }));
    const local = createServer(app);
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
      const post = (path: string, body: unknown) => fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(await (await post('/partner/v1/user_registration', registerUserRequestExample)).json()).toEqual({ status: 1, email: registerUserRequestExample.registration.email });
      const apps = await post('/partner/v1/merchant_applications', createMerchantApplicationRequestExample);
      expect([apps.status, await apps.json()]).toEqual([501, { title: 'Not Implemented', code: '1005', details: 'Operation createMerchantApplication is not implemented by this server' }]);
    } finally {
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  });

  it('exchange under a base path of its own: a request signed over the path it is sent to passes, a wrong signature is 2005', async () => {
    const app = express().use(
      exchangeEndpoints({ getOrders: (_req, res) => void res.json([]) }, { basePath: '/trading', auth: { keys: [...SANDBOX_DEFAULTS.exchange.keys] }, now: () => NOW, log: silent }),
    );
    const local = createServer(app);
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
      const query = { market: 'btcusd', access_key: 'demo-trader', nonce: String(NOW) };
      const signature = sign(signaturePayload({ method: 'GET', path: '/trading/orders', query }), 'demo-trader-secret');
      const ok = await fetch(`${url}/trading/orders?${new URLSearchParams({ ...query, signature })}`);
      expect([ok.status, await ok.json()]).toEqual([200, []]);
      const again = { ...query, nonce: String(NOW + 1) };
      const wrong = await fetch(`${url}/trading/orders?${new URLSearchParams({ ...again, signature: sign(signaturePayload({ method: 'GET', path: '/api/v1/orders', query: again }), 'demo-trader-secret') })}`);
      expect([wrong.status, ((await wrong.json()) as { error: { code: number } }).error.code]).toEqual([401, 2005]);
    } finally {
      await new Promise<void>((resolve) => local.close(() => resolve()));
    }
  });

  it('refuses, at start, a handler for an operation the API does not have', () => {
    expect(() => merchantEndpoints({ nope: () => undefined } as never)).toThrow('merchantEndpoints: no operation nope in the merchant API');
  });
});
