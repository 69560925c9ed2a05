// Idempotency-Key records in Redis (server/ports/idempotency.ts), shared by every instance: the
// claim is one `SET NX PX` (the lease), the answer a `SET PX` (24 h); one JSON value per key.
// Redis is outside the state file's transactions: alone (no state file) it stores the answer once
// the request's writes committed; with a state file, `claimedInRedis` puts it in front of the
// file's records, which take the answer in the request's own transaction.
import type { IdempotencyBegin, IdempotencyStore, StoredAnswer } from '../ports/idempotency.ts';
import type { UnitsOfWork } from '../ports/units.ts';
import { guarded, type Redis } from './redis.ts';

export function redisIdempotency(redis: Redis, keyPrefix = 'cryptopay:', now: () => number = Date.now): IdempotencyStore {
  const k = (key: string) => `${keyPrefix}idem:${key}`;
  const ttl = (until: number) => Math.max(1, until - now());
  return {
    inUnit: false,
    begin: (key, fingerprint, leaseUntil) =>
      guarded('idempotency', redis, async (): Promise<IdempotencyBegin> => {
        if ((await redis.set(k(key), JSON.stringify({ fingerprint }), 'PX', ttl(leaseUntil), 'NX')) === 'OK') return { kind: 'new' };
        const raw = await redis.get(k(key));
        if (raw === null) return { kind: 'running', fingerprint }; // expired between the two commands: retry later
        const row = JSON.parse(raw) as { fingerprint: string; answer?: StoredAnswer };
        return row.answer ? { kind: 'done', fingerprint: row.fingerprint, answer: row.answer } : { kind: 'running', fingerprint: row.fingerprint };
      }),
    finish: (key, fingerprint, answer, keepUntil) =>
      guarded('idempotency', redis, async () => void (await redis.set(k(key), JSON.stringify({ fingerprint, answer }), 'PX', ttl(keepUntil)))),
    release: (key) => guarded('idempotency', redis, async () => void (await redis.del(k(key)))),
  };
}

/**
 * Redis (shared by every instance) in front of the state file's records. A key is claimed in Redis
 * first (one instance runs it at a time), then in the file; the answer is written in the file in the
 * request's transaction and copied to Redis after the commit. A crash between the commit and the
 * copy leaves the Redis claim in flight: retries get 409 + Retry-After until its lease runs out,
 * then the file's record answers them. Never a second execution.
 */
export function claimedInRedis(shared: IdempotencyStore, local: IdempotencyStore, units: UnitsOfWork): IdempotencyStore {
  return {
    inUnit: true,
    async begin(key, fingerprint, leaseUntil) {
      const claim = await shared.begin(key, fingerprint, leaseUntil);
      if (claim.kind !== 'new') return claim;
      const held = await local.begin(key, fingerprint, leaseUntil);
      if (held.kind === 'done') void Promise.resolve(shared.finish(key, held.fingerprint, held.answer, leaseUntil)).catch(() => undefined);
      else if (held.kind === 'running') void Promise.resolve(shared.release(key)).catch(() => undefined);
      return held;
    },
    finish(key, fingerprint, answer, keepUntil) {
      local.finish(key, fingerprint, answer, keepUntil);
      units.afterCommit(() => void Promise.resolve(shared.finish(key, fingerprint, answer, keepUntil)).catch(() => undefined));
    },
    async release(key) {
      await local.release(key);
      await shared.release(key);
    },
  };
}
