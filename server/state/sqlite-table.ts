// The reference implementations' Table (server/ports/table.ts) over the state file: one
// JSON row per record in `records`, keyed by (kind, id). Reads go to the database, not to a cache,
// so two processes on one file see each other's writes; every operation runs inside a unit of work
// (StateDb.unit), joining the request's own when there is one, so a request's writes commit together.
import { groupNamed, groupOf, matchingRows, newestFirst, type GroupField, type QueueRule, type Table } from '../ports/table.ts';
import type { StateDb } from './db.ts';

/** Table.queued's query (kind, merchant). */
export const SQLITE_QUEUED = "SELECT data FROM records INDEXED BY records_queued WHERE kind = ? AND json_extract(data, '$.merchant') = ? AND queued = 1 ORDER BY id";

/** Table.find's query naming the merchant and the group (kind, merchant, group key), before any further filter. */
export const SQLITE_GROUP = "SELECT data FROM records INDEXED BY records_by_group WHERE kind = ? AND json_extract(data, '$.merchant') = ? AND grp = ?";

/** Table.before's query (kind, below id, limit), before any further filter: the primary key walked back. */
export const SQLITE_BEFORE = 'SELECT id, data FROM records NOT INDEXED WHERE kind = ? AND id < ?';

/** Rows read per query by Table.before when a filter is left to JavaScript. */
const BEFORE_CHUNK = 500;

export function sqliteTable<R extends { id: number }>(state: StateDb, kind: string, firstId = 1, queue?: QueueRule<R>, group?: GroupField<R>): Table<R> {
  const db = state.db;
  const getStmt = db.prepare<[string, number], { data: string }>('SELECT data FROM records WHERE kind = ? AND id = ?');
  const allStmt = db.prepare<[string], { data: string }>('SELECT data FROM records WHERE kind = ? ORDER BY id');
  const maxStmt = db.prepare<[string], { max: number | null }>('SELECT max(id) AS max FROM records WHERE kind = ?');
  // With the queue rule's answer (migration 009), which the partial index records_queued keeps
  // (named in the query for the same reason as records_by_owner below), and the group key
  // (migration 010), which the partial index records_by_group keeps.
  const putStmt = db.prepare<[string, number, string, number, string | null]>('INSERT OR REPLACE INTO records (kind, id, data, queued, grp) VALUES (?, ?, ?, ?, ?)');
  const queuedOf = (row: R) => (queue?.(row) ? 1 : 0);
  const grpOf = (row: R) => groupOf(row, group) ?? null;
  const queuedStmt = db.prepare<[string, unknown], { data: string }>(SQLITE_QUEUED);
  const delStmt = db.prepare<[string, number]>('DELETE FROM records WHERE kind = ? AND id = ?');
  const clearStmt = db.prepare<[string]>('DELETE FROM records WHERE kind = ?');
  /**
   * The statements of one query whose further filter (`sifted`'s SQL, '' for none) is put in by
   * `sqlOf`, prepared once per filter: the queries below differ only in that filter.
   */
  const byFilter = <Row>(sqlOf: (filter: string) => string) => {
    const prepared = new Map<string, ReturnType<typeof db.prepare<unknown[], Row>>>();
    return (filter: string) => {
      let stmt = prepared.get(filter);
      if (!stmt) prepared.set(filter, (stmt = db.prepare<unknown[], Row>(sqlOf(filter))));
      return stmt;
    };
  };
  const and = (filter: string) => (filter ? ` AND ${filter}` : '');
  const findStmt = byFilter<{ data: string }>((filter) => `SELECT data FROM records WHERE kind = ? AND ${filter} ORDER BY id`);
  // find naming a merchant: only that merchant's rows, from the index records_by_owner (migration
  // 007) in its own expression. Named, since without statistics SQLite's planner prefers the primary
  // key's id order and reads every row of the kind.
  const ownerFindStmt = byFilter<{ data: string }>(
    (filter) => `SELECT data FROM records INDEXED BY records_by_owner WHERE kind = ? AND json_extract(data, '$.merchant') = ?${and(filter)} ORDER BY id`,
  );
  // find naming the merchant and the group: that group's rows from records_by_group (named, as above).
  const groupFindStmt = byFilter<{ data: string }>((filter) => `${SQLITE_GROUP}${and(filter)} ORDER BY id`);
  // Table.before: the primary key (kind, id) read backwards (the table itself, WITHOUT ROWID);
  // NOT INDEXED so that no index whose order is not the walk's is ever chosen instead (without
  // statistics SQLite's choices are not to be relied on: see records_by_owner above).
  const beforeStmt = byFilter<{ id: number; data: string }>((filter) => `${SQLITE_BEFORE}${and(filter)} ORDER BY id DESC LIMIT ?`);
  // Table.page: the index records_by_owner (migration 007) in its own expressions, then any further
  // filter; a filter SQL cannot take exactly (see sifted) falls back to the merchant's rows, sorted and sliced.
  const pageStmt = byFilter<{ data: string }>(
    (filter) =>
      `SELECT data FROM records WHERE kind = ? AND json_extract(data, '$.merchant') = ?${and(filter)} ORDER BY json_extract(data, '$.created_at') DESC, id DESC LIMIT ? OFFSET ?`,
  );
  const read = (id: number): R | undefined => {
    const row = getStmt.get(kind, id);
    return row ? (JSON.parse(row.data) as R) : undefined;
  };
  return {
    insert: (fields) =>
      state.unit(async () => {
        // Inside the write transaction: no other process can take the same id.
        const id = Math.max(firstId, (maxStmt.get(kind)?.max ?? 0) + 1);
        const row = { ...fields, id } as R;
        putStmt.run(kind, id, JSON.stringify(row), queuedOf(row), grpOf(row));
        return row;
      }),
    get: (id) => state.unit(async () => read(id)),
    update: (id, patch) =>
      state.unit(async () => {
        const row = read(id);
        if (!row) throw new Error(`no record ${id} to update`);
        const updated = { ...row, ...patch, id } as R;
        putStmt.run(kind, id, JSON.stringify(updated), queuedOf(updated), grpOf(updated));
        return updated;
      }),
    remove: (id) => state.unit(async () => delStmt.run(kind, id).changes > 0),
    find: (where) =>
      state.unit(async () => {
        const { merchant, ...rest } = (where ?? {}) as Record<string, unknown>;
        if (sqlString(merchant)) {
          const key = groupNamed(rest, group);
          if (key !== undefined) {
            const sift = sifted(Object.entries(rest).filter(([k]) => k !== group));
            return matchingRows<R>(groupFindStmt(sift?.sql ?? '').iterate(kind, merchant, key, ...(sift?.args ?? [])), where);
          }
          const sift = sifted(Object.entries(rest));
          return matchingRows<R>(ownerFindStmt(sift?.sql ?? '').iterate(kind, merchant, ...(sift?.args ?? [])), where);
        }
        const sift = sifted(Object.entries(where ?? {}));
        // What SQL kept is checked again with ===, as every table's find is (server/ports/table.ts).
        return matchingRows<R>(sift ? findStmt(sift.sql).iterate(kind, ...sift.args) : allStmt.iterate(kind), where);
      }),
    before: (where, beforeId, limit) =>
      state.unit(async () => {
        const entries = Object.entries(where);
        const sift = sifted(entries);
        // Every filter taken by SQL: the rows it returns match (short of 1 and 1.0), so ask for what is missing.
        const exact = (sift?.count ?? 0) === entries.length;
        const out: R[] = [];
        let below = beforeId === undefined ? Number.MAX_SAFE_INTEGER : Math.ceil(beforeId);
        while (out.length < limit) {
          const size = exact ? limit - out.length : BEFORE_CHUNK;
          const rows = beforeStmt(sift?.sql ?? '').all(kind, below, ...(sift?.args ?? []), size);
          for (const row of matchingRows<R>(rows, where)) if (out.push(row) >= limit) break;
          if (rows.length < size) break;
          below = rows.at(-1)!.id;
        }
        return out;
      }),
    page: (where, offset, limit) =>
      state.unit(async () => {
        const { merchant, ...rest } = where;
        const entries = Object.entries(rest);
        const sift = sifted(entries);
        if ((sift?.count ?? 0) !== entries.length) {
          const all = matchingRows<R>(sqlString(merchant) ? ownerFindStmt('').iterate(kind, merchant) : allStmt.iterate(kind), where).sort(newestFirst);
          return all.slice(offset, offset + limit);
        }
        return pageStmt(sift?.sql ?? '').all(kind, merchant, ...(sift?.args ?? []), limit, offset).map((r) => JSON.parse(r.data) as R);
      }),
    // What SQL kept is checked again with === (a merchant equal in SQLite's eyes only, 1 and 1.0).
    queued: (merchant) => state.unit(async () => (queue ? matchingRows<R>(queuedStmt.iterate(kind, merchant), { merchant }) : [])),
    reset: () =>
      state.unit(async () => {
        clearStmt.run(kind);
      }),
  };
}

