// At run time: when the state file refuses a commit (an injected SQLITE_FULL, as a
// full disk would), the request answers 503 in its API's error body and nothing of it remains,
// neither in the file nor in memory: the same order id, invoice number or e-mail is free again.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { StateDb } from '../server/state/db.ts';
import { testServer } from '../server/testing.ts';
import { MERCHANT_AUTH, createPaymentBody, signedUrl } from './server-helpers.ts';

let state: StateDb | undefined;
afterEach(() => state?.close());

async function server() {
  state = new StateDb(join(mkdtempSync(join(tmpdir(), 'state-fail-')), 'sandbox.sqlite'));
  const app = testServer({ state, config: { rateLimit: { enabled: false } } }).app;
  // Units run in order: once this one ran and its batch committed, so has the start-up resume.
  await state.unit(async () => undefined);
  await state.durable();
  return { app, state };
}

let nonce = Date.now();
const signed = (method: 'GET' | 'POST', path: string, body?: Record<string, unknown>, query?: Record<string, string>) =>
  signedUrl({ method, path, nonce: ++nonce, ...(body ? { body } : {}), ...(query ? { query } : {}) });
const order = { market: 'btcusd', side: 'buy', ord_type: 'limit', price: '30000.00', volume: '0.5' };

describe('a commit the state file refuses', () => {
  it('exchange: 503 {error: {code: 3001}}, the balance unlocked, the order id unused', async () => {
    const { app, state } = await server();
    const balances = async () => (await request(app).get(signed('GET', '/balances'))).body;
    const before = await balances();
    // The nonce claim and the order's journal entry are in the batch whose commit fails.
    state.failNextCommit('SQLITE_FULL');
    const r = await request(app).post(signed('POST', '/orders', order)).send(order);
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ error: { code: 3001, message: 'The sandbox state store is unavailable (SQLITE_FULL); the request was not applied, retry later' } });
    expect(await balances()).toEqual(before);
    expect((await request(app).get(signed('GET', '/orders', undefined, { market: 'btcusd' }))).body).toEqual([]);
    const ok = await request(app).post(signed('POST', '/orders', order)).send(order);
    expect(ok.status).toBe(200);
    expect(ok.body.id).toBe(1);
  });

  it('exchange: the nonce of a request whose commit failed is not burnt', async () => {
    const { app, state } = await server();
    const url = signed('POST', '/orders', order);
    state.failNextCommit('SQLITE_IOERR');
    expect((await request(app).post(url).send(order)).status).toBe(503);
    expect((await request(app).post(url).send(order)).status).toBe(200);
    // And used once, it is refused (2006), from the file.
    expect((await request(app).post(url).send(order)).body.error.code).toBe(2006);
  });

  it('merchant: 503 {title, code 1006}, no payment stored, the invoice number free again', async () => {
    const { app, state } = await server();
    const body = { payment: { ...createPaymentBody.payment, invoice_number: 'INV42', webhook_url: undefined } };
    state.failNextCommit();
    const r = await request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).send(body);
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ title: 'Service Unavailable', code: '1006', details: expect.stringContaining('SQLITE_FULL') });
    expect((await request(app).get('/merchant/v2/transactions').set('Authorization', MERCHANT_AUTH)).body.transactions).toEqual([]);
    const ok = await request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).send(body);
    expect(ok.status).toBe(201);
    expect(ok.body.id).toBe(1001);
  });

  it('partner: 503, no registration stored, the e-mail free again', async () => {
    const { app, state } = await server();
    const body = {
      registration: {
        business_name: 'Acme', first_name: 'Jane', last_name: 'Doe', email: 'jane@acme.example.com',
        password: 'correct-horse-battery', password_confirmation: 'correct-horse-battery', terms_of_service: 'true',
      },
    };
    const post = () => request(app).post('/partner/v1/user_registration').set('Authorization', 'Bearer demo-partner-key').send(body);
    state.failNextCommit();
    const r = await post();
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ title: 'Service Unavailable', code: '1006' });
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(422); // the duplicate is still refused
  });
});
