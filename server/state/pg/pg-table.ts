// The reference implementations' Table (server/ports/table.ts) and uniqueness claims in
// PostgreSQL: the same layout as the state file (server/state/sqlite-table.ts), one JSON row per
// record in `records` keyed by (kind, id), claims as primary keys of `claims`. Every operation runs
// in a unit (PgState.unit: SERIALIZABLE, joining the request's own), so a read-then-write of a
// handler (a refund checked against what was received, an id as max(id) + 1) is serial across
// instances: PostgreSQL aborts the second of two that overlap and PgState runs it again.
import { groupNamed, groupOf, matchingRows, type GroupField, type QueueRule, type Table } from '../../ports/table.ts';
import type { RecordDatabase } from '../stores.ts';
import type { PgState } from './pg-state.ts';

/** Rows read per query while a filtered page is filled. */
const PAGE_CHUNK = 500;

/** Table.queued's query ($1 kind, $2 merchant). */
export const PG_QUEUED = 'SELECT data FROM records WHERE kind = $1 AND owner = $2 AND queued ORDER BY id';

/** Table.find's query naming the merchant and the group ($1 kind, $2 merchant, $3 group key): the index records_by_group. */
export const PG_GROUP = 'SELECT data FROM records WHERE kind = $1 AND owner = $2 AND grp = $3 ORDER BY id';

/** Table.before's query ($1 kind, $2 below id, $3 limit): the primary key (kind, id) read backwards. */
export const PG_BEFORE = 'SELECT id, data FROM records WHERE kind = $1 AND id < $2 ORDER BY id DESC LIMIT $3';

