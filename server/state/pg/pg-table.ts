// The reference implementations' Table (server/ports/table.ts) and uniqueness claims in
// PostgreSQL: the same layout as the state file (server/state/sqlite-table.ts), one JSON row per
// record in `records` keyed by (kind, id), claims as primary keys of `claims`. Every operation runs
// in a unit (PgState.unit: SERIALIZABLE, joining the request's own), so a read-then-write of a
// handler (a refund checked against what was received, an id as max(id) + 1) is serial across
// instances: PostgreSQL aborts the second of two that overlap and PgState runs it again.
import { matchingRows, newestFirst, type Table } from '../../ports/table.ts';
import type { RecordDatabase } from '../stores.ts';
import type { PgState } from './pg-state.ts';

export function pgTable<R extends { id: number }>(state: PgState, kind: string, firstId = 1): Table<R> {
  // Ids from a sequence per kind (PgState.sequence: no conflict between concurrent inserts; a gap
  // where a transaction aborted). Created now, while the pool is free; a failure is retried at the first insert.
  const seqName = `records_id_${kind.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
  state.sequence(seqName, firstId).catch(() => undefined);
  const read = async (id: number): Promise<R | undefined> => {
    const { rows } = await state.query<{ data: string }>('SELECT data FROM records WHERE kind = $1 AND id = $2', [kind, id]);
    return rows[0] ? (JSON.parse(rows[0].data) as R) : undefined;
  };
  return {
    insert: (fields) =>
      state.unit(async () => {
        const seq = await state.sequence(seqName, firstId);
        const { rows } = await state.query<{ id: string }>(`SELECT nextval('${seq}') AS id`);
        const id = Number(rows[0]!.id);
        const row = { ...fields, id } as R;
        await state.query('INSERT INTO records (kind, id, data) VALUES ($1, $2, $3)', [kind, id, JSON.stringify(row)]);
        return row;
      }),
    get: (id) => state.unit(() => read(id)),
    update: (id, patch) =>
      state.unit(async () => {
        const row = await read(id);
        if (!row) throw new Error(`no record ${id} to update`);
        const updated = { ...row, ...patch, id } as R;
        await state.query('UPDATE records SET data = $3 WHERE kind = $1 AND id = $2', [kind, id, JSON.stringify(updated)]);
        return updated;
      }),
    remove: (id) => state.unit(async () => ((await state.query('DELETE FROM records WHERE kind = $1 AND id = $2', [kind, id])).rowCount ?? 0) > 0),
    find: (where) =>
      state.unit(async () => {
        const { rows } = await state.query<{ data: string }>('SELECT data FROM records WHERE kind = $1 ORDER BY id', [kind]);
        return matchingRows<R>(rows, where);
      }),
    // The index records_by_owner (migration 007), in its own expressions; further filters compare
    // the field's JSON with the value's (exact for any JSON value).
    page: (where, offset, limit) =>
      state.unit(async () => {
        const { merchant, ...rest } = where;
        const entries = Object.entries(rest);
        if (entries.some(([, v]) => v === undefined)) return matchingRows<R>((await state.query<{ data: string }>('SELECT data FROM records WHERE kind = $1 ORDER BY id', [kind])).rows, where).sort(newestFirst).slice(offset, offset + limit);
        const params: unknown[] = [kind, merchant];
        const extra = entries.map(([k, v]) => {
          params.push(k, JSON.stringify(v));
          return ` AND ((data::jsonb) -> $${params.length - 1}) = $${params.length}::jsonb`;
        });
        params.push(limit, offset);
        const { rows } = await state.query<{ data: string }>(
          `SELECT data FROM records WHERE kind = $1 AND ((data::jsonb) ->> 'merchant') = $2${extra.join('')} ` +
            `ORDER BY (((data::jsonb) ->> 'created_at')::bigint) DESC, id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
          params,
        );
        return rows.map((r) => JSON.parse(r.data) as R);
      }),
    reset: () =>
      state.unit(async () => {
        await state.query('DELETE FROM records WHERE kind = $1', [kind]);
        // setval is not transactional: a reset that rolls back still restarts the ids (reset is for tests and the sandbox's reset).
        await state.query(`SELECT setval('${await state.sequence(seqName, firstId)}', $1, false)`, [firstId]);
      }),
  };
}

/**
 * `s` as PostgreSQL text, which cannot hold NUL (the stores join key parts with it): backslashes
 * doubled, NUL as backslash-0, so distinct keys stay distinct.
 */
export const pgText = (s: string): string => s.replace(/\\/g, '\\\\').replace(/\0/g, '\\0');

/** A uniqueness claim (invoice numbers, e-mail addresses): true for the first caller, on any instance (the primary key decides). */
export function pgClaims(state: PgState, scope: string) {
  return {
    claim: (key: string) => state.unit(async () => (await state.query('INSERT INTO claims (scope, key) VALUES ($1, $2) ON CONFLICT DO NOTHING', [scope, pgText(key)])).rowCount === 1),
    reset: () => state.unit(async () => void (await state.query('DELETE FROM claims WHERE scope = $1', [scope]))),
  };
}

/** The merchant and partner stores' database (server/state/stores.ts) in PostgreSQL. */
export const pgRecordDatabase = (state: PgState): RecordDatabase => ({
  table: (kind, firstId) => pgTable<never>(state, kind, firstId),
  claims: (scope) => pgClaims(state, scope),
  units: state,
});
