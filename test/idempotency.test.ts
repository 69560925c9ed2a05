// Idempotency-Key on merchant and partner POSTs, in process: a repeat gets the
// stored answer (not executed again), another body with the key is 422 naming the header, a repeat
// while the first runs is 409 1012; no key, no change. Through the real proxy and client: idempotency-proxy.test.ts.
import request from 'supertest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createServer } from '../server/app.ts';
import { ApiDomainError } from '../server/core/errors.ts';
import { contractDocuments } from '../server/testing.ts';
import { StateDb } from '../server/state/db.ts';
import { MERCHANT_AUTH, MERCHANT_NOREFUND_AUTH, PARTNER_BASIC, PARTNER_BEARER, createPaymentBody } from './server-helpers.ts';

const { webhook_url: _none, ...paymentFields } = createPaymentBody.payment;
const payment = { payment: paymentFields };

describe('Idempotency-Key', () => {
  it('answers a repeat with the stored answer, marked replayed, without executing it again', async () => {
    const app = createServer({ log: () => undefined });
    const post = () => request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 'k-1').send(payment);
    const first = await post();
    const second = await post();
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect([second.status, second.body, second.headers['idempotent-replayed']]).toEqual([201, first.body, 'true']);
    const third = await request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).send(payment);
    expect([third.status, third.body.code]).toEqual([422, '2001']); // without a key it executes again: M5 refuses the invoice number
  });

  it('refuses the key with another body: 422 naming the header', async () => {
    const app = createServer({ log: () => undefined });
    const post = (amount: string) => request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 'k-2').send({ payment: { ...paymentFields, amount } });
    expect((await post('10.00')).status).toBe(201);
    const other = await post('11.00');
    expect([other.status, other.body]).toEqual([422, {
      title: 'Unprocessable Entity', code: '1002', details: 'Required fields are missing or incorrect',
      source: [{ 'Idempotency-Key': 'was already used with a different request (method, path or body); send a new key for a new request' }],
    }]);
  });

  it('refuses the key with another body in the body the operation declares for 422 (partner registration: {status: 0, message})', async () => {
    const app = createServer({ log: () => undefined });
    const post = (email: string) => request(app).post('/partner/v1/user_registration').set('Authorization', PARTNER_BEARER).set('Idempotency-Key', 'k-r').send({ registration: { email } });
    expect((await post('x')).status).toBe(422);
    const other = await post('y');
    expect([other.status, other.body]).toEqual([422, {
      status: 0,
      message: ['Idempotency-Key was already used with a different request (method, path or body); send a new key for a new request'],
    }]);
    const malformed = await request(app).post('/partner/v1/user_registration').set('Authorization', PARTNER_BEARER).set('Idempotency-Key', 'a b').send({ registration: { email: 'x' } });
    expect([malformed.status, malformed.body]).toEqual([422, { status: 0, message: ['Idempotency-Key must be 1 to 255 visible ASCII characters'] }]);
  });

  it('keeps keys per API key, and refuses a malformed key', async () => {
    const app = createServer({ log: () => undefined });
    const bad = await request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 'a b').send(payment);
    expect([bad.status, bad.body.code]).toEqual([422, '1002']);
    const registration = (email: string) => ({ registration: { email } });
    const reg = await request(app).post('/partner/v1/user_registration').set('Authorization', PARTNER_BEARER).set('Idempotency-Key', 'k-3').send(registration('x'));
    const again = await request(app).post('/partner/v1/user_registration').set('Authorization', PARTNER_BEARER).set('Idempotency-Key', 'k-3').send(registration('x'));
    expect([again.status, again.body, again.headers['idempotent-replayed']]).toEqual([reg.status, reg.body, 'true']);
  });

  it('scopes a key to its principal: another API key sending the same key and body executes on its own, never sees the first answer', async () => {
    let executed = 0;
    const app = createServer({
      log: () => undefined,
      handlers: { merchant: { createPayment: async () => ({ status: 201, body: { id: ++executed } as never }) } },
      config: { validate: 'requests' },
    });
    const post = (auth: string) => request(app).post('/merchant/v2/payments').set('Authorization', auth).set('Idempotency-Key', 'shared').send(payment);
    const first = await post(MERCHANT_AUTH);
    const other = await post(MERCHANT_NOREFUND_AUTH);
    expect([first.status, first.body, first.headers['idempotent-replayed']]).toEqual([201, { id: 1 }, undefined]);
    expect([other.status, other.body, other.headers['idempotent-replayed']]).toEqual([201, { id: 2 }, undefined]);
    // Each principal's own repeat is still its own replay.
    const again = await post(MERCHANT_NOREFUND_AUTH);
    expect([again.status, again.body, again.headers['idempotent-replayed'], executed]).toEqual([201, { id: 2 }, 'true', 2]);
    // Partner credentials: a Bearer key and a Basic key are two principals too.
    const reg = (auth: string) => request(app).post('/partner/v1/user_registration').set('Authorization', auth).set('Idempotency-Key', 'shared').send({ registration: { email: 'x' } });
    const bearer = await reg(PARTNER_BEARER);
    const basicAuth = await reg(PARTNER_BASIC);
    expect([bearer.headers['idempotent-replayed'], basicAuth.headers['idempotent-replayed']]).toEqual([undefined, undefined]);
  });

  // Returned by the handler or thrown by it (the error handler answers), the same rule.
  it.each([
    [409, 'returned'], [429, 'returned'], [500, 'returned'], [503, 'returned'],
    [409, 'thrown'], [429, 'thrown'], [500, 'thrown'], [503, 'thrown'],
  ] as const)('never stores an answer that says retry (%i, %s): the repeat executes again', async (status, how) => {
    let executed = 0;
    const app = createServer({
      log: () => undefined,
      handlers: {
        merchant: {
          createPayment: async () => {
            executed++;
            if (executed > 1) return { status: 201, body: { id: executed } as never };
            if (how === 'thrown') throw new ApiDomainError(status, '1012', 'try again');
            // Not every status is declared for this operation; validate: 'requests' lets it through as sent.
            return { status, body: { title: 'Retry', code: '1012', details: 'try again' } } as never;
          },
        },
      },
      config: { validate: 'requests' },
    });
    const post = () => request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', `retry-${status}-${how}`).send(payment);
    expect((await post()).status).toBe(status);
    const second = await post();
    expect([second.status, second.body, second.headers['idempotent-replayed'], executed]).toEqual([201, { id: 2 }, undefined, 2]);
    const third = await post();
    expect([third.status, third.body, third.headers['idempotent-replayed'], executed]).toEqual([201, { id: 2 }, 'true', 2]);
  });

  // With a state file (npm start's) the reference handlers run in a unit of work with their answer.
  // In memory their writes cannot be undone, so what is sent after them is kept (see idempotency.ts).
  it('never stores an answer express-openapi-validator refused: 500 in the API body, the writes rolled back, the repeat executes again', async () => {
    // The document's 201 of createPayment asks for a field the reference handler never writes.
    const docs = contractDocuments();
    const merchant = structuredClone(docs.merchant) as { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>> };
    const created = merchant.paths['/payments']!.post!.responses['201']!.content['application/json']!;
    created.schema = { allOf: [created.schema], required: ['never_written'] };
    const logs: string[] = [];
    const state = new StateDb(join(mkdtempSync(join(tmpdir(), 'idem-refused-')), 'state.sqlite'));
    onTestFinished(() => state.close());
    const app = createServer({ documents: { ...docs, merchant }, state, log: (l) => logs.push(l), config: { logRequests: false } });
    const post = () => request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 'k-refused').send(payment);
    const first = await post();
    expect([first.status, first.body]).toEqual([500, { title: 'Internal Server Error', code: '1005', details: expect.any(String) }]);
    expect(logs.join('\n')).toMatch(/response failed validation: createPayment 201: \/response\/never_written must have required property 'never_written'/);
    // Had the answer or the payment been kept, the repeat would be replayed, or refused (M5: the invoice number is taken).
    const second = await post();
    expect([second.status, second.body.code, second.headers['idempotent-replayed']]).toEqual([500, '1005', undefined]);
  });

  it('stores and replays a 4xx answer of the handler other than 409 and 429 (the request itself was wrong)', async () => {
    let executed = 0;
    const app = createServer({
      log: () => undefined,
      handlers: { merchant: { createPayment: async () => ({ status: 422, body: { title: 'Unprocessable Entity', code: '2001', details: `no ${++executed}` } as never }) } },
      config: { validate: 'requests' },
    });
    const post = () => request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 'k-422').send(payment);
    const first = await post();
    const second = await post();
    expect([first.status, first.body.details]).toEqual([422, 'no 1']);
    expect([second.status, second.body, second.headers['idempotent-replayed'], executed]).toEqual([422, first.body, 'true', 1]);
  });

  it('lets one of two concurrent requests with one key execute; the other gets 409 1012 with Retry-After', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let executed = 0;
    const app = createServer({
      log: () => undefined,
      handlers: { merchant: { createPayment: async () => { executed++; await gate; return { status: 201, body: { id: 7 } as never }; } } },
      config: { validate: 'requests' },
    });
    const post = () => request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 'k-4').send(payment);
    const first = post().then((r) => r);
    await new Promise((r) => setTimeout(r, 100));
    const second = await post();
    expect([second.status, second.body, second.headers['retry-after']]).toEqual([409, {
      title: 'Conflict', code: '1012', details: 'A request with this Idempotency-Key is still running; retry to get its answer',
    }, '1']);
    release();
    expect((await first).status).toBe(201);
    const third = await post();
    expect([third.status, third.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect(executed).toBe(1);
  });

  it('keeps the key of a request whose client went away while its handler ran: a retry never executes it again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let executed = 0;
    const app = createServer({
      log: () => undefined,
      handlers: { merchant: { createPayment: async () => { executed++; await gate; return { status: 201, body: { id: 8 } as never }; } } },
      config: { validate: 'requests' },
    });
    const post = () => request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 'k-5').send(payment);
    // The client gives up once the handler runs (a condition, not a timeout: on a busy machine a
    // fixed 100 ms could pass before the request reached the handler); the handler still runs.
    const gone = post();
    void gone.then(undefined, () => undefined);
    await vi.waitFor(() => expect(executed).toBe(1), { timeout: 20_000, interval: 5 });
    gone.abort();
    const during = await post();
    expect([during.status, during.body.code]).toEqual([409, '1012']);
    release();
    // Until the first request's answer is recorded its key answers 409; then the replay, never a second run.
    const after = await vi.waitFor(async () => {
      const res = await post();
      expect(res.status).not.toBe(409);
      return res;
    }, { timeout: 20_000, interval: 10 });
    expect([after.status, after.body, after.headers['idempotent-replayed'], executed]).toEqual([201, { id: 8 }, 'true', 1]);
  });

  it('replays an answer without a body as one: same status, no body, no JSON content type', async () => {
    let executed = 0;
    const app = createServer({
      log: () => undefined,
      handlers: { merchant: { createPayment: async () => (executed++, { status: 202 }) as never } },
      config: { validate: 'requests' },
    });
    const post = () => request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 'k-empty').send(payment);
    const first = await post();
    const second = await post();
    expect([first.status, first.text, first.headers['content-type']]).toEqual([202, '', undefined]);
    expect([second.status, second.text, second.headers['content-type'], second.headers['idempotent-replayed'], executed]).toEqual([202, '', undefined, 'true', 1]);
  });

  it('refuses a malformed key itself, naming the header, when no document validation runs before it', async () => {
    const app = createServer({ log: () => undefined, config: { validate: 'none' } });
    const bad = await request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 'a b').send(payment);
    expect([bad.status, bad.body]).toEqual([422, {
      title: 'Unprocessable Entity', code: '1002', details: 'Required fields are missing or incorrect',
      source: [{ 'Idempotency-Key': 'must be 1 to 255 visible ASCII characters' }],
    }]);
  });
});
