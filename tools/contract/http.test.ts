// exchange() against the global fetch it replaced: the same server sees the same request line,
// header list (names, order, values) and body, and the runner reads the same answer, over http
// and https, through redirects and compressed bodies; failures keep fetch's shape.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, deflateSync, brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agents, exchange, type HttpAnswer, type HttpInit } from './http.ts';

const seen: string[] = [];
function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push(JSON.stringify([req.method, req.url, req.rawHeaders, Buffer.concat(chunks).toString('utf8')]));
    const url = req.url ?? '';
    res.setHeader('set-cookie', ['a=1', 'b=2']);
    res.setHeader('X-Multi', ['x', 'y']);
    if (url.startsWith('/r30')) {
      res.writeHead(Number(url.slice(2, 5)), { location: '/landed?from=1' });
      return void res.end();
    }
    const body = Buffer.from('\uFEFF{"é":"ü"}');
    const coded = { '/gz': ['gzip', gzipSync(body)], '/df': ['deflate', deflateSync(body)], '/br': ['br', brotliCompressSync(body)] }[url];
    if (coded) res.setHeader('content-encoding', coded[0] as string);
    res.writeHead(url === '/created' ? 201 : 200, { 'content-type': 'application/json; charset=utf-8', 'Retry-After': '0' });
    res.end(coded ? coded[1] : body);
  });
}

const viaFetch = async (url: string, init: HttpInit): Promise<HttpAnswer> => {
  const res = await fetch(url, { method: init.method, headers: init.headers, ...(init.body !== undefined ? { body: init.body } : {}) });
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => (headers[k] = v));
  return { status: res.status, headers, text: await res.text() };
};

const listen = async (server: Server, scheme: string) => {
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return `${scheme}://${scheme === 'https' ? 'localhost' : '127.0.0.1'}:${(server.address() as AddressInfo).port}`;
};

const CASES: [string, HttpInit][] = [
  ['/orders/a%20b?q=x%20y%21%27&q=2', { method: 'GET', headers: { accept: 'application/json' }, timeoutMs: 20_000 }],
  ['/orders', { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', prefer: 'code=201' }, body: '{"é":1}', timeoutMs: 20_000 }],
  ['/created', { method: 'POST', headers: { accept: 'application/json' }, timeoutMs: 20_000 }],
  ['/orders/1', { method: 'delete', headers: { Authorization: ' Bearer t\n', 'X-A': '1', 'x-a': '2', 'x-latin': 'é' }, timeoutMs: 20_000 }],
  ['/a/../b/./c#frag', { method: 'PATCH', headers: { 'user-agent': 'qa', 'accept-encoding': 'identity' }, body: 'a=1&b=%20', timeoutMs: 20_000 }],
  ['/gz', { method: 'GET', headers: {}, timeoutMs: 20_000 }],
  ['/df', { method: 'GET', headers: {}, timeoutMs: 20_000 }],
  ['/br', { method: 'GET', headers: {}, timeoutMs: 20_000 }],
  ['/r301', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 20_000 }],
  ['/r303', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 20_000 }],
  ['/r307', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 20_000 }],
];

