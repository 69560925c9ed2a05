// Port: the storage primitive of the sandboxes, a table of records with integer ids and equality
// lookups, async because the state file implements it too (server/state/sqlite-table.ts). The
// in-memory table here (the default) keeps each record as a deep-frozen copy, so a caller can never
// change stored state by mutating an object it gave or was given.

import { GroupIndex, OwnerIndex, ownerOf } from './owner-index.ts';

export interface Table<R extends { id: number }> {
  insert(fields: Omit<R, 'id'>): Promise<R>;
  get(id: number): Promise<R | undefined>;
  /** Replaces the given fields; throws when the record does not exist. */
  update(id: number, patch: Partial<Omit<R, 'id'>>): Promise<R>;
  remove(id: number): Promise<boolean>;
  /**
   * Records whose fields equal every field of `where` (all when omitted), in id order. Naming a
   * merchant reads only that merchant's records (the same indexes as `page`). Naming the merchant
   * and the table's group field (given when the table is made: a refund's transaction, a delivery's
   * webhook) with a string or a safe integer (groupKey) reads only that group, from the index
   * records_by_group (migration 010): the cost of the group, not of the merchant's history. Other
   * fields are filters; every result is checked with ===.
   */
  find(where?: Partial<R>): Promise<R[]>;
  /**
   * Up to `limit` records matching `where` with ids below `beforeId` (any id when undefined),
   * highest id first: a keyset walk back along the primary key (kind, id), read in chunks, so it
   * costs how far back it reads to fill the page, not the table. For reads that name no merchant
   * (an operator's view of every merchant, newest first).
   */
  before(where: Partial<R>, beforeId: number | undefined, limit: number): Promise<R[]>;
  /**
   * One page of the records whose fields equal every field of `where` (which names `merchant`),
   * newest first: `created_at` descending, then id descending. Every table answers it from an
   * index with an offset query (cost grows with offset + limit, not with the table): the databases'
   * records_by_owner, the memory table's merchant index (owner-index.ts).
   */
  page(where: Partial<R> & { merchant: string }, offset: number, limit: number): Promise<R[]>;
  /**
   * The merchant's records in the table's queue, in id order: those its queue rule (given when the
   * table is made) holds for, such as transactions awaiting payout. The rule is applied to every
   * record written, and the databases keep the result in an index (migration 009), so the read
   * costs the queue's length, not the merchant's history. Empty for a table made without a rule.
   */
  queued(merchant: string): Promise<R[]>;
  /** Empties the table and restarts its ids. */
  reset(): Promise<void>;
}

/** Which records of a table are in its queue (Table.queued); applied to each record as it is written. */
export type QueueRule<R> = (record: R) => boolean;

/** The field a table groups its records by for Table.find (one per table, at most): a refund's transaction_id. */
export type GroupField<R> = Exclude<keyof R, 'id' | 'merchant'> & string;

/**
 * The text a group value is indexed under, the same in every table and in migration 010: a string
 * that SQL keeps as JavaScript compares it (no NUL, no surrogate half) as itself, a safe integer as
 * String(value). Any other value (null, a boolean, a fraction) is not indexed: a find naming it
 * reads the merchant's records. A string and a number of the same text share a key; the ===
 * check after the read tells them apart.
 */
export function groupKey(value: unknown): string | undefined {
  if (typeof value === 'string') return /[\u0000\uD800-\uDFFF]/.test(value) ? undefined : value;
  return Number.isSafeInteger(value) ? String(value) : undefined;
}

/** The group key of `row` in a table grouped by `field` (groupKey), undefined without a group field. */
export const groupOf = (row: object, field: string | undefined): string | undefined =>
  field === undefined ? undefined : groupKey((row as Record<string, unknown>)[field]);

/** The group key `where` names for a table grouped by `field`, when it names one (Table.find). */
export const groupNamed = (where: object | undefined, field: string | undefined): string | undefined =>
  field !== undefined && where !== undefined && Object.hasOwn(where, field) ? groupKey((where as Record<string, unknown>)[field]) : undefined;

