// createServer as a whole: one handler replaced and the defaults kept, handler input as the Zod
// schemas output it, the generated documents by default, the validation modes, docs and logs.
import { readFileSync } from 'node:fs';
import request from 'supertest';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { createServer } from '../server/app.ts';
import { specPath } from '../server/spec.ts';
import { GENERATED_NOTE } from '../scripts/pipeline/header.ts';
import { manualClock, testServer } from '../server/testing.ts';
import { MERCHANT_AUTH, NOW, createPaymentBody, exampleHandlers, signedUrl } from './server-helpers.ts';
import * as mx from '../contracts/merchant/examples.ts';

describe('createServer({ handlers })', () => {
  it('replaces one operation and keeps the defaults (the reference implementation) for the others', async () => {
    const { app } = testServer({ handlers: { merchant: { createPayment: () => ({ status: 201, body: mx.payment }) } } });
    const created = await request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).send(createPaymentBody);
    expect([created.status, created.body]).toEqual([201, mx.payment]);
    // The replaced handler stored nothing, so the default getPayment does not know the payment.
    const other = await request(app).get('/merchant/v2/payments/1001?crypto_iso=BTC').set('Authorization', MERCHANT_AUTH);
    expect([other.status, other.body.code]).toEqual([404, '1004']);
    expect((await request(app).get('/merchant/v2/currencies').set('Authorization', MERCHANT_AUTH)).status).toBe(200);
  });

  it('hands handlers their input as the schemas output it: coerced, defaults applied, unknown body fields dropped', async () => {
    const seen: unknown[] = [];
    const { app } = testServer({
      handlers: {
        merchant: {
          listTransactions: ({ query }) => {
            seen.push(query);
            return { status: 200, body: { transactions: [] } };
          },
          getTransaction: ({ params, principal }) => {
            seen.push({ params, key: principal.apiKey, sandbox: principal.sandbox });
            return { status: 200, body: mx.transaction };
          },
          createPayment: ({ body }) => {
            seen.push(Object.keys(body.payment).includes('extra'));
            return { status: 201, body: mx.payment };
          },
        },
      },
    });
    const auth = (r: request.Test) => r.set('Authorization', MERCHANT_AUTH);
    expect((await auth(request(app).get('/merchant/v2/transactions?offset=3'))).status).toBe(200);
    expect((await auth(request(app).get('/merchant/v2/transactions/7001'))).status).toBe(200);
    expect((await auth(request(app).post('/merchant/v2/payments')).send({ payment: { ...createPaymentBody.payment, extra: 1 } })).status).toBe(201);
    expect(seen).toEqual([{ limit: 100, offset: 3 }, { params: { id: 7001 }, key: 'demo-merchant', sandbox: true }, false]);
  });

  it('a rule the document cannot state (confirmation equals password) is the reference handler\'s check, with the declared 422 body', async () => {
    const { app } = testServer();
    const body = { registration: { business_name: 'A', first_name: 'J', last_name: 'D', email: 'j@example.com', password: 'password1', password_confirmation: 'password2', terms_of_service: 'true' } };
    const res = await request(app).post('/partner/v1/user_registration').set('Authorization', 'Bearer demo-partner-key').send(body);
    expect([res.status, res.body]).toEqual([422, { status: 0, message: ['registration.password_confirmation must equal password'] }]);
  });

  it('warns at start, one line per operation, about an operation without a handler, which answers 501 (#18 point 6)', async () => {
    const complete = testServer();
    expect(complete.logs.filter((l) => l.includes('has no handler'))).toEqual([]);
    const { app, logs } = testServer({ handlers: { merchant: { listCurrencies: undefined, listTransactions: undefined } } });
    expect(logs.filter((l) => l.includes('has no handler')).sort()).toEqual([
      '[server] warning: merchant operation listCurrencies (GET /merchant/v2/currencies) has no handler: it answers 501',
      '[server] warning: merchant operation listTransactions (GET /merchant/v2/transactions) has no handler: it answers 501',
    ]);
    expect((await request(app).get('/merchant/v2/currencies').set('Authorization', MERCHANT_AUTH)).status).toBe(501);
  });
});

