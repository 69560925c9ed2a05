import { describe, expect, it } from 'vitest';
import { ApiError, ExchangeApiError, MerchantApiError, PartnerApiError } from './errors.ts';
import { json } from './fake-fetch.ts';
import { apiOf, tagResponse, unwrap, unwrapResult } from './unwrap.ts';

/** A Response as fetch returns it: with its URL. */
function answer(url: string, body: unknown, status: number): Response {
  const r = json(body, status);
  Object.defineProperty(r, 'url', { value: url });
  return r;
}

describe('unwrap', () => {
  it('returns the data of a 2xx answer', async () => {
    expect(await unwrap({ data: [1, 2], response: json([1, 2]) })).toEqual([1, 2]);
    expect(await unwrap(Promise.resolve({ data: undefined, response: new Response(null, { status: 204 }) }))).toBeUndefined();
  });

  it('throws the tagged API error for a non-2xx answer, even with an empty body', async () => {
    const response = new Response(null, { status: 503 });
    tagResponse(response, 'partner');
    await expect(unwrap({ error: undefined, response })).rejects.toBeInstanceOf(PartnerApiError);
  });

  it('recognises an untagged Response by its URL prefix, else by the exchange body shape', () => {
    const body = { title: 't', code: '1001', details: 'd' };
    expect(() => unwrapResult({ error: body, response: answer('http://h/merchant/v2/currencies', body, 401) })).toThrow(MerchantApiError);
    expect(() => unwrapResult({ error: body, response: answer('http://h/partner/v1/user_registration', body, 401) })).toThrow(PartnerApiError);
    const ex = { error: { code: 2008, message: 'no key' } };
    expect(() => unwrapResult({ error: ex, response: json(ex, 401) })).toThrow(ExchangeApiError);
    expect(apiOf(answer('http://h/api/v1/balances', {}, 401))).toBe('exchange');
  });

  it('throws a plain ApiError when the API cannot be told', () => {
    let error: unknown;
    try {
      unwrapResult({ error: 'nope', response: json('nope', 500) });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ api: undefined, status: 500, body: 'nope' });
  });
});