/** The order of `page`: newest first, equal creation times by id, highest first. */
export const newestFirst = (a: { id: number }, b: { id: number }): number =>
  ((b as { created_at?: number }).created_at ?? 0) - ((a as { created_at?: number }).created_at ?? 0) || b.id - a.id;

/**
 * A merchant's records matching `where`, newest first (Table.page's order), read page by page
 * from the index, each page twice the last, for as long as the caller keeps reading: a walk that
 * stops early (a cursor reached, a page full) costs what it read, not the merchant's history.
 */
export async function* newestRecords<R extends { id: number }>(table: Table<R>, where: Partial<R> & { merchant: string }, first = 50): AsyncGenerator<R> {
  let offset = 0;
  for (let size = first; ; size *= 2) {
    const page = await table.page(where, offset, size);
    yield* page;
    if (page.length < size) return;
    offset += size;
  }
}

/**
 * Of stored rows (one JSON text each, in id order, as the state file and PostgreSQL keep them), the
 * records whose fields equal every field of `where`: `find`'s rule for the databases, whatever
 * rows their SQL already left out.
 */
export function matchingRows<R>(rows: Iterable<{ data: string }>, where: object | undefined): R[] {
  const entries = Object.entries(where ?? {});
  const out: R[] = [];
  for (const { data } of rows) {
    const row = JSON.parse(data) as Record<string, unknown>;
    if (entries.every(([k, v]) => row[k] === v)) out.push(row as R);
  }
  return out;
}

/**
 * Ids start at `firstId` (so payments, transactions and refunds are easy to tell apart in logs).
 * Records are JSON data (what the state file stores). Each is copied once on the way in and
 * deep-frozen, and the frozen record itself is handed out: a read costs no copy, and a caller that
 * mutates what it read (or what `insert`/`update` returned) gets a TypeError instead of changing
 * stored state; mutating the object it passed in changes nothing either, as it was copied. An
 * update makes a new frozen record that shares the unchanged parts with the old one. The record's
 * own object is the one spread here (never the caller's), so it is frozen where it is rather than
 * copied a second time (a payment writes four records: the copies were a tenth of its CPU).
 */
