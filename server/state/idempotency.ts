// Idempotency-Key records in the state file (server/ports/idempotency.ts): one row per key, claimed
// inside a unit of work (BEGIN IMMEDIATE: one process at a time), so two processes on one file
// cannot both execute a key.
import type { IdempotencyBegin, IdempotencyStore, StoredAnswer } from '../ports/idempotency.ts';
import type { StateDb } from './db.ts';

export function sqliteIdempotency(state: StateDb, now: () => number = Date.now): IdempotencyStore {
  const db = state.db;
  const get = db.prepare<[string], { fingerprint: string; answer: string | null; until: number }>('SELECT fingerprint, answer, until FROM idempotency WHERE key = ?');
  const put = db.prepare<[string, string, string | null, number]>('INSERT OR REPLACE INTO idempotency (key, fingerprint, answer, until) VALUES (?, ?, ?, ?)');
  const del = db.prepare<[string]>('DELETE FROM idempotency WHERE key = ?');
  const prune = db.prepare<[number]>('DELETE FROM idempotency WHERE until <= ?');
  const update = db.prepare<[string, number, string]>('UPDATE idempotency SET answer = ?, until = ? WHERE key = ?');
  let pruned = 0;
  return {
    begin: (key, fingerprint, leaseUntil) =>
      state.unit(async (): Promise<IdempotencyBegin> => {
        const t = now();
        if (t - pruned > 60_000) {
          prune.run(t);
          pruned = t;
        }
        const row = get.get(key);
        if (row && row.until > t) {
          return row.answer !== null ? { kind: 'done', fingerprint: row.fingerprint, answer: JSON.parse(row.answer) as StoredAnswer } : { kind: 'running', fingerprint: row.fingerprint };
        }
        put.run(key, fingerprint, null, leaseUntil);
        return { kind: 'new' };
      }),
    finish: (key, answer, keepUntil) => state.write(() => void update.run(JSON.stringify(answer), keepUntil, key)),
    release: (key) => state.write(() => void del.run(key)),
  };
}
