// The in-memory table's index by merchant (memoryTable in table.ts), what records_by_owner is to
// the databases: each merchant's records in id order (for find) and ordered by creation time then
// id (for page, read from the newest end), so a merchant's list costs that merchant's records,
// a page only as many as it skips and takes, never the whole table sorted per call; and by merchant
// and group value (GroupIndex), what records_by_group is.

/** The merchant of a record (any value: records without one are indexed under undefined). */
export const ownerOf = (row: object): unknown => (row as { merchant?: unknown }).merchant;

/** Creation time as the page order reads it (Table.page: absent counts as 0). */
const atOf = (row: object): number => (row as { created_at?: number }).created_at ?? 0;

/** Ascending page order: oldest first, equal times by id. */
const oldestFirst = (a: { id: number }, b: { id: number }): number => atOf(a) - atOf(b) || a.id - b.id;

interface Owned<R> {
  /** In id order (ids are given in increasing order; a record moved here out of order rebuilds it). */
  byId: Map<number, R>;
  maxId: number;
  /** Oldest first (created_at, then id): a page is read from the end. */
  byTime: R[];
}

export class OwnerIndex<R extends { id: number }> {
  private owners = new Map<unknown, Owned<R>>();

  add(row: R): void {
    const owner = ownerOf(row);
    let o = this.owners.get(owner);
    if (!o) this.owners.set(owner, (o = { byId: new Map(), maxId: -Infinity, byTime: [] }));
    if (row.id > o.maxId) {
      o.byId.set(row.id, row);
      o.maxId = row.id;
    } else {
      o.byId = new Map([...o.byId, [row.id, row] as const].sort(([a], [b]) => a - b));
    }
    o.byTime.splice(this.firstAfter(o.byTime, row), 0, row);
  }

  remove(row: R): void {
    const o = this.owners.get(ownerOf(row));
    if (!o) return;
    o.byId.delete(row.id);
    const i = this.position(o.byTime, row);
    if (i >= 0) o.byTime.splice(i, 1);
  }

  /** `after` replaces `before` (the same id). */
  replace(before: R, after: R): void {
    const o = this.owners.get(ownerOf(before));
    if (o && ownerOf(after) === ownerOf(before) && atOf(after) === atOf(before)) {
      o.byId.set(after.id, after);
      const i = this.position(o.byTime, before);
      if (i >= 0) o.byTime[i] = after;
      return;
    }
    this.remove(before);
    this.add(after);
  }

  /** The merchant's records in id order. */
  ofOwner(owner: unknown): Iterable<R> {
    return this.owners.get(owner)?.byId.values() ?? [];
  }

  /** The merchant's records newest first (created_at, then id, descending): Table.page's order. */
  *newestFirst(owner: unknown): Generator<R> {
    const rows = this.owners.get(owner)?.byTime ?? [];
    for (let i = rows.length - 1; i >= 0; i--) yield rows[i]!;
  }

  clear(): void {
    this.owners = new Map();
  }

  /** The first index whose record comes after `row` in page order (where a new one goes: usually the end). */
  private firstAfter(rows: R[], row: R): number {
    let lo = 0;
    let hi = rows.length;
    if (hi > 0 && oldestFirst(rows[hi - 1]!, row) < 0) return hi;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (oldestFirst(rows[mid]!, row) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where `row` (by its time and id) is, or -1. */
  private position(rows: R[], row: R): number {
    const i = this.firstAfter(rows, row) - 1;
    return i >= 0 && rows[i]!.id === row.id ? i : -1;
  }
}

/**
 * The in-memory table's index by merchant and group value (Table.find naming both: a transaction's
 * refunds, a webhook's attempts), what records_by_group is to the databases. Records whose group
 * value has no key (keyOf: undefined) are not in it.
 */
export class GroupIndex<R extends { id: number }> {
  private owners = new Map<unknown, Map<string, Map<number, R>>>();

  constructor(private readonly keyOf: (row: R) => string | undefined) {}

  add(row: R): void {
    const key = this.keyOf(row);
    if (key === undefined) return;
    let groups = this.owners.get(ownerOf(row));
    if (!groups) this.owners.set(ownerOf(row), (groups = new Map()));
    let group = groups.get(key);
    if (!group) groups.set(key, (group = new Map()));
    group.set(row.id, row);
  }

  remove(row: R): void {
    const key = this.keyOf(row);
    if (key === undefined) return;
    const groups = this.owners.get(ownerOf(row));
    const group = groups?.get(key);
    if (!group) return;
    group.delete(row.id);
    if (group.size === 0) groups!.delete(key);
  }

  /** `after` replaces `before` (the same id). */
  replace(before: R, after: R): void {
    const key = this.keyOf(after);
    if (key !== undefined && key === this.keyOf(before) && ownerOf(after) === ownerOf(before)) {
      this.owners.get(ownerOf(after))!.get(key)!.set(after.id, after);
      return;
    }
    this.remove(before);
    this.add(after);
  }

  /** The group's records in id order (one that joined it by an update may sit after later ids: sorted here). */
  of(owner: unknown, key: string): R[] {
    const group = this.owners.get(owner)?.get(key);
    return group ? [...group.values()].sort((a, b) => a.id - b.id) : [];
  }

  clear(): void {
    this.owners = new Map();
  }
}
