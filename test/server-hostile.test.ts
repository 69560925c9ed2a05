// Hostile input never gives a 5xx and never stops the server: prototype keys, deep nesting,
// invalid UTF-8, bodies that are null, arrays or strings, huge strings, wrong content types.
// A real listener on 127.0.0.1:0, so raw bytes reach the server as sent.
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../server/testing.ts';
import { MERCHANT_AUTH, PARTNER_BEARER, createPaymentBody, exampleHandlers } from './server-helpers.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  const { app } = testServer({ handlers: exampleHandlers, config: { rateLimit: { enabled: false } } });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = (path: string, body: BodyInit | undefined, headers: Record<string, string> = {}, method = 'POST') =>
  fetch(base + path, { method, body: body ?? null, headers: { 'content-type': 'application/json', ...headers } });

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const cases: [string, string, BodyInit | undefined, Record<string, string>][] = [
  ['__proto__ key', '/merchant/v2/payments', '{"__proto__":{"isAdmin":true},"payment":{"__proto__":{"x":1}}}', {}],
  ['constructor.prototype key', '/merchant/v2/payments', '{"constructor":{"prototype":{"polluted":true}}}', {}],
  ['deeply nested arrays', '/merchant/v2/payments', nested(50_000), {}],
  ['deeply nested objects', '/partner/v1/user_registration', nestedObject(10_000), {}],
  ['null body', '/merchant/v2/payments', 'null', {}],
  ['array body', '/merchant/v2/payments', '[1,2,3]', {}],
  ['string body', '/partner/v1/user_registration', '"hello"', {}],
  ['number body', '/partner/v1/user_registration', '42', {}],
  ['invalid UTF-8', '/merchant/v2/payments', new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), {}],
  ['huge string under the limit', '/merchant/v2/payments', JSON.stringify({ payment: { ...createPaymentBody.payment, first_name: 'a'.repeat(90_000), email: 'x' } }), {}],
  ['body over the limit', '/merchant/v2/payments', JSON.stringify({ x: 'a'.repeat(200_000) }), {}],
  ['form body with missing fields', '/merchant/v2/payments', 'payment[amount]=1', { 'content-type': 'application/x-www-form-urlencoded' }],
  ['form __proto__ key', '/merchant/v2/payments', '__proto__[isAdmin]=true&payment[__proto__][x]=1', { 'content-type': 'application/x-www-form-urlencoded' }],
  ['form constructor.prototype key', '/partner/v1/user_registration', 'constructor[prototype][polluted]=true', { 'content-type': 'application/x-www-form-urlencoded' }],
  ['form nested too deep', '/merchant/v2/payments', `${'a'}${'[b]'.repeat(5000)}=1`, { 'content-type': 'application/x-www-form-urlencoded' }],
  ['form with too many fields', '/partner/v1/user_registration', Array.from({ length: 5000 }, (_, i) => `f${i}=1`).join('&'), { 'content-type': 'application/x-www-form-urlencoded' }],
  ['form with invalid UTF-8', '/merchant/v2/payments', 'payment[first_name]=%FF%FE', { 'content-type': 'application/x-www-form-urlencoded' }],
  ['form with raw invalid UTF-8 bytes', '/merchant/v2/payments', new Uint8Array([0x61, 0x3d, 0xff, 0xfe]), { 'content-type': 'application/x-www-form-urlencoded' }],
  ['form with an unknown charset', '/merchant/v2/payments', 'a=1', { 'content-type': 'application/x-www-form-urlencoded; charset=klingon' }],
  ['json with an unknown charset', '/merchant/v2/payments', '{}', { 'content-type': 'application/json; charset=klingon' }],
  ['no content type', '/merchant/v2/payments', '{}', { 'content-type': '' }],
  ['multipart', '/partner/v1/user_registration', '--x\r\n\r\n--x--', { 'content-type': 'multipart/form-data; boundary=x' }],
  ['corrupt deflate body', '/merchant/v2/payments', 'garbage', { 'content-encoding': 'deflate' }],
  ['truncated gzip body', '/partner/v1/user_registration', gzipSync(JSON.stringify(createPaymentBody)).subarray(0, 20), { 'content-encoding': 'gzip' }],
];

describe('hostile input', () => {
  it.each(cases)('%s: a 4xx in the API shape', async (_name, path, body, headers) => {
    const auth = path.startsWith('/merchant') ? MERCHANT_AUTH : PARTNER_BEARER;
    const res = await send(path, body, { authorization: auth, ...headers });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const json = (await res.json()) as Record<string, unknown>;
    expect(json.code ?? json.status).toBeDefined();
  });

  it('answers a corrupt compressed body with 400 in each API\'s shape, before auth', async () => {
    const exchange = await send('/api/v1/orders/clear?access_key=demo-trader&nonce=1&signature=x', 'garbage', { 'content-encoding': 'deflate' });
    expect([exchange.status, ((await exchange.json()) as { error: { code: number } }).error.code]).toEqual([400, 1001]);
    const merchant = await send('/merchant/v2/payments', 'garbage', { authorization: MERCHANT_AUTH, 'content-encoding': 'deflate' });
    expect([merchant.status, ((await merchant.json()) as { code: string }).code]).toEqual([400, '1011']);
  });

  it('does not pollute prototypes', () => {
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers odd URLs with 4xx: bad percent-encoding, huge query, repeated and bracketed parameters', async () => {
    for (const path of [
      '/api/v1/tickers/%ZZ',
      '/api/v1/order_book?market=%E0%A4%A',
      `/api/v1/order_book?market=btcusd&limit=${'9'.repeat(5000)}`,
      '/api/v1/order_book?market=btcusd&market=ethbtc',
      '/api/v1/order_book?market[a]=b',
      '/api/v1/order_book?__proto__[x]=1&market=btcusd',
      '/api/v1/balances?access_key=demo-trader&access_key=demo-trader-2&nonce=1&signature=x',
    ]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('still serves normal requests afterwards', async () => {
    const res = await fetch(`${base}/api/v1/tickers/btcusd`);
    expect(res.status).toBe(200);
  });
});
