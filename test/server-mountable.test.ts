// Each exported auth middleware and validator mounted alone in a service's own Express app, the way
// the README shows (the service's `express.json()` in front, its handlers behind, its own
// http.Server): bad credentials, malformed bodies, oversized headers, a slow request and the
// service's own failures all answer in the API's error body. Never HTML, never a stack trace.
// The entries are imported from their sources (server/auth/index.ts, ...), which the package's
// `exports` build one to one (test/server-exports.test.ts proves the mapping), so a change in
// server/ is what these tests see, built or not.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import express, { type Express, type RequestHandler } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerClientErrors,
  exchangeAuth,
  exchangeErrorHandler,
  merchantAuth,
  merchantErrorHandler,
  partnerAuth,
  partnerErrorHandler,
} from '../server/auth/index.ts';
import { exchangeValidator, merchantValidator, partnerValidator } from '../server/validators.ts';
import { SANDBOX_DEFAULTS } from '../server/index.ts';
import { basic, signedUrl } from './server-helpers.ts';

type Api = 'exchange' | 'merchant' | 'partner';
const PATH: Record<Api, string> = { exchange: '/api/v1/orders', merchant: '/merchant/v2/payments', partner: '/partner/v1/merchant_applications' };
const silent = () => undefined;

const exchangeKeys = SANDBOX_DEFAULTS.exchange.keys;
const merchantKeys = SANDBOX_DEFAULTS.merchant.keys;
const partnerCredentials = SANDBOX_DEFAULTS.partner.credentials;

/** A service's app: its own body parser, the middleware under test, its handler (which may throw), the API's error handler last. */
function serviceApp(api: Api, mounted: RequestHandler | readonly unknown[], mount?: string): Express {
  const app = express();
  app.use(express.json({ limit: '10kb' }));
  if (mount) app.use(mount, mounted as RequestHandler);
  else app.use(mounted as RequestHandler);
  app.all('/{*rest}', (req, res) => {
    if (req.query.crash !== undefined) throw new Error('service bug at /secret/path.ts:1');
    res.json({ ok: true });
  });
  app.use({ exchange: exchangeErrorHandler, merchant: merchantErrorHandler, partner: partnerErrorHandler }[api]({ log: silent }));
  return app;
}

const CASES: [string, Api, () => Express][] = [
  ['exchangeAuth', 'exchange', () => serviceApp('exchange', exchangeAuth({ keys: exchangeKeys }, undefined, { log: silent }))],
  ['merchantAuth', 'merchant', () => serviceApp('merchant', merchantAuth(merchantKeys, undefined, { log: silent }))],
  ['partnerAuth', 'partner', () => serviceApp('partner', partnerAuth(partnerCredentials, { log: silent }))],
  ['exchangeValidator', 'exchange', () => serviceApp('exchange', exchangeValidator({ auth: { keys: [...exchangeKeys] }, log: silent }), '/api/v1')],
  ['merchantValidator', 'merchant', () => serviceApp('merchant', merchantValidator({ auth: { keys: [...merchantKeys] }, log: silent }), '/merchant/v2')],
  ['partnerValidator', 'partner', () => serviceApp('partner', partnerValidator({ auth: { credentials: [...partnerCredentials] }, log: silent }), '/partner/v1')],
];

/** JSON, and nothing of an HTML page or a stack trace. */
function expectApiBody(res: { headers: Record<string, string | undefined>; text: string }): void {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.text).not.toMatch(/<!DOCTYPE|<html|<pre>|\n\s+at |\.ts:\d|\.js:\d|node_modules/i);
}

const UNAUTHORIZED: Record<Api, (body: unknown) => void> = {
  exchange: (b) => expect(b).toEqual({ error: { code: 2001, message: 'Authorization failed: missing or repeated parameter access_key, nonce (or tonce), signature' } }),
  merchant: (b) => expect(b).toEqual({ title: 'Unauthorized', code: '1001', details: 'Key or secret not set properly in Authorization: unknown key or wrong secret' }),
  partner: (b) => expect(b).toEqual({ title: 'Unauthorized', code: '1001', details: 'API key not set properly in Authorization: unknown key or wrong secret' }),
};

const MALFORMED: Record<Api, (body: unknown) => void> = {
  exchange: (b) => expect(b).toMatchObject({ error: { code: 1001, message: expect.stringMatching(/^body: malformed JSON/) } }),
  merchant: (b) => expect(b).toMatchObject({ title: 'Malformed request body', code: '1011', details: 'The request body is not valid JSON' }),
  partner: (b) => expect(b).toMatchObject({ title: 'Malformed request body', code: '1011', details: 'The request body is not valid JSON' }),
};

const HEADERS_TOO_LARGE: Record<Api, unknown> = {
  exchange: { error: { code: 1008, message: 'The request line and headers exceed 16384 bytes; send a shorter query or fewer headers' } },
  merchant: { title: 'Request Header Fields Too Large', code: '1008', details: 'The request line and headers exceed 16384 bytes; send a shorter query or fewer headers' },
  partner: { title: 'Request Header Fields Too Large', code: '1008', details: 'The request line and headers exceed 16384 bytes; send a shorter query or fewer headers' },
};

