// The server and the validators with their shared stores in Redis (in process, one redis-server):
// a nonce used on one server is 2006 on another; Redis down is 503 in each API's error body (never
// an accepted request, never a replay) and the servers recover when Redis returns on the same port.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../server/app.ts';
import { exchangeValidator } from '../server/validators.ts';
import { connectRedis, redisReady, type Redis } from '../server/stores/redis.ts';
import { redisSharedStores } from '../server/stores/shared.ts';
import { redisServerAvailable, startRedisServer, type RedisServer } from './redis-server.ts';
import { MERCHANT_AUTH, PARTNER_BEARER, createPaymentBody, signedUrl } from './server-helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function listen(app: express.Express) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((r) => server.close(r)) };
}

// A short nonce lifetime (config allows ttl >= 2 × window + 1 s): a freshly started Redis refuses
// signed requests until it has been up for one ttl. The window is 10 s, not less: on a busy machine
// a request signed a moment earlier reached the server more than 2 s later (2007, not the 2006 or
// 503 under test).
const exchange = { nonceWindowMs: 10_000, nonceTtlMs: 21_000 };

const balances = (nonce = Date.now()) => signedUrl({ method: 'GET', path: '/balances', nonce });

describe.skipIf(!redisServerAvailable())('shared stores in Redis, in process', () => {
  let redis: RedisServer;
  const clients: Redis[] = [];
  const servers: { close: () => Promise<unknown> }[] = [];
  const client = async () => {
    // Its state changes are the servers' to report (asserted through their logs), not the test run's output.
    const c = connectRedis(redis.url, { log: () => undefined });
    clients.push(c);
    await redisReady(c);
    return c;
  };
  const serve = async (app: express.Express) => {
    const s = await listen(app);
    servers.push(s);
    return s.base;
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    await redis.usableForNonces(exchange.nonceTtlMs);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    for (const c of clients) c.disconnect();
    await redis?.stop();
  });

  it('refuses with 2006 a signed request replayed to another server on the same Redis', async () => {
    const a = await serve(createServer({ config: { exchange }, redis: await client(), log: () => undefined }));
    const b = await serve(createServer({ config: { exchange }, redis: await client(), log: () => undefined }));
    const url = balances();
    expect((await fetch(a + url)).status).toBe(200);
    const replay = await fetch(b + url);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: { code: 2006, message: expect.stringContaining('has already been used') } });
  });

  it('validators given shared stores in Redis share nonces and rate limits between services', async () => {
    const auth = { ...exchange, keys: [{ accessKey: 'demo-trader', secret: 'demo-trader-secret', scopes: ['trade' as const] }] };
    // Each service its own connection: the store is passed in, so the validator loads no Redis driver.
    const service = async () => {
      const shared = redisSharedStores(await client(), 'validators:', { log: () => undefined });
      const app = express();
      app.use('/api/v1', exchangeValidator({ auth, shared, rateLimit: { limit: 3, windowMs: 60_000, banMs: 60_000 }, log: () => undefined }));
      app.get('/api/v1/balances', (_req, res) => void res.json([]));
      return app;
    };
    const [a, b] = [await serve(await service()), await serve(await service())];
    const url = balances();
    expect((await fetch(a + url)).status).toBe(200);
    expect((await (await fetch(b + url)).json()) as unknown).toMatchObject({ error: { code: 2006 } });
    expect((await fetch(b + balances(Date.now() + 1))).status).toBe(200);
    expect((await fetch(a + balances(Date.now() + 2))).status).toBe(200);
    const over = await fetch(b + balances(Date.now() + 3)); // the 4th request of demo-trader across both
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('60');
    expect(await over.json()).toEqual({ error: { code: 1002, message: 'Rate limit exceeded; temporarily banned, retry after 60 s' } });
    expect((await fetch(a + balances(Date.now() + 4))).status).toBe(429);
  });

  it('degrades while Redis is down: signed and claiming calls 503 (never a replay), reads answer, limited per process; recovers when it returns', async () => {
    // A short nonce lifetime, so the quarantine after Redis lost its nonces ends within the test.
    const config = { exchange, redis: { url: redis.url, keyPrefix: 'outage:' }, rateLimit: { exchange: { limit: 5, windowMs: 60_000, banMs: 60_000 } } };
    const lines: string[] = [];
    const base = await serve(createServer({ config, redis: await client(), log: (l) => lines.push(l) }));
    const merchant = () => fetch(`${base}/merchant/v2/currencies`, { headers: { authorization: MERCHANT_AUTH } });
    const partner = () => fetch(`${base}/partner/v1/user_registration`, { method: 'POST', headers: { authorization: PARTNER_BEARER, 'content-type': 'application/json' }, body: '{}' });
    const payment = (n: string) =>
      fetch(`${base}/merchant/v2/payments`, { method: 'POST', headers: { authorization: MERCHANT_AUTH, 'content-type': 'application/json' }, body: JSON.stringify({ payment: { ...createPaymentBody.payment, invoice_number: n } }) });
    const ready = async () => [(await fetch(`${base}/readyz`)).status, await (await fetch(`${base}/readyz`)).json()];
    const before = balances();
    expect((await fetch(base + before)).status).toBe(200);
    expect((await merchant()).status).toBe(200);
    expect(await ready()).toEqual([200, { status: 'ready', checks: { redis: 'ok' } }]);

    await redis.stop();
    const signed = await fetch(base + balances());
    expect(signed.status).toBe(503);
    expect(signed.headers.get('retry-after')).toBe('1');
    expect(await signed.json()).toEqual({ error: { code: 1006, message: 'The shared nonce store cannot be reached; retry shortly' } });
    const replay = await fetch(base + before);
    expect(replay.status).toBe(503);
    // Reads and writes that need no shared claim keep working; rate limits count in this process.
    for (let i = 0; i < 3; i++) expect((await merchant()).status).toBe(200);
    expect((await partner()).status).toBe(422); // validated and answered, not 503
    const publicReads = [];
    for (let i = 0; i < 6; i++) publicReads.push((await fetch(`${base}/api/v1/tickers/btcusd`)).status);
    expect(publicReads).toEqual([200, 200, 200, 200, 200, 429]);
    // A write that needs the shared invoice-number claim is refused, not accepted twice.
    const claim = await payment('OUTAGE1');
    expect(claim.status).toBe(503);
    expect(await claim.json()).toMatchObject({ title: 'Service Unavailable', code: '1006' });
    const [downStatus, downBody] = await ready();
    expect(downStatus).toBe(503);
    expect(downBody).toMatchObject({ status: 'not ready', checks: { redis: expect.not.stringMatching(/^ok$/) } });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(lines.filter((l) => l.includes('WARNING: the shared rate-limit store cannot be reached')).length).toBe(3); // once per API
    expect(lines.some((l) => l.includes('503 GET /api/v1/balances'))).toBe(true);
    expect(lines.join('\n')).not.toContain('signature=');

    await redis.start(); // same port, empty: the used nonces are gone
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await sleep(100);
      status = (await fetch(`${base}/readyz`)).status;
    }
    expect(status).toBe(200);
    expect((await merchant()).status).toBe(200);
    // The nonce store sees that Redis lost its data: the request used before the outage is not accepted again.
    expect((await fetch(base + before)).status).toBe(503);
    // One nonce lifetime (21 s here) later, signed requests work again; the old one is now out of its window.
    await redis.usableForNonces(exchange.nonceTtlMs);
    expect((await fetch(base + balances())).status).toBe(200);
    expect(await (await fetch(base + before)).json()).toMatchObject({ error: { code: 2007 } });
    expect(lines.filter((l) => l.includes('rate limits shared again')).length).toBeGreaterThanOrEqual(1);
    expect(await ready()).toEqual([200, { status: 'ready', checks: { redis: 'ok' } }]);
  }, 90_000);
});