export function memoryTable<R extends { id: number }>(firstId = 1, queue?: QueueRule<R>, group?: GroupField<R>): Table<R> {
  let rows = new Map<number, R>();
  let next = firstId;
  // By merchant (the databases' records_by_owner): find and page naming a merchant read only its records.
  const owners = new OwnerIndex<R>();
  // By merchant and group (records_by_group): find naming both reads only that group.
  const groups = new GroupIndex<R>((row) => groupOf(row, group));
  // The queue rule's records, by merchant then id (the databases' partial index records_queued).
  let queues = new Map<unknown, Map<number, R>>();
  const enqueue = (row: R, before?: R) => {
    if (!queue) return;
    if (before) queues.get(ownerOf(before))?.delete(before.id);
    if (!queue(row)) return;
    let q = queues.get(ownerOf(row));
    if (!q) queues.set(ownerOf(row), (q = new Map()));
    q.set(row.id, row);
  };
  const matches = (row: R, entries: [string, unknown][]) => {
    for (const [k, v] of entries) if ((row as Record<string, unknown>)[k] !== v) return false;
    return true;
  };
  const table: Table<R> = {
    async insert(fields) {
      const row = frozenInPlace({ ...fields, id: next }) as R;
      next += 1;
      rows.set(row.id, row);
      owners.add(row);
      groups.add(row);
      enqueue(row);
      return row;
    },
    async get(id) {
      return rows.get(id);
    },
    async update(id, patch) {
      const row = rows.get(id);
      if (!row) throw new Error(`no record ${id} to update`);
      const updated = frozenInPlace({ ...row, ...patch, id }) as R;
      rows.set(id, updated);
      owners.replace(row, updated);
      groups.replace(row, updated);
      enqueue(updated, row);
      return updated;
    },
    async remove(id) {
      const row = rows.get(id);
      if (row) {
        owners.remove(row);
        groups.remove(row);
        queues.get(ownerOf(row))?.delete(id);
      }
      return rows.delete(id);
    },
    async find(where) {
      const entries = Object.entries(where ?? {});
      const out: R[] = [];
      // Rows keep id order (ids only grow; an update keeps its place), and so do the merchant and group indexes.
      const named = where && Object.hasOwn(where, 'merchant');
      const key = named ? groupNamed(where, group) : undefined;
      const candidates = key !== undefined ? groups.of(ownerOf(where!), key) : named ? owners.ofOwner(ownerOf(where!)) : rows.values();
      for (const row of candidates) if (matches(row, entries)) out.push(row);
      return out;
    },
    async before(where, beforeId, limit) {
      const entries = Object.entries(where);
      const out: R[] = [];
      // Ids below `next` only, so the walk starts at the newest record whatever beforeId is.
      for (let id = Math.min(Math.ceil(beforeId ?? next), next) - 1; id >= firstId && out.length < limit; id--) {
        const row = rows.get(id);
        if (row && matches(row, entries)) out.push(row);
      }
      return out;
    },
    async page(where, offset, limit) {
      const entries = Object.entries(where);
      const out: R[] = [];
      if (limit <= 0) return out;
      let skip = offset;
      for (const row of owners.newestFirst(where.merchant)) {
        if (!matches(row, entries)) continue;
        if (skip > 0) skip--;
        else if (out.push(row) >= limit) break;
      }
      return out;
    },
    async queued(merchant) {
      // A record leaving the queue and coming back is added at the end: id order is restored here.
      return [...(queues.get(merchant)?.values() ?? [])].sort((a, b) => a.id - b.id);
    },
    async reset() {
      rows = new Map();
      owners.clear();
      groups.clear();
      queues = new Map();
      next = firstId;
    },
  };
  return table;
}

/** Records and their parts this module froze (deeply): shared as they are, never copied again. */
const frozen = new WeakSet<object>();

/**
 * A deep-frozen copy of JSON data: plain objects, arrays, strings, numbers, booleans, null (and
 * undefined fields, kept as they are). Anything else (a Date, a Map, a class instance) is refused,
 * since the state file could not store it either.
 */
export function frozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') throw new TypeError(`a table record holds JSON data, not a ${typeof value}`);
    return value;
  }
  if (frozen.has(value)) return value;
  let copy: unknown;
  if (Array.isArray(value)) {
    copy = value.map(frozenCopy);
  } else {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) throw new TypeError(`a table record holds JSON data, not a ${(value as object).constructor?.name ?? 'non-plain object'}`);
    const out: Record<string, unknown> = {};
    for (const key in value) out[key] = frozenCopy((value as Record<string, unknown>)[key]);
    copy = out;
  }
  Object.freeze(copy);
  frozen.add(copy as object);
  return copy as T;
}

/**
 * Deep-freezes a record object the table itself has just made by spreading (no one else holds
 * it): its parts become frozen copies as in frozenCopy, the object is frozen in place.
 */
function frozenInPlace<T extends object>(own: T): T {
  const fields = own as Record<string, unknown>;
  for (const key in fields) {
    const v = fields[key];
    const t = typeof v;
    if (t === 'string' || t === 'number' || t === 'boolean' || v == null) continue;
    const copy = frozenCopy(v);
    if (copy !== v) fields[key] = copy;
  }
  // Not remembered in `frozen`: a stored record is never a part of another one (were it given as
  // one, it would be copied, which is still correct), and a weak set of every record version
  // written costs the garbage collector in proportion to the table (bench figure 10b).
  Object.freeze(own);
  return own;
}
