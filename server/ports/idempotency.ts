// Port: Idempotency-Key records (contracts/shared/idempotency.ts): per key, the request's fingerprint
// and, once answered, the answer. A key is claimed atomically by its first request (`begin`), held
// for a short lease while it runs (so a crashed process frees it), then kept with its answer.
// Where the answer is written (decision *-idempotency): a store with `inUnit` writes it in the
// request's own unit of work (the state file: the same transaction as the request's writes; memory:
// at once, before anything is sent), so no crash between the commit and the answer lets a retry
// execute again. A store without it (Redis alone) writes it once the request's writes committed.
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
  /** true: `finish` joins the caller's unit of work (written, and rolled back, with the request's writes). */
  readonly inUnit: boolean;
  /** Claims `key` for `fingerprint` until `leaseUntil` (ms), or tells what holds it. */
  begin(key: string, fingerprint: string, leaseUntil: number): IdempotencyBegin | Promise<IdempotencyBegin>;
  /** Stores the answer until `keepUntil` (ms). */
  finish(key: string, fingerprint: string, answer: StoredAnswer, keepUntil: number): void | Promise<void>;
  /** Frees the key (the request failed in a way a retry should execute again). */
  release(key: string): void | Promise<void>;
}

/** How often a store drops the records whose time ran out (at a claim, at most once per interval). */
export const PRUNE_EVERY_MS = 60_000;

/**
 * What a stored record means to a request arriving at `t`: its answer (`done`), a request still
 * running with it (`running`), or undefined when the key is free to claim (none, or its time ran out).
 */
export function heldBy(row: { fingerprint: string; answer?: StoredAnswer | undefined; until: number } | undefined, t: number): IdempotencyBegin | undefined {
  if (!row || row.until <= t) return undefined;
  return row.answer ? { kind: 'done', fingerprint: row.fingerprint, answer: row.answer } : { kind: 'running', fingerprint: row.fingerprint };
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
    inUnit: true,
    begin(key, fingerprint, leaseUntil) {
      const t = now();
      if (t - pruned > PRUNE_EVERY_MS) {
        for (const [k, r] of rows) if (r.until <= t) rows.delete(k);
        pruned = t;
      }
      const held = heldBy(rows.get(key), t);
      if (held) return held;
      rows.set(key, { fingerprint, until: leaseUntil });
      return { kind: 'new' };
    },
    finish(key, fingerprint, answer, keepUntil) {
      rows.set(key, { fingerprint, answer, until: keepUntil });
    },
    release(key) {
      rows.delete(key);
    },
  };
}
