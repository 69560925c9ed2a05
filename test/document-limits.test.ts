// The limits the documents now state are the server's (decisions *-sizes, *-answers): real requests
// to the reference server, which validates against the generated documents.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { POSITIVE_FIAT_PATTERN } from '../contracts/shared/primitives.ts';
import { testServer } from '../server/testing.ts';
import { MERCHANT_AUTH, createPaymentBody } from './server-helpers.ts';

const { app } = testServer();
const merchant = (path: string) => `/merchant/v2${path}`;

describe('merchant: what the document states is what the server enforces', () => {
  it('a 90 kB invoice_number is refused (maxLength 64), naming the field', async () => {
    const body = { ...createPaymentBody, payment: { ...createPaymentBody.payment, invoice_number: 'A'.repeat(90_000) } };
    const res = await request(app).post(merchant('/payments')).set('Authorization', MERCHANT_AUTH).send(body);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('1002');
    expect(res.body.source).toEqual([{ 'payment.invoice_number': 'must NOT have more than 64 characters' }]);
  });

  it('an RFC-valid e-mail the old zod check refused is accepted (the e-mail pattern is the one rule)', async () => {
    const res = await request(app)
      .post(merchant('/invoice_recipients'))
      .set('Authorization', MERCHANT_AUTH)
      .send({ invoice_recipient: { company_name: 'Acme', email: 'fm*bm&r{2j@research.m.dev' } });
    expect(res.status).toBe(201);
    expect(res.body.email).toBe('fm*bm&r{2j@research.m.dev');
  });

  it('a fiat refund amount with 3 decimal places is refused by the declared pattern', async () => {
    const res = await request(app).post(merchant('/transactions/instant_refund')).set('Authorization', MERCHANT_AUTH)
      .send({ id: 1, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount_to_refund_fiat: '10.001' });
    expect(res.status).toBe(422);
    expect(res.body.source).toEqual([{ amount_to_refund_fiat: `must match pattern "${POSITIVE_FIAT_PATTERN}"` }]);
  });

  it.each(['/currencies', '/payouts', '/payouts/pending', '/payouts/pending/transactions', '/invoice_recipients'])(
    'GET %s?foo=1 answers the declared 422',
    async (path) => {
      const res = await request(app).get(merchant(`${path}?foo=1`)).set('Authorization', MERCHANT_AUTH);
      expect(res.status).toBe(422);
      expect(res.body.source).toEqual([{ foo: 'is not a parameter of this operation' }]);
    },
  );

  it('an empty transaction_id is refused (minLength 1)', async () => {
    const res = await request(app).get(merchant('/transactions?transaction_id=')).set('Authorization', MERCHANT_AUTH);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.source[0])).toEqual(['transaction_id']);
  });
});

describe('exchange', () => {
  it('an integer above 2^53 - 1 is 400 1001, as the maximum says', async () => {
    const res = await request(app).get('/api/v1/trade_history?market=btcusd&timestamp=9007199254740992');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(1001);
    expect(res.body.error.message).toMatch(/^timestamp: /);
  });

  it('GET /timestamp?foo=1 answers the declared 400 1001', async () => {
    const res = await request(app).get('/api/v1/timestamp?foo=1');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(1001);
  });
});
