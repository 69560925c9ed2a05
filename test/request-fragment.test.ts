// A request line that carries a `#fragment` (a client should not send one; a hand-written one may)
// is answered as the same request without it: Express and the router drop the fragment, and so
// must the validation library, which matches its own copy of the URL. It answered 404 for an
// operation the router had found, or checked `12#x` as the path's id.
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../server/testing.ts';
import { MERCHANT_AUTH } from './server-helpers.ts';

let server: Server;
let port: number;

beforeAll(async () => {
  const { app } = testServer({ config: { rateLimit: { enabled: false } } });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The request line exactly as given (fetch would drop the fragment before sending). */
const raw = (method: string, path: string, body?: string) =>
  new Promise<{ status: number; allow: string | undefined; body: unknown }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { authorization: MERCHANT_AUTH, ...(body ? { 'content-type': 'application/json' } : {}) } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body: text ? (JSON.parse(text) as unknown) : undefined }));
    });
    req.on('error', reject);
    req.end(body);
  });

describe('a request line with a fragment', () => {
  it.each([
    ['GET', '/merchant/v2/payouts/pending', '#x'],
    ['GET', '/merchant/v2/payouts/pending', '#/transactions'],
    ['GET', '/merchant/v2/payouts/abc', '#x'],
    ['GET', '/merchant/v2/transactions?limit=2', '#x'],
    ['POST', '/merchant/v2/transactions/instant_refund', '#x'],
    ['POST', '/merchant/v2/transactions/instant_refund', '#/refunds'],
    ['GET', '/merchant/v2/currencies', '#'],
  ])('%s %s%s is answered as without it', async (method, path, fragment) => {
    const body = method === 'POST' ? '{}' : undefined;
    const plain = await raw(method, path, body);
    const withFragment = await raw(method, path + fragment, body);
    expect(withFragment).toEqual(plain);
    expect(plain.status).not.toBe(404);
  });
});