export function pgTable<R extends { id: number }>(state: PgState, kind: string, firstId = 1, queue?: QueueRule<R>, group?: GroupField<R>): Table<R> {
  // Ids from a sequence per kind (PgState.sequence: no conflict between concurrent inserts; a gap
  // where a transaction aborted). Created now, while the pool is free; a failure is retried at the first insert.
  const seqName = `records_id_${kind.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
  state.sequence(seqName, firstId).catch(() => undefined);
  // The columns of the index records_by_owner (migration 007), written with every row.
  const owner = (row: object) => ((row as { merchant?: unknown }).merchant as string | undefined) ?? null;
  const at = (row: object) => {
    const t = (row as { created_at?: unknown }).created_at;
    return typeof t === 'number' && Number.isSafeInteger(t) ? t : 0;
  };
  // The queue rule's answer (migration 008), which the partial index records_queued keeps.
  const queuedOf = (row: R) => queue?.(row) === true;
  // The group key (migration 010), which the partial index records_by_group keeps.
  const grpOf = (row: object) => groupOf(row, group) ?? null;
  const key = (id: number) => `${kind}\u0000${id}`;
  const read = async (id: number): Promise<R | undefined> => {
    const known = state.unitRows()?.get(key(id));
    if (known !== undefined) return JSON.parse(known) as R;
    const { rows } = await state.query<{ data: string }>('SELECT data FROM records WHERE kind = $1 AND id = $2', [kind, id]);
    if (rows[0]) state.unitRows()?.set(key(id), rows[0].data);
    return rows[0] ? (JSON.parse(rows[0].data) as R) : undefined;
  };
  return {
    // One round trip: the id from the sequence inside the INSERT, and the stored text built around it
    // exactly as JSON.stringify({ ...fields, id }) writes it (id last).
    insert: (fields) =>
      state.unit(async () => {
        const seq = await state.sequence(seqName, firstId);
        const head = JSON.stringify(fields).slice(0, -1);
        const { rows } = await state.query<{ id: string; data: string }>(
          `INSERT INTO records (kind, id, data, owner, at, queued, grp) SELECT $1::text, n.id, $2::text || n.id || '}', $3::text, $4::bigint, $5::boolean, $6::text FROM (SELECT nextval('${seq}') AS id) n RETURNING id, data`,
          // The rule sees the record without its id, which no rule reads: the id comes from the sequence in this statement.
          [kind, `${head}${head.length > 1 ? ',' : ''}"id":`, owner(fields), at(fields), queuedOf({ ...fields, id: 0 } as R), grpOf(fields)],
        );
        const id = Number(rows[0]!.id);
        state.unitRows()?.set(key(id), rows[0]!.data);
        return { ...fields, id } as R;
      }),
    get: (id) => state.unit(() => read(id)),
    update: (id, patch) =>
      state.unit(async () => {
        const row = await read(id);
        if (!row) throw new Error(`no record ${id} to update`);
        const updated = { ...row, ...patch, id } as R;
        const data = JSON.stringify(updated);
        // Deferred: sent with the transaction's next statement or its COMMIT (the row was just read, so it exists).
        await state.defer('UPDATE records SET data = $3, owner = $4, at = $5, queued = $6, grp = $7 WHERE kind = $1 AND id = $2', [kind, id, data, owner(updated), at(updated), queuedOf(updated), grpOf(updated)]);
        state.unitRows()?.set(key(id), data);
        return updated;
      }),
    remove: (id) =>
      state.unit(async () => {
        state.unitRows()?.delete(key(id));
        return ((await state.query('DELETE FROM records WHERE kind = $1 AND id = $2', [kind, id])).rowCount ?? 0) > 0;
      }),
    // With a merchant, only that merchant's rows, from the index records_by_owner (a whole-kind
    // read costs every merchant's history, and under SERIALIZABLE it conflicts with every insert
    // into the kind: concurrent refunds aborted one another); with the merchant and the group, only
    // that group's rows, from records_by_group (a transaction's refunds: a refund's check of what
    // is left no longer reads, nor conflicts with, the merchant's other refunds); further filters in JS.
    find: (where) =>
      state.unit(async () => {
        const merchant = (where as { merchant?: unknown } | undefined)?.merchant;
        const key = typeof merchant === 'string' ? groupNamed(where, group) : undefined;
        const { rows } =
          key !== undefined
            ? await state.query<{ data: string }>(PG_GROUP, [kind, merchant, key])
            : typeof merchant === 'string'
              ? await state.query<{ data: string }>('SELECT data FROM records WHERE kind = $1 AND owner = $2 ORDER BY id', [kind, merchant])
              : await state.query<{ data: string }>('SELECT data FROM records WHERE kind = $1 ORDER BY id', [kind]);
        return matchingRows<R>(rows, where);
      }),
    // The primary key read backwards, a chunk at a time, filtered in JS (PostgreSQL's JSON parser
    // refuses some records: see migration 007), until `limit` records match.
    before: (where, beforeId, limit) =>
      state.unit(async () => {
        const filtered = Object.keys(where).length > 0;
        const out: R[] = [];
        let below = beforeId === undefined ? Number.MAX_SAFE_INTEGER : Math.ceil(beforeId);
        while (out.length < limit) {
          const size = filtered ? Math.max(limit - out.length, PAGE_CHUNK) : limit - out.length;
          const { rows } = await state.query<{ id: string; data: string }>(PG_BEFORE, [kind, below, size]);
          for (const row of matchingRows<R>(rows, where)) if (out.push(row) >= limit) break;
          if (rows.length < size) break;
          below = Number(rows.at(-1)!.id);
        }
        return out;
      }),
    // From the index: without further filters one LIMIT/OFFSET query; with them, the merchant's rows
    // in page order, a chunk at a time, until the page is full (filtered in JS: see migration 007).
    page: (where, offset, limit) =>
      state.unit(async () => {
        const { merchant, ...rest } = where;
        const order = 'ORDER BY at DESC, id DESC';
        if (Object.keys(rest).length === 0) {
          const { rows } = await state.query<{ data: string }>(`SELECT data FROM records WHERE kind = $1 AND owner = $2 ${order} LIMIT $3 OFFSET $4`, [kind, merchant, limit, offset]);
          return rows.map((r) => JSON.parse(r.data) as R);
        }
        const out: R[] = [];
        let skip = offset;
        let after: { at: string; id: string } | undefined;
        for (;;) {
          const { rows } = await state.query<{ data: string; at: string; id: string }>(
            after
              ? `SELECT data, at, id FROM records WHERE kind = $1 AND owner = $2 AND (at, id) < ($3, $4) ${order} LIMIT ${PAGE_CHUNK}`
              : `SELECT data, at, id FROM records WHERE kind = $1 AND owner = $2 ${order} LIMIT ${PAGE_CHUNK}`,
            after ? [kind, merchant, after.at, after.id] : [kind, merchant],
          );
          for (const row of matchingRows<R>(rows, rest)) {
            if (skip > 0) skip--;
            else if (out.push(row) >= limit) return out;
          }
          if (rows.length < PAGE_CHUNK) return out;
          after = { at: rows.at(-1)!.at, id: rows.at(-1)!.id };
        }
      }),
    // From the partial index records_queued: only the merchant's queued rows are read.
    queued: (merchant) =>
      state.unit(async () => {
        if (!queue) return [];
        const { rows } = await state.query<{ data: string }>(PG_QUEUED, [kind, merchant]);
        return matchingRows<R>(rows, { merchant });
      }),
    reset: () =>
      state.unit(async () => {
        state.unitRows()?.clear();
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
  table: (kind, firstId, queue, group) => pgTable<never>(state, kind, firstId, queue as QueueRule<never> | undefined, group as GroupField<never> | undefined),
  claims: (scope) => pgClaims(state, scope),
  units: state,
});
