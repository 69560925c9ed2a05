// The validators for other services, mounted in bare Express apps: validation and the API's error
// mapping in one Router, handlers of the service behind it, optional auth and response checks.
import { createHmac } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from '../contracts/shared/primitives.ts';
import { exchangeValidator, merchantValidator, partnerValidator } from '../server/validators.ts';
import { exchangePrincipal, queryOf } from '../server/index.ts';
import { contractDocuments, manualClock } from '../server/testing.ts';
import { MERCHANT_AUTH, NOW, createPaymentBody, signedUrl } from './server-helpers.ts';

const docs = contractDocuments();

describe('merchantValidator() in a bare Express app', () => {
  const app = express();
  app.use('/merchant/v2', merchantValidator({ document: docs.merchant }));
  app.post('/merchant/v2/payments', (req, res) => {
    res.status(201).json({ received: req.body.payment.invoice_number });
  });
  app.get('/merchant/v2/transactions', (req, res) => {
    res.json({ query: req.query });
  });

  it('rejects an invalid payment with the merchant error body (422, source per field)', async () => {
    const res = await request(app).post('/merchant/v2/payments').send({ payment: { ...createPaymentBody.payment, email: 'nope', amount: undefined } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      title: 'Unprocessable Entity',
      code: '1002',
      details: 'Required fields are missing or incorrect',
      source: [{ 'payment.amount': 'is required' }, { 'payment.email': `must match pattern "${EMAIL_PATTERN}"` }],
    });
  });

  it('passes a valid payment to the service handler', async () => {
    const res = await request(app).post('/merchant/v2/payments').send(createPaymentBody);
    expect([res.status, res.body]).toEqual([201, { received: 'INV1001' }]);
  });

  it('hands the handler the query coerced and with its defaults', async () => {
    const res = await request(app).get('/merchant/v2/transactions?limit=5');
    expect(res.status).toBe(200);
    expect(res.body.query.limit).toBe(5);
  });

  it('answers unknown routes and malformed JSON in the merchant shape', async () => {
    expect((await request(app).get('/merchant/v2/nope')).body).toMatchObject({ code: '1004' });
    expect((await request(app).post('/merchant/v2/payments').set('Content-Type', 'application/json').send('{')).body).toMatchObject({ code: '1011' });
  });
});

