// Port: the storage primitive of the sandboxes, a table of records with integer ids and equality
// lookups, async because the state file implements it too (server/state/sqlite-table.ts). The
// in-memory table here (the default) copies records in and out, as a database would, so a caller
// can never change stored state by mutating an object it was given.

export interface Table<R extends { id: number }> {
  insert(fields: Omit<R, 'id'>): Promise<R>;
  get(id: number): Promise<R | undefined>;
  /** Replaces the given fields; throws when the record does not exist. */
  update(id: number, patch: Partial<Omit<R, 'id'>>): Promise<R>;
  remove(id: number): Promise<boolean>;
  /** Records whose fields equal every field of `where` (all when omitted), in id order. */
  find(where?: Partial<R>): Promise<R[]>;
  /** Empties the table and restarts its ids. */
  reset(): Promise<void>;
}

/** Ids start at `firstId` (so payments, transactions and refunds are easy to tell apart in logs). */
export function memoryTable<R extends { id: number }>(firstId = 1): Table<R> {
  let rows = new Map<number, R>();
  let next = firstId;
  const copy = <T>(x: T): T => structuredClone(x);
  return {
    async insert(fields) {
      const row = { ...copy(fields), id: next++ } as R;
      rows.set(row.id, row);
      return copy(row);
    },
    async get(id) {
      const row = rows.get(id);
      return row && copy(row);
    },
    async update(id, patch) {
      const row = rows.get(id);
      if (!row) throw new Error(`no record ${id} to update`);
      const updated = { ...row, ...copy(patch), id };
      rows.set(id, updated);
      return copy(updated);
    },
    async remove(id) {
      return rows.delete(id);
    },
    async find(where) {
      const entries = Object.entries(where ?? {});
      const out: R[] = [];
      for (const row of rows.values()) {
        if (entries.every(([k, v]) => (row as Record<string, unknown>)[k] === v)) out.push(copy(row));
      }
      return out;
    },
    async reset() {
      rows = new Map();
      next = firstId;
    },
  };
}
