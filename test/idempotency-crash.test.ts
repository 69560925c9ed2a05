// The Idempotency-Key record commits with the request's own writes. A process
// killed (SIGKILL) after the commit and before its answer went out, then started again on the same
// state file: the retry with the same key gets the stored answer, and nothing executed twice; with
// Redis in front of the file too (its claim left in flight: 409 + Retry-After until the lease runs
// out, never a second execution). In memory: a handler that wrote, then failed after it, keeps the key.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../server/app.ts';
import { StateDb } from '../server/state/db.ts';
import { redisServerAvailable, startRedisServer, type RedisServer } from './redis-server.ts';
import { MERCHANT_AUTH, createPaymentBody } from './server-helpers.ts';
import { entryArgs } from './server-process.ts';

const { webhook_url: _none, ...fields } = createPaymentBody.payment;

interface Child {
  base: string;
  child: ChildProcess;
  exited: Promise<unknown>;
}

function start(file: string, mode: 'crash' | 'crash-before-copy' | 'serve', env: Record<string, string> = {}): Promise<Child> {
  const child = spawn(process.execPath, [...entryArgs('test/fixtures/crash-after-commit.ts'), file, mode], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((r) => child.on('exit', r));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ base: `http://127.0.0.1:${m[1]}`, child, exited });
    });
    void exited.then(() => reject(new Error(`exited before listening: ${out}`)));
  });
}

const post = (base: string, key: string | undefined, invoice: string) =>
  fetch(`${base}/merchant/v2/payments`, {
    method: 'POST',
    headers: { Authorization: MERCHANT_AUTH, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify({ payment: { ...fields, invoice_number: invoice } }),
  });

/** Crash after the commit of a keyed POST, restart, retry: the stored answer, one payment. */
async function crashThenRetry(env: Record<string, string> = {}, mode: 'crash' | 'crash-before-copy' = 'crash', retryUntilDone = false) {
  const file = join(mkdtempSync(join(tmpdir(), 'idem-crash-')), 'state.sqlite');
  const first = await start(file, mode, env);
  const lost = await post(first.base, 'crash-key', 'CRASH1').then((r) => r.status, (e: Error) => e.name);
  await first.exited;
  const again = await start(file, 'serve', env);
  try {
    let retry = await post(again.base, 'crash-key', 'CRASH1');
    const refused: number[] = [];
    while (retryUntilDone && retry.status === 409) {
      refused.push(Number(retry.headers.get('retry-after')));
      await new Promise((r) => setTimeout(r, 250));
      retry = await post(again.base, 'crash-key', 'CRASH1');
    }
    const body = (await retry.json()) as { id: number; invoice_number: string };
    const next = (await (await post(again.base, undefined, 'CRASH2')).json()) as { id: number };
    const stored = await fetch(`${again.base}/merchant/v2/payments/${body.id}?crypto_iso=${fields.crypto_iso}`, { headers: { Authorization: MERCHANT_AUTH } });
    return { lost, retry: [retry.status, retry.headers.get('idempotent-replayed'), body.invoice_number], nextId: next.id - body.id, stored: stored.status, refused };
  } finally {
    again.child.kill('SIGTERM');
    await again.exited;
  }
}

describe('Idempotency-Key: a crash between the commit and the answer', () => {
  it('state file: the retry after the restart gets the stored answer; the payment exists once', async () => {
    const out = await crashThenRetry();
    expect(out).toEqual({ lost: 'TypeError', retry: [201, 'true', 'CRASH1'], nextId: 1, stored: 200, refused: [] });
  }, 60_000);

  it('state file: a commit that fails (503) frees the key with the writes it lost: the retry executes, then is replayed', async () => {
    const state = new StateDb(join(mkdtempSync(join(tmpdir(), 'idem-full-')), 'state.sqlite'));
    try {
      // The exchange writer lease is renewed by a commit every third of its time: kept long here, so
      // that no renewal takes the injected failure meant for the request (it did on a busy machine).
      const app = createServer({ log: () => undefined, state, config: { rateLimit: { enabled: false }, exchange: { writerLeaseMs: 600_000 } } });
      const send = () => request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 'full-1').send({ payment: { ...fields, invoice_number: 'FULL1' } });
      await request(app).get('/merchant/v2/transactions').set('Authorization', MERCHANT_AUTH); // compiled, committed
      state.failNextCommit('SQLITE_FULL');
      const lost = await send();
      const retry = await send();
      const again = await send();
      expect([lost.status, retry.status, retry.headers['idempotent-replayed'], again.status, again.headers['idempotent-replayed'], again.body]).toEqual([503, 201, undefined, 201, 'true', retry.body]);
    } finally {
      state.close();
    }
  });

  it('memory: a handler that wrote, then failed after it, keeps its key: the retry gets the same 500, not a second execution', async () => {
    let executed = 0;
    const app = createServer({
      log: () => undefined,
      config: { validate: 'all' },
      handlers: { merchant: { createPayment: async () => (executed++, { status: 201, body: { id: 'not a payment' } as never }) } },
    });
    const send = () => request(app).post('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH).set('Idempotency-Key', 'm-1').send({ payment: fields });
    const first = await send();
    const second = await send();
    expect([first.status, second.status, second.body, second.headers['idempotent-replayed'], executed]).toEqual([500, 500, first.body, 'true', 1]);
  });
});

describe.skipIf(!redisServerAvailable())('Idempotency-Key with Redis in front of the state file (a real redis-server)', () => {
  let redis: RedisServer;
  beforeAll(async () => void (redis = await startRedisServer()), 30_000);
  afterAll(async () => redis?.stop());

  it('a crash leaves the Redis claim in flight: 409 + Retry-After until its lease runs out, then the file answers; never a second execution', async () => {
    // A 20 s lease: a busy machine took over 8 s to restart the server, and the claim had run out before the first retry.
    const out = await crashThenRetry({ REDIS_URL: redis.url, IDEMPOTENCY_LEASE_MS: '20000' }, 'crash-before-copy', true);
    expect({ ...out, refused: [...new Set(out.refused)] }).toEqual({ lost: 'TypeError', retry: [201, 'true', 'CRASH1'], nextId: 1, stored: 200, refused: [1] });
    expect(out.refused.length).toBeGreaterThan(2); // the rest of the 20 s lease, at 250 ms, after the restart
  }, 90_000);
});
