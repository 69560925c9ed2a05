// sendJson answers exactly as `res.type('application/json').send(text)` does: the same status,
// headers (in the same order) and body, for GET, HEAD, conditional requests and statuses without a body.
import type { AddressInfo } from 'node:net';
import { request as httpRequest, type Server } from 'node:http';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson } from './send-json.ts';

const TEXT = JSON.stringify({ market: 'btcusd', at: 1795620694, last: '30500.00', note: 'ünïcødé' });

let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.disable('x-powered-by');
  for (const [name, send] of [
    ['fast', (req: express.Request, res: express.Response, status: number) => sendJson(req, res, status, TEXT)],
    ['express', (_req: express.Request, res: express.Response, status: number) => res.status(status).type('application/json').send(TEXT)],
  ] as const) {
    app.all(`/${name}/:status`, (req, res) => {
      if (req.query.etag) res.setHeader('ETag', '"preset"');
      if (req.query.wrap) {
        // Another middleware's wrapper of res.send: it must see the answer.
        const original = res.send.bind(res);
        res.send = (body?: unknown) => original(typeof body === 'string' ? body.replace('btcusd', 'WRAPPED') : body);
      }
      res.setHeader('X-Before', 'kept');
      send(req, res, Number(req.params.status));
    });
  }
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Status, raw headers without Date, body. */
const call = (method: string, path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: string[]; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { connection: 'close', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => {
        const raw = res.rawHeaders.filter((_, i, all) => i % 2 === 0 && all[i] !== 'Date').flatMap((name) => [name, res.headers[name.toLowerCase()] as string]);
        resolve({ status: res.statusCode ?? 0, headers: raw, body });
      });
    });
    req.on('error', reject);
    req.end();
  });

const etagOf = async () => {
  const { headers } = await call('GET', '/express/200');
  return headers[headers.indexOf('ETag') + 1] as string;
};

describe('sendJson', () => {
  it('answers as res.send: status, headers in order, body', async () => {
    const fast = await call('GET', '/fast/200');
    expect(fast).toEqual(await call('GET', '/express/200'));
    expect(fast.status).toBe(200);
    expect(fast.body).toBe(TEXT);
    expect(fast.headers.slice(0, 8)).toEqual([
      'X-Before', 'kept',
      'Content-Type', 'application/json; charset=utf-8',
      'Content-Length', String(Buffer.byteLength(TEXT)),
      'ETag', await etagOf(),
    ]);
  });

  it.each([
    ['HEAD', '/200', {}],
    ['GET', '/201', {}],
    ['GET', '/422', {}],
    ['GET', '/204', {}],
    ['GET', '/200?etag=1', {}],
    ['GET', '/200', { 'if-none-match': 'W/"nope"' }],
    ['HEAD', '/200', { 'if-modified-since': 'Wed, 25 Nov 2026 00:00:00 GMT' }],
    ['POST', '/201', {}],
  ] as const)('%s %s %j as res.send', async (method, path, headers) => {
    expect(await call(method, `/fast${path}`, headers)).toEqual(await call(method, `/express${path}`, headers));
  });

  it("an app's own ETag setting is honoured as res.send honours it", async () => {
    const app = express();
    app.set('etag', 'strong');
    app.get('/x', (req, res) => sendJson(req, res, 200, TEXT));
    const strong = await request(app).get('/x');
    expect(strong.headers.etag).toMatch(/^"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    app.set('etag', false);
    expect((await request(app).get('/x')).headers.etag).toBeUndefined();
  });

  it('a conditional GET of the same ETag is the same 304 as res.send', async () => {
    const etag = await etagOf();
    const fast = await call('GET', '/fast/200', { 'if-none-match': etag });
    expect(fast.status).toBe(304);
    expect(fast.body).toBe('');
    expect(fast).toEqual(await call('GET', '/express/200', { 'if-none-match': etag }));
  });

  it('goes through a res.send another middleware replaced (it sees the answer it wraps)', async () => {
    const fast = await call('GET', '/fast/200?wrap=1');
    expect(fast.body).toBe(TEXT.replace('btcusd', 'WRAPPED'));
    expect(fast).toEqual(await call('GET', '/express/200?wrap=1'));
  });
});
