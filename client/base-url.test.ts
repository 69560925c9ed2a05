import { describe, expect, it } from 'vitest';
import { exchangeContract } from '../contracts/exchange/index.ts';
import { merchantContract } from '../contracts/merchant/index.ts';
import { partnerContract } from '../contracts/partner/index.ts';
import { sandboxContract } from '../contracts/sandbox/index.ts';
import { API_PREFIXES, basicAuthorization, bearerAuthorization, headersObject, resolveBaseUrl } from './base-url.ts';

describe('API_PREFIXES', () => {
  it('equal the basePath of each contract', () => {
    expect(API_PREFIXES).toEqual({
      exchange: exchangeContract.basePath,
      merchant: merchantContract.basePath,
      partner: partnerContract.basePath,
      sandbox: sandboxContract.basePath,
    });
  });
});

// The paths come from the contracts: they carry the major version, which a major release moves.
const ex = exchangeContract.basePath;
const me = merchantContract.basePath;
const pa = partnerContract.basePath;

describe('resolveBaseUrl', () => {
  it.each([
    ['http://127.0.0.1:8080', 'exchange', `http://127.0.0.1:8080${ex}`],
    ['http://127.0.0.1:8080/', 'exchange', `http://127.0.0.1:8080${ex}`],
    [`http://127.0.0.1:8080${ex}`, 'exchange', `http://127.0.0.1:8080${ex}`],
    [`http://127.0.0.1:8080${ex}/`, 'exchange', `http://127.0.0.1:8080${ex}`],
    ['https://gw.example.com/trading', 'exchange', `https://gw.example.com/trading${ex}`],
    ['http://localhost:8080', 'merchant', `http://localhost:8080${me}`],
    [`http://localhost:8080${me}`, 'merchant', `http://localhost:8080${me}`],
    ['http://localhost:8080', 'partner', `http://localhost:8080${pa}`],
  ] as const)('%s (%s) -> %s', (given, api, want) => {
    expect(resolveBaseUrl(given, api)).toBe(want);
  });

  it('refuses a relative URL, naming the expected form', () => {
    expect(() => resolveBaseUrl('/api/v1', 'exchange')).toThrow(/absolute URL such as "http:\/\/127.0.0.1:8080"/);
  });

  it('refuses a query string', () => {
    expect(() => resolveBaseUrl('http://h/api/v1?x=1', 'exchange')).toThrow(/query string/);
  });
});

describe('authorization headers', () => {
  it('Basic is base64 of key:secret', () => {
    expect(basicAuthorization('demo-merchant', 'demo-merchant-secret')).toBe(
      `Basic ${Buffer.from('demo-merchant:demo-merchant-secret').toString('base64')}`,
    );
    expect(basicAuthorization('demo-merchant', 'demo-merchant-secret')).toBe('Basic ZGVtby1tZXJjaGFudDpkZW1vLW1lcmNoYW50LXNlY3JldA==');
  });

  it('Basic refuses a colon in the user', () => {
    expect(() => basicAuthorization('a:b', 'c')).toThrow(/must not contain ":"/);
  });

  it('Bearer', () => {
    expect(bearerAuthorization('demo-partner-key')).toBe('Bearer demo-partner-key');
    expect(() => bearerAuthorization('')).toThrow(/non-empty/);
  });
});

describe('headersObject', () => {
  it('flattens every form openapi-fetch accepts', () => {
    expect(headersObject(undefined)).toEqual({});
    expect(headersObject({ 'X-A': '1', 'X-B': 2, 'X-C': null, 'X-D': ['a', 'b'] })).toEqual({ 'X-A': '1', 'X-B': '2', 'X-D': 'a, b' });
    expect(headersObject(new Headers({ 'X-A': '1' }))).toEqual({ 'x-a': '1' });
    expect(headersObject([['X-A', '1']])).toEqual({ 'x-a': '1' });
  });
});