/** One raw request on a real socket: status, content type and body as the client reads them. */
function raw(port: number, path: string, headers: Record<string, string>): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, method: 'GET' }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(CASES)('%s mounted alone in a service', (_name, api, build) => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer({ maxHeaderSize: 16_384, headersTimeout: 400, requestTimeout: 400, connectionsCheckingInterval: 50 }, build());
    // A service that serves one API says so: a timeout has no request line to choose the body by.
    answerClientErrors(server, { maxHeaderSize: 16_384, apiOf: () => api });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('answers bad credentials in the API body', async () => {
    const res = await request(server).post(PATH[api]).set('Authorization', basic('nobody', 'wrong')).send({});
    expect(res.status).toBe(401);
    expectApiBody(res);
    UNAUTHORIZED[api](res.body);
  });

  it('refuses a known key with a wrong secret (or signature) as it refuses an unknown key, and lets its right secret through', async () => {
    const signed = (secret: string) => signedUrl({ method: 'POST', path: '/orders', body: {}, secret, nonce: Date.now() }).replace(/^\/api\/v1\/orders/, PATH.exchange);
    const attempt = (right: boolean) => {
      const post = api === 'exchange' ? request(server).post(signed(right ? 'demo-trader-secret' : 'demo-trader-secreT')) : request(server).post(PATH[api]);
      if (api === 'merchant') post.set('Authorization', basic('demo-merchant', right ? 'demo-merchant-secret' : 'demo-merchant-secreT'));
      if (api === 'partner') post.set('Authorization', basic('demo-partner', right ? 'demo-partner-secret' : 'demo-partner-secreT'));
      return post.send({});
    };
    const wrong = await attempt(false);
    expect(wrong.status).toBe(401);
    expectApiBody(wrong);
    if (api === 'exchange') expect(wrong.body).toEqual({ error: { code: 2005, message: expect.stringMatching(/^The signature is incorrect/) } });
    else UNAUTHORIZED[api](wrong.body);
    expect((await attempt(true)).status).not.toBe(401);
  });

  it("answers malformed JSON refused by the service's own express.json() in the API body", async () => {
    const res = await request(server).post(PATH[api]).set('Content-Type', 'application/json').send('{"payment": ');
    expect(res.status).toBe(400);
    expectApiBody(res);
    MALFORMED[api](res.body);
  });

  it("answers a body over the service's own limit with 413 in the API body", async () => {
    const res = await request(server).post(PATH[api]).set('Content-Type', 'application/json').send(JSON.stringify({ a: 'x'.repeat(20_000) }));
    expect(res.status).toBe(413);
    expectApiBody(res);
    expect(res.body).toEqual(api === 'exchange' ? { error: { code: 1008, message: expect.any(String) } } : { title: 'Payload Too Large', code: '1008', details: expect.any(String) });
  });

  it('answers a 20 kB query and a 70 kB header with 431 in the API body, not an empty body or a reset', async () => {
    for (const [path, headers] of [[`${PATH[api]}?q=${'a'.repeat(20_000)}`, {}], [PATH[api], { 'x-big': 'b'.repeat(70_000) }]] as const) {
      const res = await raw(port, path, headers);
      expect([res.status, res.type]).toEqual([431, 'application/json; charset=utf-8']);
      expect(JSON.parse(res.text)).toEqual(HEADERS_TOO_LARGE[api]);
    }
  });

  it('answers headers that never finish with 408 in the API body', async () => {
    const text = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${PATH[api]} HTTP/1.1\r\nHost: x\r\n`));
      let got = '';
      socket.on('data', (c) => (got += c.toString()));
      socket.on('close', () => resolve(got));
    });
    expect(text).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    const body = JSON.parse(text.split('\r\n\r\n')[1]!);
    expect(body).toEqual(api === 'exchange'
      ? { error: { code: 1001, message: 'The request was not received in time (headers or body too slow); send it again' } }
      : { title: 'Request Timeout', code: '1011', details: 'The request was not received in time (headers or body too slow); send it again' });
  });
});

describe("the service's own failures behind the middleware", () => {
  it('are a 500 in the API body from the exported error handler, the cause logged, not sent', async () => {
    const lines: string[] = [];
    const app = express();
    app.use(merchantAuth(merchantKeys));
    app.get('/merchant/v2/balance', () => {
      throw new Error('service bug at /secret/path.ts:1');
    });
    app.use(merchantErrorHandler({ log: (l) => lines.push(l) }));
    const res = await request(app).get('/merchant/v2/balance').set('Authorization', basic('demo-merchant', 'demo-merchant-secret'));
    expect([res.status, res.body]).toEqual([500, { title: 'Internal Server Error', code: '1005', details: 'Internal server error' }]);
    expectApiBody(res);
    expect(lines.join('\n')).toMatch(/service bug at \/secret\/path\.ts:1/);
  });
});
