// Two and three `npm start` processes (PostgreSQL + Redis) behind a round-robin balancer
// (test/round-robin-proxy.ts), which cannot know which instance holds a market's writer lease:
// 1,000 mixed valid writes (orders crossing and resting, cancels of the resting ones, payments,
// refunds of paid transactions) are all answered 2xx, and each is read back exactly once. With
// three, the holder of every market is SIGKILLed once half the writes are acknowledged: the only
// failed answers are the requests it had in flight, writes of its markets go on at once on the
// survivors, its markets' leases are taken over within the lease bound, the cancels it accepted are
// still applied, and every acknowledged write is read back exactly once (at most its in-flight
// requests more). The load's time is printed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAvailable, startPostgres, type PostgresServer } from './postgres-server.ts';
import { redisServerAvailable, startRedisServer, type RedisServer } from './redis-server.ts';
import { roundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';
import { cancelsApplied, holderKilledMidLoad, mixedLoad, paidTransactions, readBack, writerOf } from './round-robin-load.ts';
import { clients, kill9, nonceSources, startServer, type Running } from './state-process.ts';

// Two seconds: the bounds below (3x) keep a margin of about 3 s over the takeover (4/3 of it) when both cores are busy.
const LEASE_MS = 2000;
const WRITES = 1000;
const CONCURRENCY = 16;

describe.skipIf(!pgAvailable() || !redisServerAvailable())('any instance takes any write behind a round-robin balancer (PostgreSQL + Redis)', () => {
  let pg: PostgresServer;
  let redis: RedisServer;
  const running: Running[] = [];
  const proxies: RoundRobinProxy[] = [];
  const nonces = nonceSources();

  beforeAll(async () => {
    [pg, redis] = await Promise.all([startPostgres(), startRedisServer()]);
    // A Redis the servers have never seen refuses signed requests for one nonce lifetime, in case it
    // lost used nonces (server/stores/redis-nonce-store.ts). This one is new and empty: its guard
    // is marked as passed, so the exchange writes do not wait 61 s.
    const admin = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await admin.connect();
    await admin.set('cryptopay:nonce-guard', '0');
    admin.disconnect();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(proxies.map((p) => p.close()));
    await Promise.all(running.map((r) => kill9(r)));
    await Promise.all([redis?.stop(), pg?.stop()]);
  });

  /** `n` instances on a fresh database: the first started alone, so it takes every market's lease. */
  const cluster = async (n: number) => {
    const config = join(mkdtempSync(join(tmpdir(), 'round-robin-')), 'config.json');
    writeFileSync(config, JSON.stringify({ exchange: { writerLeaseMs: LEASE_MS }, merchant: { sandbox: { foundAfterMs: 100, confirmedAfterMs: 300 } }, rateLimit: { enabled: false } }));
    const env = { DATABASE_URL: await pg.database(), REDIS_URL: redis.url, CONFIG: config };
    const first = await startServer(env);
    running.push(first);
    const rest = await Promise.all(Array.from({ length: n - 1 }, () => startServer(env)));
    running.push(...rest);
    const instances = [first, ...rest];
    const proxy = await roundRobinProxy(instances.map((r) => r.base));
    proxies.push(proxy);
    return { instances, proxy, c: clients(proxy.base, nonces) };
  };

  it('two instances: 1,000 mixed writes, every one 2xx, each read back exactly once', async () => {
    const { instances, proxy, c } = await cluster(2);
    expect(await writerOf(instances[0]!)).toHaveLength(21); // the second instance holds no market
    expect(await writerOf(instances[1]!)).toEqual([]);
    const paid = await paidTransactions(c, 'TWO', 20);
    const { acked, failures, attempted, ms } = await mixedLoad(c, 'TWO', paid, { writes: WRITES, concurrency: CONCURRENCY });
    console.log(`[round-robin] two instances: ${attempted} writes in ${ms} ms (${proxy.served.get(instances[0]!.base)} / ${proxy.served.get(instances[1]!.base)} requests per instance)`);
    expect(failures).toEqual([]);
    expect(attempted).toBe(WRITES);
    expect(acked).toHaveLength(WRITES);
    const { found } = await readBack(c, paid);
    expect(acked.filter((a) => found(a) !== 1)).toEqual([]);
    // Every cancel acknowledged is applied, wherever it was requested.
    await expect.poll(() => cancelsApplied(c, acked), { timeout: 20_000, interval: 200 }).toBe(0);
  }, 240_000);

  it('three instances, the holder of every market SIGKILLed mid-load: only its in-flight requests fail, writes go on, its leases move within the bound, every acknowledged write read back once', async () => {
    const { instances, proxy, c } = await cluster(3);
    const [holder, ...survivors] = instances as [Running, Running, Running];
    await holderKilledMidLoad({ c, proxy, holder, survivors, tag: 'THREE', writes: WRITES, concurrency: CONCURRENCY, leaseMs: LEASE_MS, label: 'three instances' });
  }, 240_000);
});
