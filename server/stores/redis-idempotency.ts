// Idempotency-Key records in Redis (server/ports/idempotency.ts), shared by every instance: the
// claim is one `SET NX PX` (the lease), the answer a `SET PX` (24 h); one JSON value per key.
import type { IdempotencyBegin, IdempotencyStore, StoredAnswer } from '../ports/idempotency.ts';
import { guarded, type Redis } from './redis.ts';

export function redisIdempotency(redis: Redis, keyPrefix = 'cryptopay:', now: () => number = Date.now): IdempotencyStore {
  const k = (key: string) => `${keyPrefix}idem:${key}`;
  const ttl = (until: number) => Math.max(1, until - now());
  return {
    begin: (key, fingerprint, leaseUntil) =>
      guarded('idempotency', redis, async (): Promise<IdempotencyBegin> => {
        if ((await redis.set(k(key), JSON.stringify({ fingerprint }), 'PX', ttl(leaseUntil), 'NX')) === 'OK') return { kind: 'new' };
        const raw = await redis.get(k(key));
        if (raw === null) return { kind: 'running', fingerprint }; // expired between the two commands: retry later
        const row = JSON.parse(raw) as { fingerprint: string; answer?: StoredAnswer };
        return row.answer ? { kind: 'done', fingerprint: row.fingerprint, answer: row.answer } : { kind: 'running', fingerprint: row.fingerprint };
      }),
    finish: (key, answer, keepUntil) =>
      guarded('idempotency', redis, async () => {
        const raw = await redis.get(k(key));
        const fingerprint = raw ? (JSON.parse(raw) as { fingerprint: string }).fingerprint : '';
        await redis.set(k(key), JSON.stringify({ fingerprint, answer }), 'PX', ttl(keepUntil));
      }),
    release: (key) => guarded('idempotency', redis, async () => void (await redis.del(k(key)))),
  };
}
