// Every failure of the merchant API answers `{title, code, details, error?, source?}` (M1) with the
// status of the shared code table; auth is HTTP Basic with the Refund Create permission.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { merchantOperations } from '../contracts/merchant/operations.ts';
import { EMAIL_PATTERN } from '../contracts/shared/primitives.ts';
import { ApiDomainError } from '../server/core/errors.ts';
import { notImplementedHandlers } from '../server/api/not-implemented.ts';
import { testServer } from '../server/testing.ts';
import { MERCHANT_AUTH, MERCHANT_NOREFUND_AUTH, basic, createPaymentBody, exampleHandlers } from './server-helpers.ts';

const make = (handlers = {}) =>
  testServer({ config: { rateLimit: { enabled: false }, bodyLimit: '2kb' }, handlers: { merchant: { ...exampleHandlers.merchant, ...handlers } } });
const post = (app: ReturnType<typeof make>['app'], path: string, auth = MERCHANT_AUTH) =>
  request(app).post(`/merchant/v2${path}`).set('Authorization', auth);
const refund = { email: 'jane@example.com', amount_to_refund_fiat: '10.00' };

describe('merchant auth (HTTP Basic)', () => {
  it.each([
    ['no header', undefined],
    ['a wrong secret', basic('demo-merchant', 'nope')],
    ['an unknown key', basic('nobody', 'demo-merchant-secret')],
    ['Bearer instead of Basic', 'Bearer demo-merchant'],
    ['garbage', 'Basic !!!'],
  ])('401 code 1001 for %s', async (_name, auth) => {
    const req = request(make().app).get('/merchant/v2/currencies');
    const res = await (auth ? req.set('Authorization', auth) : req);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ title: 'Unauthorized', code: '1001', details: expect.stringMatching(/^Key or secret not set properly in Authorization/) });
  });

  it('401 code 1003 for a refund with a key lacking Refund Create, on both refund-creating operations', async () => {
    const { app } = make();
    const res = await post(app, '/transactions/7001/refunds', MERCHANT_NOREFUND_AUTH).send(refund);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ title: 'Permission denied', code: '1003' });
    const instant = await post(app, '/transactions/instant_refund', MERCHANT_NOREFUND_AUTH).send({});
    expect(instant.body.code).toBe('1003');
    expect((await post(app, '/transactions/7001/refunds').send(refund)).status).toBe(201);
  });

  it('checks credentials before validation: a bad body with a bad key is 401', async () => {
    expect((await post(make().app, '/payments', basic('x', 'y')).send({})).status).toBe(401);
  });
});

