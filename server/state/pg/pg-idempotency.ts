// Idempotency-Key records in PostgreSQL (server/ports/idempotency.ts): one row per key, claimed in
// a SERIALIZABLE unit, so two instances cannot both execute a key (the second sees it running).
import type { IdempotencyBegin, IdempotencyStore, StoredAnswer } from '../../ports/idempotency.ts';
import type { PgState } from './pg-state.ts';

export function pgIdempotency(state: PgState, now: () => number = Date.now): IdempotencyStore {
  let pruned = 0;
  return {
    begin: (key, fingerprint, leaseUntil) =>
      state.unit(async (): Promise<IdempotencyBegin> => {
        const t = now();
        if (t - pruned > 60_000) {
          pruned = t;
          await state.query('DELETE FROM idempotency WHERE until <= $1', [t]);
        }
        const { rows } = await state.query<{ fingerprint: string; answer: string | null; until: string }>('SELECT fingerprint, answer, until FROM idempotency WHERE key = $1', [key]);
        const row = rows[0];
        if (row && Number(row.until) > t) {
          return row.answer !== null ? { kind: 'done', fingerprint: row.fingerprint, answer: JSON.parse(row.answer) as StoredAnswer } : { kind: 'running', fingerprint: row.fingerprint };
        }
        await state.query(
          'INSERT INTO idempotency (key, fingerprint, answer, until) VALUES ($1, $2, NULL, $3) ON CONFLICT (key) DO UPDATE SET fingerprint = excluded.fingerprint, answer = NULL, until = excluded.until',
          [key, fingerprint, leaseUntil],
        );
        return { kind: 'new' };
      }),
    finish: (key, answer, keepUntil) => state.unit(async () => void (await state.query('UPDATE idempotency SET answer = $1, until = $2 WHERE key = $3', [JSON.stringify(answer), keepUntil, key]))),
    release: (key) => state.unit(async () => void (await state.query('DELETE FROM idempotency WHERE key = $1', [key]))),
  };
}
