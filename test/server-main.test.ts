// `npm start` as a process: it listens where HOST/PORT say, prints the URLs and the demo
// credentials, serves the three prefixes and the docs, stops cleanly on SIGTERM, and refuses an
// invalid CONFIG file with the offending path, and a state file it cannot use with one line; keeps
// its state in the STATE file across a restart.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverArgs } from './server-process.ts';

/** `npm start`'s command itself (tsx) for the first test; the others run the same source bundled (test/server-process.ts). */
const NPM_START = ['--import', 'tsx', 'server/main.ts'];

function start(env: Record<string, string>, args = serverArgs()) {
  const child = spawn(process.execPath, args, { env: { ...process.env, STATE: 'memory', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${err}`)));
  });
  listening.catch(() => undefined); // a test that expects the process to fail does not await it
  return { child, listening, exited, output: () => out, errors: () => err };
}

describe('npm start (server/main.ts)', () => {
  it('serves the three APIs and the docs on 127.0.0.1, prints URLs and demo credentials, exits 0 on SIGTERM', async () => {
    const s = start({ PORT: '0', HOST: '127.0.0.1' }, NPM_START);
    const base = await s.listening;
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${base}/api/v1/tickers/nope`)).status).toBe(400);
    expect((await fetch(`${base}/merchant/v2/currencies`)).status).toBe(401);
    expect((await fetch(`${base}/partner/v1/user_registration`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${base}/docs/`)).headers.get('content-type')).toMatch(/text\/html/);
    expect((await fetch(`${base}/openapi/exchange.yaml`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    const out = s.output();
    expect(out).toContain(`${base}/merchant/v2`);
    expect(out).toContain('demo-trader / demo-trader-secret (trade)');
    expect(out).toContain('demo-merchant-norefund / demo-merchant-norefund-secret');
    expect(out).toContain('Bearer demo-partner-key; Basic demo-partner / demo-partner-secret');
    expect(out).toMatch(/^GET \/api\/v1\/tickers\/nope 400 /m);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 30_000);

  it("answers Node's header limit with 431 in the body of the API the path names (server/http/client-errors.ts)", async () => {
    const s = start({ PORT: '0', HOST: '127.0.0.1' });
    const base = await s.listening;
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<[number, unknown]>((resolve, reject) => {
        const req = httpRequest(`${base}${path}`, { headers }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve([res.statusCode!, JSON.parse(text)]));
        });
        req.on('error', reject);
        req.end();
      });
    const message = 'The request line and headers exceed 16384 bytes; send a shorter query or fewer headers';
    expect(await get(`/merchant/v2/transactions?q=${'a'.repeat(20_000)}`)).toEqual([431, { title: 'Request Header Fields Too Large', code: '1008', details: message }]);
    expect(await get('/api/v1/tickers', { 'x-big': 'b'.repeat(70_000) })).toEqual([431, { error: { code: 1008, message } }]);
    expect(await get('/docs/', { 'x-big': 'b'.repeat(70_000) })).toEqual([431, { message }]);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
  }, 30_000);

  it('does not print credentials that came from a CONFIG file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'server-main-'));
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ exchange: { keys: [{ accessKey: 'prod', secret: 'very-secret', scopes: [] }] }, rateLimit: { exchange: { limit: 5 } } }));
    const s = start({ PORT: '0', CONFIG: file });
    await s.listening;
    s.child.kill('SIGINT');
    expect(await s.exited).toBe(0);
    expect(s.output()).not.toContain('very-secret');
  }, 30_000);

  it('exits 2 naming the offending path of an invalid CONFIG file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'server-main-'));
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ rateLimit: { exchange: { limit: 'sixty' } }, prot: 1 }));
    const s = start({ PORT: '0', CONFIG: file });
    expect(await s.exited).toBe(2);
    expect(s.errors()).toContain('rateLimit.exchange.limit');
    expect(s.errors()).toMatch(/Unrecognized key.*prot/);
  }, 30_000);

  it('exits 1 naming REDIS_URL, without its password, when Redis cannot be reached at start', async () => {
    const s = start({ PORT: '0', REDIS_URL: 'redis://user:hunter2@127.0.0.1:1/0' }); // nothing listens on port 1
    expect(await s.exited).toBe(1);
    expect(s.errors()).toContain('Cannot reach Redis at redis://user:***@127.0.0.1:1/0 (REDIS_URL)');
    expect(s.errors() + s.output()).not.toContain('hunter2');
  });

  it('on a busy port prints one line, no banner, and exits 1', async () => {
    const taken = createNetServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const s = start({ PORT: String(port), HOST: '127.0.0.1' });
      expect(await s.exited).toBe(1);
      expect(s.errors()).toBe(`Cannot listen on 127.0.0.1:${port}: address already in use\n`);
      expect(s.output()).not.toContain('listening');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 30_000);

  it('exits 2 with one line naming the file when STATE is not a usable state file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'server-main-'));
    const file = join(dir, 'state.sqlite');
    writeFileSync(file, Buffer.alloc(4096, 'garbage '));
    const s = start({ PORT: '0', STATE: file });
    expect(await s.exited).toBe(2);
    expect(s.errors().trim()).toMatch(new RegExp(`^State file ${file} cannot be used: .*corrupt or not a SQLite file; move it away or choose another STATE\\)$`));
  }, 30_000);

  it('keeps its state in the STATE file across a restart and says where in the banner', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'server-main-')), 'state.sqlite');
    const auth = { Authorization: `Basic ${Buffer.from('demo-merchant:demo-merchant-secret').toString('base64')}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ payment: { amount: '10.00', external_id: 'e1', currency_iso: 'USD', crypto_iso: 'BTC', confirmations_required: '3', ip: '203.0.113.7', invoice_number: 'MAIN1', first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com' } });
    const first = start({ PORT: '0', STATE: file });
    const base = await first.listening;
    expect(first.output()).toContain(`state: ${file} (SQLite, WAL)`);
    expect((await fetch(`${base}/merchant/v2/payments`, { method: 'POST', headers: auth, body })).status).toBe(201);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const second = start({ PORT: '0', STATE: file });
    const base2 = await second.listening;
    expect((await fetch(`${base2}/merchant/v2/payments/1001?crypto_iso=BTC`, { headers: auth })).status).toBe(200);
    // The invoice number is still taken (M5).
    expect((await fetch(`${base2}/merchant/v2/payments`, { method: 'POST', headers: auth, body })).status).toBe(422);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 60_000);
});
