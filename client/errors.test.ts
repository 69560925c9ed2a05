import { describe, expect, it } from 'vitest';
import { ApiError, ExchangeApiError, MerchantApiError, PartnerApiError, toApiError } from './errors.ts';

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
