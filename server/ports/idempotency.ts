// Port: Idempotency-Key records (contracts/shared/idempotency.ts): per key, the request's fingerprint
// and, once answered, the answer. A key is claimed atomically by its first request (`begin`), held
// for a short lease while it runs (so a crashed process frees it), then kept with its answer.
export interface StoredAnswer {
  status: number;
  /** The body as sent ('' for none). */
  body: string;
}

export type IdempotencyBegin =
  | { kind: 'new' }
  | { kind: 'running'; fingerprint: string }
  | { kind: 'done'; fingerprint: string; answer: StoredAnswer };

export interface IdempotencyStore {
  /** Claims `key` for `fingerprint` until `leaseUntil` (ms), or tells what holds it. */
  begin(key: string, fingerprint: string, leaseUntil: number): IdempotencyBegin | Promise<IdempotencyBegin>;
  /** Stores the answer until `keepUntil` (ms). */
  finish(key: string, answer: StoredAnswer, keepUntil: number): void | Promise<void>;
  /** Frees the key (the request failed in a way a retry should execute again). */
  release(key: string): void | Promise<void>;
}

interface Row {
  fingerprint: string;
  answer?: StoredAnswer;
  until: number;
}

/** In memory (one process; STATE=memory). */
export function memoryIdempotency(now: () => number = Date.now): IdempotencyStore {
  const rows = new Map<string, Row>();
  let pruned = now();
  return {
    begin(key, fingerprint, leaseUntil) {
      const t = now();
      if (t - pruned > 60_000) {
        for (const [k, r] of rows) if (r.until <= t) rows.delete(k);
        pruned = t;
      }
      const row = rows.get(key);
      if (row && row.until > t) return row.answer ? { kind: 'done', fingerprint: row.fingerprint, answer: row.answer } : { kind: 'running', fingerprint: row.fingerprint };
      rows.set(key, { fingerprint, until: leaseUntil });
      return { kind: 'new' };
    },
    finish(key, answer, keepUntil) {
      const row = rows.get(key);
      if (row) rows.set(key, { fingerprint: row.fingerprint, answer, until: keepUntil });
    },
    release(key) {
      rows.delete(key);
    },
  };
}
