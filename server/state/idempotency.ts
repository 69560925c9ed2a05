// Idempotency-Key records in the state file (server/ports/idempotency.ts): one row per key, claimed
// inside a unit of work (BEGIN IMMEDIATE: one process at a time), so two processes on one file
// cannot both execute a key. The answer is written with `state.write`, which inside the request's
// unit of work joins it: committed, or rolled back, with the request's own writes.
import { heldBy, PRUNE_EVERY_MS, type IdempotencyBegin, type IdempotencyStore, type StoredAnswer } from '../ports/idempotency.ts';
import type { StateDb } from './db.ts';

export function sqliteIdempotency(state: StateDb, now: () => number = Date.now): IdempotencyStore {
  const db = state.db;
  const get = db.prepare<[string], { fingerprint: string; answer: string | null; until: number }>('SELECT fingerprint, answer, until FROM idempotency WHERE key = ?');
  const put = db.prepare<[string, string, string | null, number]>('INSERT OR REPLACE INTO idempotency (key, fingerprint, answer, until) VALUES (?, ?, ?, ?)');
  const del = db.prepare<[string]>('DELETE FROM idempotency WHERE key = ?');
  const prune = db.prepare<[number]>('DELETE FROM idempotency WHERE until <= ?');
  let pruned = 0;
  return {
    inUnit: true,
    begin: (key, fingerprint, leaseUntil) =>
      state.unit(async (): Promise<IdempotencyBegin> => {
        const t = now();
        if (t - pruned > PRUNE_EVERY_MS) {
          prune.run(t);
          pruned = t;
        }
        const held = heldBy(storedRow(get.get(key)), t);
        if (held) return held;
        put.run(key, fingerprint, null, leaseUntil);
        return { kind: 'new' };
      }),
    finish: (key, fingerprint, answer, keepUntil) => state.write(() => void put.run(key, fingerprint, JSON.stringify(answer), keepUntil)),
    release: (key) => state.write(() => void del.run(key)),
  };
}

/** A record as a database row holds it (the answer as JSON text, null while running; `until` in ms, as text in PostgreSQL's bigint). */
export function storedRow(row: { fingerprint: string; answer: string | null; until: number | string } | undefined) {
  return row && { fingerprint: row.fingerprint, answer: row.answer === null ? undefined : (JSON.parse(row.answer) as StoredAnswer), until: Number(row.until) };
}
