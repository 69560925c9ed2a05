import { describe, expect, it } from 'vitest';
import { ApiError, apiOf, ExchangeApiError, MerchantApiError, PartnerApiError, tagResponse, toApiError, unwrap, unwrapResult } from './errors.ts';
import { json } from './fake-fetch.ts';

describe('ExchangeApiError', () => {
  it('reads the exchange body and names the likely cause of auth codes', () => {
    const e = new ExchangeApiError(401, { error: { code: 2007, message: 'The nonce is invalid: server time is 1700000000000' } });
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ name: 'ExchangeApiError', api: 'exchange', status: 401, code: 2007 });
    expect(e.serverMessage).toBe('The nonce is invalid: server time is 1700000000000');
    expect(e.message).toMatch(/^Exchange API 401 code 2007: The nonce is invalid.*check the system clock\)$/);
  });

  it('tolerates a body that is not an ExchangeError', () => {
    const e = new ExchangeApiError(502, '<html>Bad gateway</html>');
    expect(e.code).toBeUndefined();
    expect(e.message).toBe('Exchange API 502: <html>Bad gateway</html>');
    expect(new ExchangeApiError(404, { message: 'Unknown route' }).message).toBe('Exchange API 404: {"message":"Unknown route"}');
  });
});

describe('MerchantApiError / PartnerApiError', () => {
  it.each([
    [
      { title: 'Unauthorized', code: '1001', details: 'Key or secret not set properly in Authorization' },
      { code: '1001', title: 'Unauthorized', source: undefined, detail: undefined },
      'Merchant API 401 code 1001 Unauthorized: Key or secret not set properly in Authorization',
    ],
    [
      { title: 'Unprocessable Entity', code: '1002', details: 'Required fields', error: 'x', source: [{ 'payment.email': 'must be an e-mail' }, { amount: 'required' }] },
      { code: '1002', detail: 'x', source: [{ 'payment.email': 'must be an e-mail' }, { amount: 'required' }] },
      'Merchant API 401 code 1002 Unprocessable Entity: Required fields (payment.email must be an e-mail; amount required)',
    ],
    [{ message: 'Unknown route' }, { code: undefined, title: 'HTTP 401', details: 'Unknown route' }, 'Merchant API 401 HTTP 401: Unknown route'],
  ])('%j', (body, fields, message) => {
    const e = new MerchantApiError(401, body);
    expect(e).toMatchObject({ name: 'MerchantApiError', api: 'merchant', status: 401, body, ...fields });
    expect(e.message).toBe(message);
  });

  it('PartnerApiError reads both PartnerError and the registration failure of P2', () => {
    expect(new PartnerApiError(401, { title: 'Unauthorized', code: '1001', details: 'd' })).toMatchObject({ code: '1001', messages: [] });
    const e = new PartnerApiError(422, { status: 0, message: ['a is missing', 'b is wrong'] });
    expect(e).toMatchObject({ code: undefined, title: 'Registration refused', details: 'a is missing; b is wrong', messages: ['a is missing', 'b is wrong'] });
    expect(e.body).toEqual({ status: 0, message: ['a is missing', 'b is wrong'] });
  });
});

describe('toApiError', () => {
  it('picks the class of the API', () => {
    expect(toApiError('exchange', 400, {})).toBeInstanceOf(ExchangeApiError);
    expect(toApiError('merchant', 400, {})).toBeInstanceOf(MerchantApiError);
    expect(toApiError('partner', 400, {})).toBeInstanceOf(PartnerApiError);
  });
});

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
