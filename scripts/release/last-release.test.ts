// The last release's contract runner (checked out from the release's commit) against today's server
// with a behaviour change planted in it: a property no longer sent in the merchant Payment, and a
// value the released enum does not have. The old runner fails on each, naming it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { contracts } from '../../contracts/index.ts';
import { testServer } from '../../server/testing.ts';
import { readHistory } from './history.ts';
import { checkoutSources, releaseSource, runnerEntry } from './sources.ts';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'last-release-test-'));
const released = readHistory(root, 'merchant').at(-1)!.version;
checkoutSources(root, releaseSource(root, 'merchant', released), dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Body = Record<string, unknown> & { status?: Record<string, unknown> };

/** Today's server, with every GET /payments/{id} answer changed by `plant` on its way out (its JSON text). */
async function plantedServer(plant: (body: Body) => Body) {
  const outer = express();
  outer.use(`${contracts.find((c) => c.id === 'merchant')!.basePath}/payments`, (req, res, next) => {
    if (req.method === 'GET') {
      // The server sends its JSON as text (res.send of the serialized body): planted on the text.
      const send = res.send.bind(res);
      res.send = (body?: unknown) => send(res.statusCode === 200 && typeof body === 'string' ? JSON.stringify(plant(JSON.parse(body) as Body)) : body);
    }
    next();
  });
  outer.use(testServer({ config: { rateLimit: { enabled: false } } }).app);
  const server = outer.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

function oldRunner(baseUrl: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', runnerEntry(dir), '--api', 'merchant', '--operation', 'getPayment', '--base-url', baseUrl, '--seed', '5', '--runs', '3', '--quiet'], { cwd: dir });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

describe("the last release's contract runner against a changed server", () => {
  it('passes against the server as it is', async () => {
    const server = await plantedServer((b) => b);
    try {
      const r = await oldRunner(server.url);
      expect(r.code, r.out).toBe(0);
    } finally {
      await server.close();
    }
  }, 120_000);

  it.each([
    ['Payment without `url`', (b: Body) => ({ ...b, url: undefined }), /url/],
    ['a blockchain_status the release does not have', (b: Body) => ({ ...b, status: { ...b.status, blockchain_status: 'Reorged' } }), /Reorged|blockchain_status/],
  ])('fails on %s', async (_name, plant, names) => {
    const server = await plantedServer(plant);
    try {
      const r = await oldRunner(server.url);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toMatch(/getPayment/);
      expect(r.out).toMatch(names);
    } finally {
      await server.close();
    }
  }, 120_000);
});
