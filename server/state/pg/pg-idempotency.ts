// Idempotency-Key records in PostgreSQL (server/ports/idempotency.ts): one row per key, claimed in
// a SERIALIZABLE unit, so two instances cannot both execute a key (the second sees it running).
// The answer is written with `state.write`, which inside the request's unit of work joins its
// transaction (before its COMMIT): stored, or rolled back, with the request's own writes.
import { heldBy, PRUNE_EVERY_MS, type IdempotencyBegin, type IdempotencyStore } from '../../ports/idempotency.ts';
import { storedRow } from '../idempotency.ts';
import type { PgState } from './pg-state.ts';

export function pgIdempotency(state: PgState, now: () => number = Date.now): IdempotencyStore {
  let pruned = 0;
  return {
    inUnit: true,
    begin: (key, fingerprint, leaseUntil) =>
      state.unit(async (): Promise<IdempotencyBegin> => {
        const t = now();
        if (t - pruned > PRUNE_EVERY_MS) {
          pruned = t;
          await state.query('DELETE FROM idempotency WHERE until <= $1', [t]);
        }
        const { rows } = await state.query<{ fingerprint: string; answer: string | null; until: string }>('SELECT fingerprint, answer, until FROM idempotency WHERE key = $1', [key]);
        const held = heldBy(storedRow(rows[0]), t);
        if (held) return held;
        await state.query(
          'INSERT INTO idempotency (key, fingerprint, answer, until) VALUES ($1, $2, NULL, $3) ON CONFLICT (key) DO UPDATE SET fingerprint = excluded.fingerprint, answer = NULL, until = excluded.until',
          [key, fingerprint, leaseUntil],
        );
        return { kind: 'new' };
      }),
    finish: (key, fingerprint, answer, keepUntil) =>
      state.write(
        'INSERT INTO idempotency (key, fingerprint, answer, until) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO UPDATE SET fingerprint = excluded.fingerprint, answer = excluded.answer, until = excluded.until',
        [key, fingerprint, JSON.stringify(answer), keepUntil],
      ),
    release: (key) => state.write('DELETE FROM idempotency WHERE key = $1', [key]),
  };
}