describe('validation modes', () => {
  const badTicker = { getTicker: () => ({ status: 200 as const, body: { market: 'btcusd' } as never }) };

  it('all (default): an invalid response is a 500; requests: it passes; none: neither is checked by the validator', async () => {
    for (const [validate, status] of [['all', 500], ['requests', 200], ['none', 200]] as const) {
      const { app } = testServer({ config: { validate }, handlers: { exchange: badTicker } });
      expect((await request(app).get('/api/v1/tickers/btcusd')).status, validate).toBe(status);
    }
  });

  it('none checks nothing, but coerces and fills the document\'s defaults, so handlers get what their types say', async () => {
    const seen: unknown[] = [];
    const { app } = testServer({
      config: { validate: 'none' },
      handlers: {
        exchange: { getOrderBook: ({ query }) => (seen.push(query), { status: 200, body: {} as never }) },
        merchant: { getTransaction: ({ params }) => (seen.push(params), { status: 200, body: {} as never }) },
      },
    });
    expect((await request(app).get('/api/v1/order_book?market=btcusd&limit=5')).status).toBe(200);
    expect((await request(app).get('/api/v1/order_book?market=nope&limit=01')).status).toBe(200);
    expect((await request(app).get('/api/v1/order_book?market=btcusd')).status).toBe(200);
    expect((await request(app).get('/merchant/v2/transactions/7001').set('Authorization', MERCHANT_AUTH)).status).toBe(200);
    expect(seen).toEqual([{ market: 'btcusd', limit: 5 }, { market: 'nope', limit: '01' }, { market: 'btcusd', limit: 100 }, { id: 7001 }]);
  });
});

describe('documents, docs and logs', () => {
  it('validates against generated/openapi/<api>.yaml by default', async () => {
    const app = createServer({ config: { logRequests: false }, handlers: exampleHandlers });
    const res = await request(app).get('/api/v1/tickers/nope');
    expect([res.status, res.body.error.code]).toEqual([400, 1001]);
  });

  it('serves /openapi/{api}.yaml and .json as generated, /docs/ and the three Redoc pages; /docs redirects to /docs/', async () => {
    const { app } = testServer();
    for (const api of ['exchange', 'merchant', 'partner'] as const) {
      const yaml = await request(app).get(`/openapi/${api}.yaml`);
      expect(yaml.headers['content-type']).toMatch(/yaml/);
      expect(yaml.text).toBe(readFileSync(specPath(api), 'utf8'));
      const json = await request(app).get(`/openapi/${api}.json`);
      expect([json.status, json.headers['content-type']]).toEqual([200, 'application/json; charset=utf-8']);
      expect(json.text).toBe(readFileSync(specPath(api, 'json'), 'utf8'));
      const { 'x-generated': note, ...doc } = JSON.parse(json.text) as Record<string, unknown>;
      expect(note).toBe(GENERATED_NOTE);
      expect(doc).toEqual(YAML.parse(yaml.text));
      const page = await request(app).get(`/docs/${api}`);
      expect([page.status, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    }
    const redirect = await request(app).get('/docs');
    expect([redirect.status, redirect.headers.location]).toEqual([301, 'docs/']);
    const index = await request(app).get('/docs/');
    // Every relative link of the index resolves against /docs/ to something served.
    const links = [...index.text.matchAll(/href="([^"#:]+)[^"]*"/g)].map((m) => new URL(m[1]!, 'http://x/docs/').pathname);
    expect(links.length).toBeGreaterThan(3);
    for (const link of new Set(links)) expect((await request(app).get(link)).status, link).toBe(200);
    const unknown = await request(app).get('/nowhere');
    expect([unknown.status, unknown.headers['content-type']]).toEqual([404, 'application/json; charset=utf-8']);
  });

  it('logs one line per request: method, path without the query string, status, duration', async () => {
    const { app, logs } = testServer({ now: manualClock(NOW), config: { logRequests: true }, handlers: exampleHandlers });
    await request(app).get(signedUrl({ method: 'GET', path: '/balances' }));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^GET \/api\/v1\/balances 200 \d+\.\dms$/);
    // Probes are not logged; unknown routes and HEAD are, with the status sent.
    await request(app).get('/healthz');
    await request(app).get('/nowhere?sig=secret');
    await request(app).head('/api/v1/tickers/btcusd');
    expect(logs.slice(1).map((l) => l.replace(/ \d+\.\dms$/, ''))).toEqual(['GET /nowhere 404', 'HEAD /api/v1/tickers/btcusd 200']);
  });
});