describe('exchange sends and reads as fetch did', () => {
  const agents = new Agents();
  const servers: Server[] = [];
  const bases: string[] = [];
  const tlsCheck = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  const emitWarning = process.emitWarning;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'http-test-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem'), '-days', '1', '-subj', '/CN=localhost'], { stdio: 'ignore' });
    servers.push(createServer(handle), createHttpsServer({ key: readFileSync(join(dir, 'k.pem')), cert: readFileSync(join(dir, 'c.pem')) }, handle));
    bases.push(await listen(servers[0]!, 'http'), await listen(servers[1]!, 'https'));
    // The certificate is self-signed; both clients are told to take it the only way fetch can be.
    // Node then warns once that TLS checks are off: expected here, so only that warning is dropped
    // (a passing test prints nothing); every other warning still goes through.
    process.emitWarning = ((warning: string | Error, ...rest: never[]) =>
      String(warning).includes('NODE_TLS_REJECT_UNAUTHORIZED') ? undefined : emitWarning.call(process, warning, ...rest)) as typeof process.emitWarning;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  });
  afterAll(() => {
    process.emitWarning = emitWarning;
    if (tlsCheck === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsCheck;
    agents.destroy();
    for (const s of servers) (s as Server).closeAllConnections();
    for (const s of servers) s.close();
  });

  for (const scheme of ['http', 'https']) {
    it.each(CASES)(`${scheme} %s`, async (path, init) => {
      const base = bases[scheme === 'http' ? 0 : 1]!;
      seen.length = 0;
      const before = await viaFetch(base + path, init);
      const sentBefore = seen.splice(0);
      const after = await exchange(base + path, init, agents);
      expect(seen).toEqual(sentBefore);
      expect({ ...after.headers, date: '' }).toEqual({ ...before.headers, date: '' });
      expect(after.status).toBe(before.status);
      expect(after.text).toBe(before.text);
      // Redirects are followed: the answer is the landing page's (BOM dropped, body decoded).
      expect(after.text).toBe('{"é":"ü"}');
      expect(seen.map((s) => (JSON.parse(s) as string[])[1])).toEqual(path.startsWith('/r30') ? [path, '/landed?from=1'] : [path === '/a/../b/./c#frag' ? '/b/c' : path]);
    });
  }

  it('fails as fetch does: refused, unknown host, closed early, bad method or header, GET with a body, and the timeout', async () => {
    const refused = createServer();
    const port = (await listen(refused, 'http')).split(':')[2];
    refused.close();
    const shape = (e: unknown) => ({ name: (e as Error).name, message: (e as Error).message, code: (e as { cause?: { code?: string } }).cause?.code });
    const both = async (url: string, init: HttpInit) => [shape(await viaFetch(url, init).catch((e: unknown) => e)), shape(await exchange(url, init, agents).catch((e: unknown) => e))];
    const get: HttpInit = { method: 'GET', headers: {}, timeoutMs: 5000 };
    const [a, b] = await both(`http://127.0.0.1:${port}/`, get);
    expect(b).toEqual(a);
    expect(b).toEqual({ name: 'TypeError', message: 'fetch failed', code: 'ECONNREFUSED' });
    const [c, d] = await both('http://h.invalid/', get);
    expect(d).toEqual(c);
    expect(d?.code).toBe('ENOTFOUND');
    const [e, f] = await both(bases[0]!, { ...get, body: '' });
    expect(f).toEqual(e);
    for (const method of ['TRACE', 'bad method']) {
      const [g, h] = await both(bases[0]!, { ...get, method });
      expect(h).toEqual(g);
      expect(h?.name).toBe('TypeError');
    }
    for (const headers of [{ a: 'x\ny' }, { 'b c': '1' }, { a: 'x\u0100' }] as Record<string, string>[]) {
      const [g, h] = await both(bases[0]!, { ...get, headers });
      expect(h).toEqual(g);
      expect(h?.name).toBe('TypeError');
    }
    const closing = createServer((req, res) => {
      if (req.url === '/early') return void req.socket.destroy();
      res.writeHead(200, { 'content-length': '100' });
      res.write('abc', () => req.socket.destroy());
    });
    const closingBase = await listen(closing, 'http');
    for (const path of ['/early', '/mid']) {
      const [g, h] = await both(closingBase + path, get);
      expect(h).toEqual(g);
      expect(h).toEqual({ name: 'TypeError', message: path === '/early' ? 'fetch failed' : 'terminated', code: 'UND_ERR_SOCKET' });
    }
    closing.close();
    const silent = createServer(() => undefined);
    const slow = await listen(silent, 'http');
    const timedOut = shape(await exchange(slow, { ...get, timeoutMs: 100 }, agents).catch((err: unknown) => err));
    silent.closeAllConnections();
    silent.close();
    expect(timedOut).toEqual({ name: 'TimeoutError', message: 'The operation was aborted due to timeout', code: undefined });
  });
});

describe('a pooled connection the server closed', () => {
  it('is retried once on a new connection (the request never reached the server)', async () => {
    // The second request of each connection finds it closed, as after the server's keep-alive timeout.
    const seen = new WeakMap<object, number>();
    let answered = 0;
    const server = createServer((req, res) => {
      const n = (seen.get(req.socket) ?? 0) + 1;
      seen.set(req.socket, n);
      if (n === 2) return void req.socket.destroy();
      answered++;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agents = new Agents();
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
      const init: HttpInit = { method: 'POST', headers: {}, body: '{}', timeoutMs: 5000 };
      const first = await exchange(url, init, agents);
      const second = await exchange(url, init, agents);
      expect([first.status, second.status, answered]).toEqual([200, 200, 2]);
    } finally {
      agents.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
