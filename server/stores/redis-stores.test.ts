// The Redis stores against a real redis-server (test/redis-server.ts): atomic claims under
// concurrency, the rate-limit rule of the in-memory limiter, expiry, the guard after Redis lost its
// data, and StoreUnavailableError (503) when Redis is down.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerAvailable, startRedisServer, type RedisServer } from '../../test/redis-server.ts';
import { StoreUnavailableError } from '../core/errors.ts';
import { connectRedis, redisReady, type Redis } from './redis.ts';
import { RedisInvoiceNumbers } from './redis-invoice-numbers.ts';
import { RedisNonceStore } from './redis-nonce-store.ts';
import { RedisRateLimiter } from './redis-rate-limiter.ts';
import { redisSeenStore } from './redis-seen-store.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!redisServerAvailable())('Redis stores', () => {
  let server: RedisServer;
  let redis: Redis;
  let n = 0;
  const prefix = () => `t${++n}:`; // each test its own keys

  beforeAll(async () => {
    server = await startRedisServer();
    redis = connectRedis(server.url);
    await redisReady(redis);
    await server.usableForNonces(2000); // every nonce store here has a ttl of at most 2 s
  }, 15_000);
  afterAll(async () => {
    redis?.disconnect();
    await server?.stop();
  });

  it('claims a nonce once, per access key, even when 50 claims race', async () => {
    const store = new RedisNonceStore(redis, 2000, prefix());
    const results = await Promise.all(Array.from({ length: 50 }, () => store.claim('demo-trader', '1700000000000')));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await store.claim('demo-trader-2', '1700000000000')).toBe(true);
    expect(await store.claim('demo-trader', '1700000000001')).toBe(true);
  });

  it('forgets a nonce after its ttl (PX), not before', async () => {
    const p = prefix();
    const store = new RedisNonceStore(redis, 300, p);
    expect(await store.claim('k', '1')).toBe(true);
    expect(await redis.pttl(`${p}nonce:k:1`)).toBeGreaterThan(0);
    expect(await store.claim('k', '1')).toBe(false);
    await sleep(400);
    expect(await store.claim('k', '1')).toBe(true);
  });

  it('refuses claims (503) for one nonce lifetime after Redis lost its data, then accepts them', async () => {
    const p = prefix();
    const store = new RedisNonceStore(redis, 500, p);
    expect(await store.claim('k', '1')).toBe(true);
    await redis.del(`${p}nonce-guard`, `${p}nonce:k:1`); // what a restart without persistence does
    await expect(store.claim('k', '1')).rejects.toBeInstanceOf(StoreUnavailableError);
    await sleep(600);
    expect(await store.claim('k', '2')).toBe(true);
    // A new process on a Redis that has been up for longer than one ttl: no quarantine.
    await redis.del(`${p}nonce-guard`);
    expect(await new RedisNonceStore(redis, 500, p).claim('k', '3')).toBe(true);
  });

  it('a process that first reaches a Redis restarted empty cannot end the quarantine of one that ran before', async () => {
    const other = await startRedisServer();
    const [c1, c2] = [connectRedis(other.url), connectRedis(other.url)];
    try {
      await redisReady(c1);
      await other.usableForNonces(2000);
      const a = new RedisNonceStore(c1, 2000, 'q:'); // instance A, running before the loss
      expect(await a.claim('k', '1')).toBe(true);
      await other.stop();
      await other.start(); // same port, empty: no persistence
      await redisReady(c2);
      const c = new RedisNonceStore(c2, 2000, 'q:'); // instance C, started after the loss
      await expect(c.claim('k', '2')).rejects.toBeInstanceOf(StoreUnavailableError);
      for (let i = 0; i < 50 && c1.status !== 'ready'; i++) await sleep(100);
      await expect(a.claim('k', '1')).rejects.toBeInstanceOf(StoreUnavailableError); // never the replay
      await other.usableForNonces(2000);
      expect(await c.claim('k', '3')).toBe(true);
      expect(await a.claim('k', '4')).toBe(true);
      expect(await a.claim('k', '3')).toBe(false);
    } finally {
      c1.disconnect();
      c2.disconnect();
      await other.stop();
    }
  }, 20_000);

  it('quarantines a freshly started Redis for one ttl of its uptime; one up for longer is usable at once', async () => {
    const other = await startRedisServer();
    const c = connectRedis(other.url);
    try {
      await redisReady(c);
      await expect(new RedisNonceStore(c, 2000, 'f:').claim('k', '1')).rejects.toBeInstanceOf(StoreUnavailableError);
      const guard = Number(await c.get('f:nonce-guard'));
      const [sec, usec] = await c.time();
      const uptimeMs = Number(/uptime_in_seconds:(\d+)/.exec(await c.info('server'))![1]) * 1000;
      const startMs = Number(sec) * 1000 + Math.floor(Number(usec) / 1000) - uptimeMs;
      expect(guard - startMs).toBeGreaterThanOrEqual(2000); // at least one ttl after Redis started
      expect(guard - startMs).toBeLessThanOrEqual(4200);
      await other.usableForNonces(2000);
      expect(await new RedisNonceStore(c, 2000, 'g:').claim('k', '1')).toBe(true);
    } finally {
      c.disconnect();
      await other.stop();
    }
  }, 15_000);

  it('limits like the in-memory limiter: limit, then a ban on every request, then a new window', async () => {
    const rl = new RedisRateLimiter({ limit: 3, windowMs: 60_000, banMs: 400 }, redis, { keyPrefix: prefix(), name: 'exchange' });
    for (const remaining of [2, 1, 0]) expect(await rl.hit('key:a')).toEqual({ ok: true, remaining });
    expect(await rl.hit('key:a')).toEqual({ ok: false, retryAfterSec: 1, banned: true });
    expect(await rl.hit('key:a')).toMatchObject({ ok: false, banned: true });
    expect(await rl.hit('key:b')).toEqual({ ok: true, remaining: 2 });
    await sleep(450);
    expect(await rl.hit('key:a')).toEqual({ ok: true, remaining: 2 });
  });

  it('without a ban, refuses until the window ends, with the seconds left', async () => {
    const rl = new RedisRateLimiter({ limit: 1, windowMs: 2500, banMs: 0 }, redis, { keyPrefix: prefix() });
    expect(await rl.hit('ip:1')).toEqual({ ok: true, remaining: 0 });
    expect(await rl.hit('ip:1')).toEqual({ ok: false, retryAfterSec: 3, banned: false });
  });

  it('lets exactly `limit` of 100 concurrent hits through', async () => {
    const rl = new RedisRateLimiter({ limit: 60, windowMs: 60_000, banMs: 60_000 }, redis, { keyPrefix: prefix() });
    const all = await Promise.all(Array.from({ length: 100 }, () => rl.hit('key:x')));
    expect(all.filter((d) => d.ok)).toHaveLength(60);
  });

  it('claims an invoice number once per merchant, forever, and forgets all on reset', async () => {
    const inv = new RedisInvoiceNumbers(redis, prefix());
    const results = await Promise.all(Array.from({ length: 20 }, () => inv.claim('demo-merchant', 'INV1')));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await inv.claim('other-merchant', 'INV1')).toBe(true);
    await inv.reset();
    expect(await inv.claim('demo-merchant', 'INV1')).toBe(true);
  });

  it('seen-store: one claim at a time, none once processed, a released claim can be retaken', async () => {
    const seen = redisSeenStore(redis, { keyPrefix: prefix() });
    const claims = await Promise.all(Array.from({ length: 10 }, () => seen.claim('payment:7001:paid')));
    expect(claims.filter(Boolean)).toHaveLength(1);
    await seen.release('payment:7001:paid');
    expect(await seen.claim('payment:7001:paid')).toBe(true);
    expect(await seen.has('payment:7001:paid')).toBe(false);
    await seen.add('payment:7001:paid');
    expect(await seen.has('payment:7001:paid')).toBe(true);
    expect(await seen.claim('payment:7001:paid')).toBe(false);
  });

  it('fails fast with StoreUnavailableError once the Redis it used is gone', async () => {
    const other = await startRedisServer();
    const c = connectRedis(other.url);
    try {
      await redisReady(c);
      await other.usableForNonces(300);
      expect(await new RedisNonceStore(c, 300).claim('k', '1')).toBe(true);
      await other.stop();
      const started = Date.now();
      await expect(new RedisNonceStore(c).claim('k', '2')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(new RedisRateLimiter({ limit: 1, windowMs: 1000, banMs: 0 }, c).hit('c')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(redisSeenStore(c).claim('k')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(new RedisInvoiceNumbers(c).claim('m', 'INV')).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      c.disconnect();
      await other.stop();
    }
  }, 10_000);

  it('waits briefly for a client that never connected, then fails with StoreUnavailableError', async () => {
    const down = connectRedis('redis://127.0.0.1:1'); // nothing listens on port 1
    try {
      const started = Date.now();
      await expect(new RedisNonceStore(down).claim('k', '1')).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      down.disconnect();
    }
  });
});
