// The one validation pass through real requests: what the document states is what is enforced,
// coercion is the document's (canonical text only), errors come from express-openapi-validator's
// structured errors.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from '../../contracts/shared/primitives.ts';
import exchangeDoc from '../../generated/openapi/exchange.document.ts';
import { testServer } from '../testing.ts';
import { loadApiValidator } from './document-validator.ts';

const MERCHANT_AUTH = `Basic ${Buffer.from('demo-merchant:demo-merchant-secret').toString('base64')}`;
const { app } = testServer({ config: { rateLimit: { enabled: false } } });
const widget = (o: Record<string, unknown> = {}) => ({
  amount: '25.00', external_id: 'order-1', hosted_payment_id: 1, first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', ...o,
});
const postWidget = (body: unknown) => request(app).post('/merchant/v2/widget_payments').set('Authorization', MERCHANT_AUTH).send(body as object);

describe('merchant JSON bodies: canonical numeric and boolean strings only (M-lenient-scalars)', () => {
  it('accepts "1" where the document wants an integer', async () => {
    expect((await postWidget(widget({ hosted_payment_id: '1' }))).status).toBe(200);
  });

  it.each(['1.0', ' 1', '1e0', '01', '+1', ''])('refuses %j naming the field', async (text) => {
    const res = await postWidget(widget({ hosted_payment_id: text }));
    expect([res.status, res.body.code, res.body.source]).toEqual([422, '1002', [{ hosted_payment_id: 'must be integer' }]]);
  });
});

describe('formats in full mode, by exactly the rule the document states', () => {
  it('format: uri refuses a control character', async () => {
    const res = await postWidget(widget({ callback_url: 'https://x/\u0001' }));
    expect([res.status, res.body.source]).toEqual([422, [{ callback_url: 'must match format "uri"' }]]);
  });

  it('an e-mail is checked by its pattern alone: an RFC-valid address with unusual characters passes', async () => {
    expect((await postWidget(widget({ email: 'a+b{c}&d*e@research.m.dev' }))).status).toBe(200);
    expect((await postWidget(widget({ email: 'not an address' }))).body.source).toEqual([{ email: `must match pattern "${EMAIL_PATTERN}"` }]);
  });
});

describe('errors from the structured errors of the validator', () => {
  it('names nested fields dotted and every invalid field once', async () => {
    const res = await request(app)
      .post('/merchant/v2/payments')
      .set('Authorization', MERCHANT_AUTH)
      .send({ payment: { email: 'x', price: 1 } });
    expect(res.status).toBe(422);
    const fields = (res.body.source as Record<string, string>[]).map((s) => Object.keys(s)[0]);
    expect(fields).toContain('payment.email');
    expect(new Set(fields).size).toBe(fields.length);
  });

  it('unknown query parameters (the library stops its checks there), then empty values (minLength) and wrong types, located', async () => {
    const unknown = await request(app).get('/merchant/v2/transactions?limit=abc&foo=1&external_id=').set('Authorization', MERCHANT_AUTH);
    expect([unknown.status, unknown.body.source]).toEqual([422, [{ foo: 'is not a parameter of this operation' }, { limit: 'must be integer' }]]);
    const res = await request(app).get('/merchant/v2/transactions?limit=abc&external_id=').set('Authorization', MERCHANT_AUTH);
    expect(res.status).toBe(422);
    expect(res.body.source).toEqual([{ limit: 'must be integer' }, { external_id: 'must NOT have fewer than 1 characters' }]);
  });
});

describe('defaults', () => {
  it('are filled by the library (its Ajv useDefaults over the dereferenced document, $ref included) before the handler', async () => {
    const seen: unknown[] = [];
    const { app } = testServer({ config: { rateLimit: { enabled: false }, validate: 'requests' }, handlers: { exchange: { getOrderBook: ({ query }) => (seen.push(query), { status: 200, body: {} as never }) } } });
    expect((await request(app).get('/api/v1/order_book?market=btcusd')).status).toBe(200);
    expect((await request(app).get('/api/v1/order_book?market=btcusd&limit=3')).status).toBe(200);
    expect(seen).toEqual([{ market: 'btcusd', limit: 100 }, { market: 'btcusd', limit: 3 }]);
  });
});

describe('the pre-pass alone', () => {
  const v = loadApiValidator(exchangeDoc as never, { requests: true, responses: true });
  const input = (query: Record<string, unknown>) => ({ params: {}, query, body: undefined, coerceBody: false });

  it('returns the prepared request: canonical text typed; the document defaults (also behind a $ref) only without the library (VALIDATE=none)', () => {
    expect(v.prepareRequest('getTrades', input({ market: 'btcusd' })).query).toEqual({ market: 'btcusd' });
    const alone = loadApiValidator(exchangeDoc as never, { requests: false, responses: false });
    expect(alone.prepareRequest('getTrades', input({ market: 'btcusd' })).query).toEqual({ market: 'btcusd', limit: 50, order_by: 'desc' });
    expect(v.prepareRequest('getOrderBook', input({ market: 'btcusd', limit: '7' })).query).toEqual({ market: 'btcusd', limit: 7 });
  });

  it('reports non-canonical numeric text in the query, which the library would coerce', () => {
    expect(v.prepareRequest('getOrderBook', input({ market: 'btcusd', limit: '7.0' })).issues).toEqual([{ location: 'query', field: 'limit', message: 'must be integer' }]);
  });

});

describe('responses, checked by express-openapi-validator through res.json', () => {
  it('answers the API 500 for a body that does not match or a status the operation does not declare, logging the library errors', async () => {
    let answer: { status: number; body: unknown } = { status: 200, body: { market: 'btcusd' } };
    const { app, logs } = testServer({ config: { rateLimit: { enabled: false } }, handlers: { exchange: { getTicker: () => answer as never } } });
    const bad = await request(app).get('/api/v1/tickers/btcusd');
    expect([bad.status, bad.body]).toEqual([500, { error: { code: 1005, message: 'Internal server error' } }]);
    expect(logs.join('\n')).toMatch(/response failed validation: getTicker 200: \/response\/at must have required property 'at'/);
    answer = { status: 299, body: {} };
    expect((await request(app).get('/api/v1/tickers/btcusd')).status).toBe(500);
    expect(logs.join('\n')).toMatch(/getTicker 299: .*no schema defined for status code '299'/);
    const real = await request(testServer().app).get('/api/v1/tickers/btcusd');
    answer = { status: 200, body: real.body };
    const good = await request(app).get('/api/v1/tickers/btcusd');
    expect([good.status, good.body]).toEqual([200, real.body]);
  });
});

describe('express-openapi-validator', () => {
  it('is used through its public entry point only: no server module reaches into its private modules (dist/)', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts')) files.push(path);
      }
    };
    walk('server');
    const offenders = files.filter((f) => /from ['"]express-openapi-validator\//.test(readFileSync(f, 'utf8')));
    expect(offenders, 'server modules importing private modules of the package').toEqual([]);
  });
});
