// Two `npm start` processes sharing one sandbox state (STATE=<one SQLite file>) and one Redis: two
// concurrent refunds of one transaction whose sum exceeds what was received, sent to different
// instances, cannot both succeed (M4); exactly one is stored (the cap is checked inside a
// BEGIN IMMEDIATE transaction that reads the file).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerAvailable, startRedisServer, type RedisServer } from './redis-server.ts';
import { startInstance, type Instance } from './instances.ts';
import { MERCHANT_AUTH } from './server-helpers.ts';
import { paymentBody } from './sandbox-helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!redisServerAvailable())('two instances, one sandbox state: refunds (M4)', () => {
  let redis: RedisServer;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    redis = await startRedisServer();
    const dir = mkdtempSync(join(tmpdir(), 'two-instances-'));
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ merchant: { sandbox: { foundAfterMs: 100, confirmedAfterMs: 300 } }, rateLimit: { enabled: false } }));
    const env = { REDIS_URL: redis.url, STATE: join(dir, 'state.db'), CONFIG: config };
    a = await startInstance(env); // the first creates the file and applies the migrations
    b = await startInstance(env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  const merchant = (base: string, path: string, body?: unknown) =>
    fetch(`${base}/merchant/v2${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: MERCHANT_AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  /** A paid transaction of 10.00 USD, created on A, seen paid through B. */
  async function paidTransaction(invoice: string): Promise<number> {
    expect((await merchant(a.base, '/payments', paymentBody({ amount: '10.00', invoice_number: invoice }))).status).toBe(201);
    for (let i = 0; i < 100; i++) {
      const { transactions } = (await (await merchant(b.base, `/transactions?invoice_number=${invoice}`)).json()) as { transactions: { id: number; status: string | null }[] };
      if (transactions[0]?.status === 'paid') return transactions[0].id;
      await sleep(100);
    }
    throw new Error(`transaction of ${invoice} not paid after 10 s`);
  }

  it('lets only one of two concurrent 6.00 refunds of a 10.00 payment through, on either instance', async () => {
    for (let round = 0; round < 5; round++) {
      const tx = await paidTransaction(`REFUND2X${round}`);
      const refund = { email: 'jane@example.com', amount_to_refund_fiat: '6.00' };
      const [ra, rb] = await Promise.all([merchant(a.base, `/transactions/${tx}/refunds`, refund), merchant(b.base, `/transactions/${tx}/refunds`, refund)]);
      expect([ra.status, rb.status].sort(), `round ${round}`).toEqual([201, 422]);
      expect(await (ra.status === 422 ? ra : rb).json()).toMatchObject({ code: '2002', title: 'Refund not allowed' });
      for (const instance of [a, b]) {
        const listed = (await (await merchant(instance.base, `/transactions/${tx}/refunds`)).json()) as { refunds: unknown[] };
        expect(listed.refunds).toHaveLength(1);
      }
    }
  }, 120_000);
});
