// Figure 7: the cost of the X2 nonce check (claim a nonce: check and record, atomically) in the
// in-process store against the Redis store that several instances share (SET NX PX in a script,
// one round trip to a redis-server on loopback, started here and stopped at the end). Rounds
// alternate memory / Redis; per check we time each claim and report operations per second and the
// 99th percentile, medians over the rounds. Redis is measured one check at a time (a request's own
// latency) and with 32 checks in flight (what a busy server sees: ioredis pipelines them).
import { NonceStore } from '../server/auth/nonce-store.ts';
import { connectRedis, redisReady } from '../server/stores/redis.ts';
import { RedisNonceStore } from '../server/stores/redis-nonce-store.ts';
import { startRedisServer } from '../test/redis-server.ts';
import { median } from './stats.ts';

export interface NonceVariantFigure {
  /** Checks per second, median of the rounds. */
  opsPerSec: number;
  /** 99th percentile of one check, microseconds, median of the rounds. */
  p99Us: number;
  rounds: { opsPerSec: number; p99Us: number }[];
}

export interface NonceFigure {
  memory: NonceVariantFigure;
  redis: NonceVariantFigure;
  redisConcurrent: NonceVariantFigure;
  concurrency: number;
  redisVersion: string;
}

const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

function summary(latenciesMs: number[], elapsedMs: number, count: number) {
  const sorted = Float64Array.from(latenciesMs).sort();
  return { opsPerSec: count / (elapsedMs / 1000), p99Us: percentile(sorted, 0.99) * 1000 };
}

/** `count` claims, `inFlight` at a time; every claim must succeed (fresh nonces). */
async function run(claim: (nonce: string) => boolean | Promise<boolean>, count: number, inFlight: number, next: () => string) {
  const latencies: number[] = new Array(count);
  let issued = 0;
  const started = performance.now();
  const worker = async () => {
    while (issued < count) {
      const i = issued++;
      const t = performance.now();
      const ok = await claim(next());
      latencies[i] = performance.now() - t;
      if (!ok) throw new Error('a fresh nonce was refused');
    }
  };
  if (inFlight === 1 && count > 0) {
    // Synchronous stores stay synchronous: no await per check, as in the server.
    const first = claim(next());
    if (typeof first !== 'boolean') {
      await first;
      await worker();
      return summary(latencies.slice(1), performance.now() - started, count);
    }
    for (let i = 1; i < count; i++) {
      const t = performance.now();
      if (claim(next()) !== true) throw new Error('a fresh nonce was refused');
      latencies[i] = performance.now() - t;
    }
    return summary(latencies.slice(1), performance.now() - started, count);
  }
  await Promise.all(Array.from({ length: inFlight }, worker));
  return summary(latencies, performance.now() - started, count);
}

export async function measureNonces(opts: { rounds: number; checks: number; concurrency?: number; progress: (line: string) => void }): Promise<NonceFigure> {
  const concurrency = opts.concurrency ?? 32;
  const server = await startRedisServer();
  const redis = connectRedis(server.url, { commandTimeoutMs: 5000 });
  try {
    await redisReady(redis);
    // A freshly started Redis refuses signed requests for one nonce lifetime (the store's guard
    // against a Redis that lost its data): a short ttl, waited out; the ttl does not change the work.
    await server.usableForNonces(2000);
    const version = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? 'unknown';
    let n = Date.now() * 1000;
    const next = () => String(n++);
    const memory = new NonceStore();
    const shared = new RedisNonceStore(redis, 2000);
    const claimMemory = (nonce: string) => memory.claim('bench-key', nonce);
    const claimRedis = (nonce: string) => shared.claim('bench-key', nonce);
    await run(claimMemory, opts.checks, 1, next); // warm-up
    await run(claimRedis, Math.min(opts.checks, 2000), 1, next);
    const rounds = { memory: [] as ReturnType<typeof summary>[], redis: [] as ReturnType<typeof summary>[], redisConcurrent: [] as ReturnType<typeof summary>[] };
    for (let r = 0; r < opts.rounds; r++) {
      rounds.memory.push(await run(claimMemory, opts.checks * 10, 1, next));
      rounds.redis.push(await run(claimRedis, opts.checks, 1, next));
      rounds.redisConcurrent.push(await run(claimRedis, opts.checks, concurrency, next));
      const last = (k: keyof typeof rounds) => `${Math.round(rounds[k][r]!.opsPerSec)}/s p99 ${rounds[k][r]!.p99Us.toFixed(1)} µs`;
      opts.progress(`round ${r + 1}: memory ${last('memory')}; redis ${last('redis')}; redis ×${concurrency} ${last('redisConcurrent')}`);
    }
    const figure = (rs: ReturnType<typeof summary>[]): NonceVariantFigure => ({ opsPerSec: median(rs.map((x) => x.opsPerSec)), p99Us: median(rs.map((x) => x.p99Us)), rounds: rs });
    return { memory: figure(rounds.memory), redis: figure(rounds.redis), redisConcurrent: figure(rounds.redisConcurrent), concurrency, redisVersion: version };
  } finally {
    redis.disconnect();
    await server.stop();
  }
}