describe('merchant error mapping (M1)', () => {
  it('422 code 1002 with one source entry per invalid field, dotted paths', async () => {
    const body = { payment: { ...createPaymentBody.payment, email: 'not-an-email', amount: 'ten', first_name: undefined } };
    const res = await post(make().app, '/payments').send(body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ title: 'Unprocessable Entity', code: '1002', details: 'Required fields are missing or incorrect' });
    const source = Object.assign({}, ...res.body.source) as Record<string, string>;
    expect(Object.keys(source).sort()).toEqual(['payment.amount', 'payment.email', 'payment.first_name']);
    expect(source['payment.email']).toBe(`must match pattern "${EMAIL_PATTERN}"`);
    expect(res.body.source).toHaveLength(3);
  });

  it('422 code 2004 "Invalid currency type" for an unknown crypto_iso, in the body and in the query', async () => {
    const { app } = make();
    const res = await post(app, '/payments').send({ payment: { ...createPaymentBody.payment, crypto_iso: 'DOGE' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ title: 'Invalid currency type', code: '2004', details: 'Invalid currency type', source: [{ 'payment.crypto_iso': expect.any(String) }] });
    const query = await request(app).get('/merchant/v2/payments/1001?crypto_iso=DOGE').set('Authorization', MERCHANT_AUTH);
    expect(query.body).toMatchObject({ code: '2004', source: [{ crypto_iso: expect.any(String) }] });
    const missing = await request(app).get('/merchant/v2/payments/1001').set('Authorization', MERCHANT_AUTH);
    expect(missing.body).toMatchObject({ code: '1002', source: [{ crypto_iso: 'is required' }] });
  });

  it('400 code 1011 for a malformed JSON or form body, 413 code 1008 over the limit, 415 code 1010 for another media type', async () => {
    const { app } = make();
    const malformed = await post(app, '/payments').set('Content-Type', 'application/json').send('{"payment": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ title: 'Malformed request body', code: '1011', details: 'The request body is not valid JSON' });
    const badForm = await post(app, '/payments').type('form').send('payment[amount]=%E2%82');
    expect([badForm.status, badForm.body]).toEqual([400, {
      title: 'Malformed request body',
      code: '1011',
      details: 'The request body is not valid application/x-www-form-urlencoded',
      error: 'body: the value of payment[amount] "%E2%82" is not valid percent-encoded UTF-8',
    }]);
    const large = await post(app, '/payments').send({ payment: { ...createPaymentBody.payment, first_name: 'x'.repeat(3000) } });
    expect([large.status, large.body.code]).toEqual([413, '1008']);
    const text = await post(app, '/payments').set('Content-Type', 'text/plain').send('payment');
    expect([text.status, text.body.code]).toEqual([415, '1010']);
    const latin1 = await post(app, '/payments').set('Content-Type', 'application/x-www-form-urlencoded; charset=iso-8859-1').send('a=1');
    expect([latin1.status, latin1.body.code]).toEqual([415, '1010']);
  });

  it('404 code 1004 for an unknown route and 405 code 1009 for a wrong method', async () => {
    const { app } = make();
    const missing = await request(app).get('/merchant/v2/nothing').set('Authorization', MERCHANT_AUTH);
    expect([missing.status, missing.body]).toEqual([404, { title: 'Not Found', code: '1004', details: 'Unknown route GET /merchant/v2/nothing' }]);
    const method = await request(app).put('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH);
    expect([method.status, method.body.code, method.headers.allow]).toEqual([405, '1009', 'POST']);
  });

  it('405 by OpenAPI path precedence: a concrete path before a templated one, on every path; OPTIONS gets the real Allow', async () => {
    const { app } = make();
    const auth = (r: request.Test) => r.set('Authorization', MERCHANT_AUTH);
    // `/transactions/instant_refund` has only POST; it is not `/transactions/{id}` with id "instant_refund".
    const get = await auth(request(app).get('/merchant/v2/transactions/instant_refund'));
    expect([get.status, get.headers.allow, get.body]).toEqual([405, 'POST', { title: 'Method Not Allowed', code: '1009', details: 'Method GET not allowed on /merchant/v2/transactions/instant_refund; allowed: POST' }]);
    const options = await auth(request(app).options('/merchant/v2/transactions/instant_refund'));
    expect([options.status, options.headers.allow, options.body.code]).toEqual([405, 'POST', '1009']);
    // The templated path keeps its own operations, and its own Allow.
    expect((await auth(request(app).get('/merchant/v2/transactions/7001'))).body.code).toBe('1004'); // the handler's 404: no such transaction
    const del = await auth(request(app).delete('/merchant/v2/transactions/7001'));
    expect([del.status, del.headers.allow]).toEqual([405, 'GET, HEAD']);
    const pending = await auth(request(app).post('/merchant/v2/payouts/pending'));
    expect([pending.status, pending.headers.allow]).toEqual([405, 'GET, HEAD']);
  });

  it('domain errors keep their body; an unexpected exception is 500 code 1005 without details', async () => {
    const { app, logs } = make({
      getPayment: () => {
        throw new ApiDomainError(404, '1004', 'Record not found');
      },
      listCurrencies: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'secret')");
      },
    });
    const missing = await request(app).get('/merchant/v2/payments/5?crypto_iso=BTC').set('Authorization', MERCHANT_AUTH);
    expect([missing.status, missing.body]).toEqual([404, { title: 'Not Found', code: '1004', details: 'Record not found' }]);
    const crash = await request(app).get('/merchant/v2/currencies').set('Authorization', MERCHANT_AUTH);
    expect([crash.status, crash.body]).toEqual([500, { title: 'Internal Server Error', code: '1005', details: 'Internal server error' }]);
    expect(logs.join('\n')).toContain('TypeError');
    expect(logs.join('\n')).not.toMatch(/demo-merchant-secret|Basic /);
  });

  it('sends 204 without a body, and 501 code 1005 for an operation that is not implemented', async () => {
    const { app } = make();
    const deleted = await request(app).delete('/merchant/v2/invoice_recipients/3').set('Authorization', MERCHANT_AUTH);
    expect([deleted.status, deleted.text]).toEqual([204, '']);
    const todo = await request(testServer({ handlers: { merchant: notImplementedHandlers(merchantOperations) } }).app).get('/merchant/v2/payouts').set('Authorization', MERCHANT_AUTH);
    expect([todo.status, todo.body]).toEqual([501, { title: 'Not Implemented', code: '1005', details: 'Operation listPayouts is not implemented by this server' }]);
  });
});
