// What Node would answer on its own, before Express, in the server as `npm start` builds it
// (server/serve.ts httpServer): a request without Host and a body too slow to arrive get the API's
// error body of the path they were sent to, sandbox control API included. Raw sockets, real bytes.
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServer } from '../server/serve.ts';
import { testServer } from '../server/testing.ts';

let server: Server;
let port: number;
const served = testServer({ config: { sandbox: { controlApi: true } } });
beforeAll(async () => {
  // Short timeouts so the 408 comes quickly; the answers are the same at the defaults.
  server = httpServer(served.app, { maxHeaderSize: 16_384, headersTimeout: 500, requestTimeout: 500, keepAliveTimeout: 5_000, connectionsCheckingInterval: 50 });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

/** Sends `bytes` and reads everything until the server closes the connection. */
const exchange = (bytes: string) =>
  new Promise<{ status: number; headers: string; body: unknown }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let got = '';
    socket.on('data', (c) => (got += c.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body] = got.split('\r\n\r\n') as [string, string];
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body: JSON.parse(body) });
    });
  });

const apiBody = (title: string, details: string) => ({ title, code: '1011', details });

describe('an HTTP/1.1 request without Host', () => {
  it.each([
    ['/sandbox/v1/clock', apiBody('Malformed request body', 'An HTTP/1.1 request needs a Host header')],
    ['/merchant/v2/transactions', apiBody('Malformed request body', 'An HTTP/1.1 request needs a Host header')],
    ['/partner/v1/merchants', apiBody('Malformed request body', 'An HTTP/1.1 request needs a Host header')],
    ['/api/v1/ticker', { error: { code: 1001, message: 'An HTTP/1.1 request needs a Host header' } }],
    ['/docs/', { message: 'An HTTP/1.1 request needs a Host header' }],
  ])('%s is 400 in that API\'s error body, not an empty body', async (path, body) => {
    const answer = await exchange(`GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`);
    expect([answer.status, answer.body]).toEqual([400, body]);
    expect(answer.headers).toMatch(/\r\ncontent-type: application\/json; charset=utf-8/i);
  });

  it('is still answered by the API under HTTP/1.0, which has no Host', async () => {
    const answer = await exchange('GET /sandbox/v1/clock HTTP/1.0\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ offset_seconds: 0 });
  });
});

describe('a body that does not arrive in time', () => {
  it.each([
    ['/sandbox/v1/clock/advance', apiBody('Request Timeout', 'The request was not received in time (headers or body too slow); send it again')],
    ['/merchant/v2/payments', apiBody('Request Timeout', 'The request was not received in time (headers or body too slow); send it again')],
    ['/api/v1/orders', { error: { code: 1001, message: 'The request was not received in time (headers or body too slow); send it again' } }],
  ])('%s is 408 in that API\'s error body', async (path, body) => {
    // Headers complete, then a third of the announced body, then nothing.
    const answer = await exchange(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 30\r\n\r\n{"seconds":`);
    expect([answer.status, answer.body]).toEqual([408, body]);
  });
});
