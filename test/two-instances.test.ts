// Two `npm start` processes on one Redis (REDIS_URL) behave as one server for what they share: a
// signed request replayed to the other instance is 2006; 61 requests spread over both make the 61st
// a 429 (Retry-After, the API's error body) and the ban holds on both; an invoice number used on
// one instance is refused on the other (M5).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerAvailable, startRedisServer, type RedisServer } from './redis-server.ts';
import { startInstance, type Instance } from './instances.ts';
import { MERCHANT_AUTH, signedUrl } from './server-helpers.ts';
import { paymentBody } from './sandbox-helpers.ts';

describe.skipIf(!redisServerAvailable())('two server processes on one Redis', () => {
  let redis: RedisServer;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    redis = await startRedisServer();
    // A short nonce lifetime: a freshly started Redis refuses signed requests until it has been up for one ttl.
    const config = join(mkdtempSync(join(tmpdir(), 'two-instances-')), 'config.json');
    writeFileSync(config, JSON.stringify({ exchange: { nonceWindowMs: 2000, nonceTtlMs: 5000 } }));
    const env = { REDIS_URL: redis.url, CONFIG: config, STATE: 'memory' }; // not .data/: a second run would find TWOINST1 taken
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
    await redis.usableForNonces(5000);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  it('prints where the shared stores are', () => {
    expect(a.output()).toContain(`shared stores (nonces, rate limits, invoice numbers): Redis at redis://127.0.0.1:${redis.port}`);
    expect(a.base).not.toBe(b.base);
  });

  it('refuses a signed request replayed to the other instance: 401 code 2006', async () => {
    const url = signedUrl({ method: 'GET', path: '/balances', accessKey: 'demo-trader-2', nonce: Date.now() });
    expect((await fetch(a.base + url)).status).toBe(200);
    const replay = await fetch(b.base + url);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: { code: 2006, message: expect.stringMatching(/^The nonce \d+ has already been used by the access key$/) } });
  });

  it('counts 61 requests spread over both: the 61st is 429 with Retry-After, and the ban holds on both', async () => {
    let last = 0; // each nonce new and current at sending (the nonce window here is 2 s)
    const url = () => signedUrl({ method: 'GET', path: '/balances', accessKey: 'demo-trader', nonce: (last = Math.max(last + 1, Date.now())) });
    for (let i = 0; i < 60; i++) {
      const res = await fetch((i % 2 === 0 ? a : b).base + url());
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    const over = await fetch(b.base + url());
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('60');
    expect(await over.json()).toEqual({ error: { code: 1002, message: 'Rate limit exceeded; temporarily banned, retry after 60 s' } });
    for (const instance of [a, b]) {
      const banned = await fetch(instance.base + url());
      expect(banned.status).toBe(429);
      expect(Number(banned.headers.get('retry-after'))).toBeGreaterThan(55);
      expect(await banned.json()).toMatchObject({ error: { code: 1002 } });
    }
  }, 30_000);

  it('refuses on one instance an invoice number used on the other (M5, 422 code 2001)', async () => {
    const post = (base: string) =>
      fetch(`${base}/merchant/v2/payments`, {
        method: 'POST',
        headers: { authorization: MERCHANT_AUTH, 'content-type': 'application/json' },
        body: JSON.stringify(paymentBody({ invoice_number: 'TWOINST1' })),
      });
    const [first, second] = await Promise.all([post(a.base), post(b.base)]);
    expect([first.status, second.status].sort(), JSON.stringify([await first.clone().json(), await second.clone().json()])).toEqual([201, 422]);
    const refused = first.status === 422 ? first : second;
    expect(await refused.json()).toMatchObject({ code: '2001', title: 'Duplicate invoice number' });
  });
});
