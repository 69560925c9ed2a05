import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from './fake-fetch.ts';
import { MerchantApiError, unwrap } from './errors.ts';
import { createMerchantClient } from './merchant.ts';

const BASIC = 'Basic ZGVtby1tZXJjaGFudDpkZW1vLW1lcmNoYW50LXNlY3JldA=='; // base64("demo-merchant:demo-merchant-secret")

function client(answers = [json({})], baseUrl = 'http://127.0.0.1:8080/merchant/v2') {
  const f = fakeFetch(answers);
  return { m: createMerchantClient({ baseUrl, apiKey: 'demo-merchant', apiSecret: 'demo-merchant-secret', fetch: f.fetch }), f };
}

describe('createMerchantClient', () => {
  it('sends HTTP Basic with the exact base64 of key:secret', async () => {
    const { m, f } = client([json({ transactions: [] })]);
    await m.GET('/transactions', { params: { query: { limit: 10, status: 'paid' } } });
    const r = f.last();
    expect(r.method).toBe('GET');
    expect(r.url).toBe('http://127.0.0.1:8080/merchant/v2/transactions?limit=10&status=paid');
    expect(Object.fromEntries(r.headers)).toEqual({ authorization: BASIC });
  });

  it('sends a JSON body and path parameters', async () => {
    const { m, f } = client();
    await m.POST('/transactions/{transaction_id}/refunds', {
      params: { path: { transaction_id: 7001 } },
      body: { amount_to_refund: '0.0001', email: 'jane@example.com' },
    });
    const r = f.last();
    expect(r.url).toBe('http://127.0.0.1:8080/merchant/v2/transactions/7001/refunds');
    // A POST is retried by default, so it carries one Idempotency-Key (a UUID) for all its attempts.
    expect(Object.fromEntries(r.headers)).toEqual({ authorization: BASIC, 'content-type': 'application/json', 'idempotency-key': expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) });
    expect(await r.text()).toBe('{"amount_to_refund":"0.0001","email":"jane@example.com"}');
  });

  it('accepts a host-only baseUrl', async () => {
    const { m, f } = client([json({ transactions: [] })], 'http://127.0.0.1:8080');
    await m.GET('/currencies');
    expect(f.last().url).toBe('http://127.0.0.1:8080/merchant/v2/currencies');
  });

  it('keeps extra headers, and its own Authorization wins', async () => {
    const f = fakeFetch([json({})]);
    const m = createMerchantClient({
      baseUrl: 'http://h', apiKey: 'demo-merchant', apiSecret: 'demo-merchant-secret', fetch: f.fetch,
      headers: { 'X-Request-Id': 'r1', Authorization: 'Bearer nope' },
    });
    await m.GET('/payouts/pending');
    expect(f.last().headers.get('authorization')).toBe(BASIC);
    expect(f.last().headers.get('x-request-id')).toBe('r1');
  });

  it('needs both key and secret', () => {
    expect(() => createMerchantClient({ baseUrl: 'http://h', apiKey: 'k', apiSecret: '' })).toThrow(/apiKey and apiSecret/);
  });

  it('unwrap raises MerchantApiError with code, title, details and source', async () => {
    const body = { title: 'Invalid currency type', code: '2004', details: 'Invalid currency type', source: [{ currency_iso: 'is not a supported cryptocurrency' }] };
    const { m } = client([json(body, 422)]);
    const e = (await unwrap(m.GET('/transactions', { params: { query: { currency_iso: 'BTC' } } })).catch((x: unknown) => x)) as MerchantApiError;
    expect(e).toBeInstanceOf(MerchantApiError);
    expect(e).toMatchObject({ status: 422, code: '2004', title: 'Invalid currency type', source: body.source, body, api: 'merchant' });
    expect(e.message).toBe('Merchant API 422 code 2004 Invalid currency type: Invalid currency type (currency_iso is not a supported cryptocurrency)');
  });
});
