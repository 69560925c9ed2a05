// The reference implementations' Table (server/ports/table.ts) over the state file: one
// JSON row per record in `records`, keyed by (kind, id). Reads go to the database, not to a cache,
// so two processes on one file see each other's writes; every operation runs inside a unit of work
// (StateDb.unit), joining the request's own when there is one, so a request's writes commit together.
import { matchingRows, newestFirst, type QueueRule, type Table } from '../ports/table.ts';
import type { StateDb } from './db.ts';

/** Table.queued's query (kind, merchant). */
export const SQLITE_QUEUED = "SELECT data FROM records INDEXED BY records_queued WHERE kind = ? AND json_extract(data, '$.merchant') = ? AND queued = 1 ORDER BY id";

export function sqliteTable<R extends { id: number }>(state: StateDb, kind: string, firstId = 1, queue?: QueueRule<R>): Table<R> {
  const db = state.db;
  const getStmt = db.prepare<[string, number], { data: string }>('SELECT data FROM records WHERE kind = ? AND id = ?');
  const allStmt = db.prepare<[string], { data: string }>('SELECT data FROM records WHERE kind = ? ORDER BY id');
  const maxStmt = db.prepare<[string], { max: number | null }>('SELECT max(id) AS max FROM records WHERE kind = ?');
  // With the queue rule's answer (migration 008), which the partial index records_queued keeps
  // (named in the query for the same reason as records_by_owner below).
  const putStmt = db.prepare<[string, number, string, number]>('INSERT OR REPLACE INTO records (kind, id, data, queued) VALUES (?, ?, ?, ?)');
  const queuedOf = (row: R) => (queue?.(row) ? 1 : 0);
  const queuedStmt = db.prepare<[string, unknown], { data: string }>(SQLITE_QUEUED);
  const delStmt = db.prepare<[string, number]>('DELETE FROM records WHERE kind = ? AND id = ?');
  const clearStmt = db.prepare<[string]>('DELETE FROM records WHERE kind = ?');
  const findStmts = new Map<string, ReturnType<typeof db.prepare<unknown[], { data: string }>>>();
  const findStmt = (sql: string) => {
    let stmt = findStmts.get(sql);
    if (!stmt) findStmts.set(sql, (stmt = db.prepare<unknown[], { data: string }>(`SELECT data FROM records WHERE kind = ? AND ${sql} ORDER BY id`)));
    return stmt;
  };
  // find naming a merchant: only that merchant's rows, from the index records_by_owner (migration
  // 007) in its own expression. Named, since without statistics SQLite's planner prefers the primary
  // key's id order and reads every row of the kind.
  const ownerFindStmts = new Map<string, ReturnType<typeof db.prepare<unknown[], { data: string }>>>();
  const ownerFindStmt = (extra: string) => {
    let stmt = ownerFindStmts.get(extra);
    if (!stmt) {
      const sql = `SELECT data FROM records INDEXED BY records_by_owner WHERE kind = ? AND json_extract(data, '$.merchant') = ?${extra ? ` AND ${extra}` : ''} ORDER BY id`;
      ownerFindStmts.set(extra, (stmt = db.prepare<unknown[], { data: string }>(sql)));
    }
    return stmt;
  };
  // Table.page: the index records_by_owner (migration 007) in its own expressions, then any further
  // filter; a filter SQL cannot take exactly (see sifted) falls back to the merchant's rows, sorted and sliced.
  const pageStmts = new Map<string, ReturnType<typeof db.prepare<unknown[], { data: string }>>>();
  const pageStmt = (extra: string) => {
    let stmt = pageStmts.get(extra);
    if (!stmt) {
      const sql =
        "SELECT data FROM records WHERE kind = ? AND json_extract(data, '$.merchant') = ?" + (extra ? ` AND ${extra}` : '') +
        " ORDER BY json_extract(data, '$.created_at') DESC, id DESC LIMIT ? OFFSET ?";
      pageStmts.set(extra, (stmt = db.prepare<unknown[], { data: string }>(sql)));
    }
    return stmt;
  };
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
        putStmt.run(kind, id, JSON.stringify(row), queuedOf(row));
        return row;
      }),
    get: (id) => state.unit(async () => read(id)),
    update: (id, patch) =>
      state.unit(async () => {
        const row = read(id);
        if (!row) throw new Error(`no record ${id} to update`);
        const updated = { ...row, ...patch, id } as R;
        putStmt.run(kind, id, JSON.stringify(updated), queuedOf(updated));
        return updated;
      }),
    remove: (id) => state.unit(async () => delStmt.run(kind, id).changes > 0),
    find: (where) =>
      state.unit(async () => {
        const { merchant, ...rest } = (where ?? {}) as Record<string, unknown>;
        if (sqlString(merchant)) {
          const sift = sifted(Object.entries(rest));
          return matchingRows<R>(ownerFindStmt(sift?.sql ?? '').iterate(kind, merchant, ...(sift?.args ?? [])), where);
        }
        const sift = sifted(Object.entries(where ?? {}));
        // What SQL kept is checked again with ===, as every table's find is (server/ports/table.ts).
        return matchingRows<R>(sift ? findStmt(sift.sql).iterate(kind, ...sift.args) : allStmt.iterate(kind), where);
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