/**
 * The SQL condition that keeps, of a kind's rows, those whose fields may equal `where`'s strings
 * and safe integers (json_extract in SQLite's C, instead of a JSON.parse of every row in JS): a
 * row it drops cannot match, and the rows it keeps are still checked with ===. Other values
 * (booleans, null, undefined, fractions, odd keys, strings with NUL or surrogates) are left to that check alone.
 */
function sifted(entries: [string, unknown][]): { sql: string; args: unknown[]; count: number } | undefined {
  const usable = entries.filter(([k, v]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) && (sqlString(v) || Number.isSafeInteger(v)));
  if (usable.length === 0) return undefined;
  return { sql: usable.map(() => 'json_extract(data, ?) = ?').join(' AND '), args: usable.flatMap(([k, v]) => [`$.${k}`, v]), count: usable.length };
}

/** A string SQLite compares as JavaScript does (no NUL, no surrogate halves). */
const sqlString = (v: unknown): v is string => typeof v === 'string' && !/[\u0000\uD800-\uDFFF]/.test(v);

/** A uniqueness claim (invoice numbers, e-mail addresses): true for the first caller, in any process. */
export function sqliteClaims(state: StateDb, scope: string) {
  const claimStmt = state.db.prepare<[string, string]>('INSERT OR IGNORE INTO claims (scope, key) VALUES (?, ?)');
  const clearStmt = state.db.prepare<[string]>('DELETE FROM claims WHERE scope = ?');
  return {
    claim: (key: string) => state.unit(async () => claimStmt.run(scope, key).changes === 1),
    reset: () => state.unit(async () => void clearStmt.run(scope)),
  };
}