describe('validator options', () => {
  it('verifies credentials when given them (merchant Basic)', async () => {
    const app = express();
    app.use('/m', merchantValidator({ document: docs.merchant, auth: { keys: [{ apiKey: 'k', secret: 's', sandbox: false, permissions: [], hostedPaymentIds: [], webhookSigningSecret: 'w' }] } }));
    app.get('/m/currencies', (_req, res) => res.json({ currencies: [] }));
    expect((await request(app).get('/m/currencies')).status).toBe(401);
    expect((await request(app).get('/m/currencies').auth('k', 's')).status).toBe(200);
    expect((await request(app).get('/m/currencies').set('Authorization', MERCHANT_AUTH)).status).toBe(401);
  });

  it('follows a reference from one path into another (as bundlers write them), and refuses a reference to nothing when it is made', async () => {
    const doc = structuredClone(docs.merchant) as { paths: Record<string, Record<string, { parameters?: unknown[] }>> };
    const payout = doc.paths['/payouts/{id}']!.get!;
    // The payout's id parameter written as a pointer into another path's (same name, same rule).
    doc.paths['/payouts/{id}/transactions']!.get!.parameters = [{ $ref: '#/paths/~1payouts~1%7Bid%7D/get/parameters/0' }];
    expect(payout.parameters).toHaveLength(1);
    const app = express();
    app.use('/m', merchantValidator({ document: doc as never }));
    app.get('/m/payouts/:id/transactions', (_req, res) => res.json({ transactions: [] }));
    expect((await request(app).get('/m/payouts/12/transactions').set('Authorization', MERCHANT_AUTH)).status).toBe(200);
    const bad = await request(app).get('/m/payouts/abc/transactions').set('Authorization', MERCHANT_AUTH);
    expect([bad.status, bad.body.source]).toEqual([422, [{ id: 'must be integer' }]]);
    // Another document object (validators are shared per document object).
    const broken = structuredClone(doc);
    broken.paths['/payouts/{id}/transactions']!.get!.parameters = [{ $ref: '#/components/parameters/Gone' }];
    expect(() => merchantValidator({ document: broken as never })).toThrow('$ref #/components/parameters/Gone does not resolve');
  });

  it('checks the responses of the service when asked, replacing an invalid one by the API 500', async () => {
    const app = express();
    app.use('/p', partnerValidator({ document: docs.partner, validateResponses: true, log: () => undefined }));
    app.post('/p/user_registration', (req, res) => {
      res.status(201).json(req.body.registration.first_name === 'Bad' ? { status: 'yes' } : { status: 1, message: 'ok' });
    });
    const body = { registration: { business_name: 'A', first_name: 'Jane', last_name: 'D', email: 'j@example.com', password: 'password1', password_confirmation: 'password1', terms_of_service: 'true' } };
    expect((await request(app).post('/p/user_registration').send(body)).status).toBe(201);
    const bad = await request(app).post('/p/user_registration').send({ registration: { ...body.registration, first_name: 'Bad' } });
    expect([bad.status, bad.body.code]).toEqual([500, '1005']);
  });

  it('validates requests below any mount point (the library matches the URL below it, not the document servers)', async () => {
    const app = express();
    app.use('/p', partnerValidator({ document: docs.partner, log: () => undefined }));
    app.post('/p/user_registration', (_req, res) => res.status(201).json({ status: 1, message: 'ok' }));
    const res = await request(app).post('/p/user_registration').send({ registration: { email: 1 } });
    expect([res.status, res.body.message]).toEqual([422, expect.arrayContaining(['registration.first_name is required', 'registration.email must be string'])]);
  });

  it('lets undocumented routes through with unknownRoutes: "pass"', async () => {
    const app = express();
    app.use('/p', partnerValidator({ document: docs.partner, unknownRoutes: 'pass' }));
    app.get('/p/health', (_req, res) => res.json({ ok: true }));
    expect((await request(app).get('/p/health')).body).toEqual({ ok: true });
  });

  it('exchange: hides the auth parameters from validation; with keys it verifies X1/X2 and exposes the principal', async () => {
    const open = express();
    open.use('/api/v1', exchangeValidator({ document: docs.exchange }));
    open.get('/api/v1/balances', (req, res) => res.json({ query: queryOf(req) }));
    const url = signedUrl({ method: 'GET', path: '/balances' });
    expect((await request(open).get(url)).body).toEqual({ query: {} });

    const verified = express();
    verified.use('/api/v1', exchangeValidator({ document: docs.exchange, now: manualClock(NOW), auth: { keys: [{ accessKey: 'demo-trader', secret: 'demo-trader-secret', scopes: ['trade'] }] } }));
    verified.get('/api/v1/balances', (req, res) => res.json({ who: exchangePrincipal(req)?.accessKey }));
    expect((await request(verified).get(url)).body).toEqual({ who: 'demo-trader' });
    expect((await request(verified).get(url)).body).toEqual({ error: { code: 2006, message: expect.any(String) } });
  });

  it('exchange: a Peatio form body (auth inside, tonce) reaches the service verified, without its auth fields, coerced', async () => {
    const app = express();
    app.use('/api/v1', exchangeValidator({ document: docs.exchange, now: manualClock(NOW), auth: { keys: [{ accessKey: 'demo-trader', secret: 'demo-trader-secret', scopes: ['trade'] }] } }));
    app.post('/api/v1/order/delete', (req, res) => res.json({ who: exchangePrincipal(req)?.accessKey, body: req.body, query: queryOf(req) }));
    const signature = createHmac('sha256', 'demo-trader-secret').update(`POST|/api/v1/order/delete|access_key=demo-trader&id=42&tonce=${NOW}`).digest('hex');
    const res = await request(app).post('/api/v1/order/delete').type('form').send(`id=42&access_key=demo-trader&tonce=${NOW}&signature=${signature}`);
    expect([res.status, res.body]).toEqual([200, { who: 'demo-trader', body: { id: 42 }, query: {} }]);
  });

  it('keeps the three documents apart in one app (no component leaks between validators)', async () => {
    const app = express();
    app.use('/api/v1', exchangeValidator({ document: docs.exchange }));
    app.use('/merchant/v2', merchantValidator({ document: docs.merchant }));
    app.use('/partner/v1', partnerValidator({ document: docs.partner }));
    app.use((_req, res) => res.json({ passed: true }));
    expect((await request(app).get('/api/v1/tickers/btcusd')).body).toEqual({ passed: true });
    expect((await request(app).get('/api/v1/tickers/BTC')).body.error.code).toBe(1001);
    expect((await request(app).get('/merchant/v2/payments/1?crypto_iso=BTC')).body).toEqual({ passed: true });
    expect((await request(app).get('/merchant/v2/payments/1?crypto_iso=btcusd')).body.code).toBe('2004');
    expect((await request(app).post('/partner/v1/user_registration').send({})).body.status).toBe(0);
  });
});
