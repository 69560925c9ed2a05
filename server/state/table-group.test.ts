// Table.find naming the merchant and the table's group field (a transaction's refunds, a webhook's
// attempts) answers what filtering every record would, the same on memory, the state file and
// PostgreSQL through inserts, updates across groups and merchants, and removals; the databases read
// only the group, from the index records_by_group (migration 010), never the merchant's other rows.
// And Table.before, the keyset walk back along the ids (the operator's delivery log), answers what
// filtering and reversing every record would, reading from the newest end only as far as it needs.
// And a database written before version 10 has its groups filled in by the migration.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresForFile } from '../../test/postgres-per-file.ts';
import { pgDatabaseBefore, stateFileBefore } from '../../test/records-before.ts';
import type { MerchantStore } from '../ports/merchant-store.ts';
import { memoryTable, type GroupField, type Table } from '../ports/table.ts';
import { StateDb } from './db.ts';
import { PgState } from './pg/pg-state.ts';
import { PG_BEFORE, PG_GROUP, pgRecordDatabase, pgTable } from './pg/pg-table.ts';
import { SQLITE_BEFORE, SQLITE_GROUP, sqliteTable } from './sqlite-table.ts';
import { createSqliteMerchantStore, merchantStoreOver } from './stores.ts';

interface Rec {
  id: number;
  merchant: string;
  created_at: number;
  /** The group: numbers, their text, null, a NUL or a lone surrogate (not indexed), absent. */
  tx?: number | string | null;
  status: string;
  flag?: boolean;
  note?: string;
}

const cluster = postgresForFile();
interface Opened {
  table(kind: string, group?: GroupField<Rec>): Table<Rec>;
  /** The plans of the group find and of the walk back. */
  plans?: () => Promise<{ group: string; before: string }>;
  /** Writes a row of `kind` for m1 at `id`, in no group, that JSON.parse refuses. */
  poison?: (kind: string, id: number) => Promise<void>;
  close(): Promise<void>;
}
const BACKENDS: { name: string; open(): Promise<Opened> }[] = [
  { name: 'memory', open: async () => ({ table: (_kind, group) => memoryTable<Rec>(1, undefined, group), close: async () => undefined }) },
  {
    name: 'SQLite',
    open: async () => {
      const s = new StateDb(join(mkdtempSync(join(tmpdir(), 'group-')), 'state.sqlite'));
      const detail = (sql: string, ...args: unknown[]) => (s.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join('; ');
      const plans = async () => ({
        group: detail(`${SQLITE_GROUP} ORDER BY id`, 'g', 'm1', '5'),
        before: detail(`${SQLITE_BEFORE} AND json_extract(data, ?) = ? ORDER BY id DESC LIMIT ?`, 'd', 1_000, '$.merchant', 'm1', 10),
      });
      const poison = async (kind: string, id: number) =>
        void s.db.prepare('INSERT INTO records (kind, id, data) VALUES (?, ?, ?)').run(kind, id, `{merchant: "m1", created_at: 5, status: "done", id: ${id}}`);
      return { table: (kind, group) => sqliteTable<Rec>(s, kind, 1, undefined, group), plans, poison, close: async () => s.close() };
    },
  },
  ...(cluster.available
    ? [{
        name: 'PostgreSQL',
        open: async (): Promise<Opened> => {
          const s = await PgState.open(await cluster.database(), { poolSize: 2 });
          const explain = (sql: string, args: unknown[]) =>
            s.unit(async () => {
              await s.query('SET LOCAL enable_seqscan = off');
              const { rows } = await s.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, args);
              return rows.map((r) => r['QUERY PLAN']).join('; ');
            });
          const plans = async () => {
            // With statistics, as a server that has run a while has them (on an empty kind any plan is cheap).
            await s.pool.query('ANALYZE records');
            return { group: await explain(PG_GROUP, ['g', 'm1', '5']), before: await explain(PG_BEFORE, ['d', 1_000, 10]) };
          };
          const poison = async (kind: string, id: number) =>
            void (await s.pool.query("INSERT INTO records (kind, id, data, owner, at) VALUES ($1, $2, 'not json', 'm1', 5)", [kind, id]));
          return { table: (kind, group) => pgTable<Rec>(s, kind, 1, undefined, group), plans, poison, close: () => s.close() };
        },
      }]
    : []),
];

const matching = (all: Rec[], where: Partial<Rec>) =>
  all.filter((r) => Object.entries(where).every(([k, v]) => (r as unknown as Record<string, unknown>)[k] === v)).map((r) => r.id);

/** Group values of the i-th record: small integers, the same as text, odd values. */
const txOf = (i: number): Rec['tx'] => [5, 6, '5', 7, null, 'a\u0000b', 'lone \uD800', 5, 'w-1', undefined][i % 10];

describe.each(BACKENDS)('Table.find by group on $name', (backend) => {
  it('answers what filtering every record would, through every write, and reads only the group from its index', async () => {
    const { table: make, plans, poison, close } = await backend.open();
    try {
      const table = make('g', 'tx');
      const plain = make('plain');
      for (let i = 0; i < 60; i++) {
        const fields = { merchant: i % 4 === 0 ? 'm2' : 'm1', created_at: 1_000 + i, status: i % 3 === 0 ? 'paid' : 'pending', ...(i % 6 === 0 ? { flag: true } : {}) };
        const tx = txOf(i);
        await table.insert(tx === undefined ? fields : { ...fields, tx });
        await plain.insert({ ...fields, tx: 5 });
      }
      // Across groups (5 to 6 and back, after later ids joined: id order still), to a group from none, across merchants, removed.
      await table.update(1, { tx: 6 });
      await table.update(2, { tx: 6 });
      await table.update(1, { tx: 5 });
      await table.update(5, { tx: 5 });
      await table.update(10, { tx: 5 });
      await table.update(8, { merchant: 'm2' });
      await table.update(11, { status: 'paid' });
      await table.remove(18);
      const wheres: Partial<Rec>[] = [
        { merchant: 'm1', tx: 5 }, { merchant: 'm1', tx: '5' }, { merchant: 'm2', tx: 5 }, { merchant: 'm1', tx: 6 }, { merchant: 'm1', tx: 7 },
        { merchant: 'm1', tx: 'w-1' }, { merchant: 'm1', tx: null }, { merchant: 'm1', tx: 'a\u0000b' }, { merchant: 'm1', tx: 'lone \uD800' },
        { merchant: 'm1', tx: 5, status: 'paid' }, { merchant: 'm1', tx: 5, flag: true }, { merchant: 'm1', tx: 5.5 }, { merchant: 'm1', tx: 99 },
        { merchant: 'nobody', tx: 5 }, { tx: 5 },
      ];
      const all = await table.find({});
      for (const where of wheres) expect((await table.find(where)).map((r) => r.id), JSON.stringify(where)).toEqual(matching(all, where));
      expect((await table.find({ merchant: 'm1', tx: 5 })).map((r) => r.id)).toEqual([10, 11, 28, 31, 38, 48, 51, 58]);
      expect((await table.find({ merchant: 'm1', tx: '5' })).map((r) => r.id)).toEqual([3, 23, 43]);
      // A table without a group field answers the same find from the merchant's records.
      expect((await plain.find({ merchant: 'm1', tx: 5 })).map((r) => r.id)).toEqual(matching(await plain.find({}), { merchant: 'm1', tx: 5 }));
      if (poison) {
        // The group is read without touching the merchant's other rows: parsing this one would throw.
        await poison('g', 1000);
        await expect(table.find({ merchant: 'm1' })).rejects.toThrow(SyntaxError);
        expect((await table.find({ merchant: 'm1', tx: 5 })).map((r) => r.id)).toEqual(matching(all, { merchant: 'm1', tx: 5 }));
        await table.remove(1000);
      }
      await table.reset();
      expect(await table.find({ merchant: 'm1', tx: 5 })).toEqual([]);
      if (plans) expect((await plans()).group).toMatch(/records_by_group/);
    } finally {
      await close();
    }
  });
});

describe.each(BACKENDS)('Table.before on $name', (backend) => {
  it('answers the newest matching records below an id, as filtering every record would, reading back only as far as it needs', async () => {
    const { table: make, plans, poison, close } = await backend.open();
    try {
      const table = make('d');
      // Enough rows to cross the databases' read chunk (500) with a filter left to JavaScript.
      for (let i = 0; i < 1_200; i++) {
        await table.insert({
          merchant: i % 3 === 0 ? 'm2' : 'm1', created_at: 1_000, status: i % 250 === 0 ? 'rare' : 'pending',
          ...(i % 400 === 0 ? { flag: true } : {}), ...(i % 7 === 0 ? { note: 'a\u0000b' } : {}),
        });
      }
      for (const id of [1_200, 1_199, 700, 3]) await table.remove(id);
      const all = await table.find({});
      const expected = (where: Partial<Rec>, beforeId: number | undefined, limit: number) =>
        matching(all, where).filter((id) => beforeId === undefined || id < beforeId).reverse().slice(0, limit);
      const cases: [Partial<Rec>, number | undefined, number][] = [
        [{}, undefined, 10], [{}, 1_200, 10], [{}, 701, 3], [{}, 5, 10], [{}, 1, 10], [{}, 100_000, 2], [{}, undefined, 0],
        [{ merchant: 'm2' }, undefined, 25], [{ merchant: 'm1', status: 'rare' }, undefined, 10], [{ status: 'rare' }, 900, 2],
        [{ flag: true }, undefined, 5], [{ flag: true }, 1_000, 5], [{ note: 'a\u0000b', merchant: 'm2' }, 600, 4], [{ merchant: 'nobody' }, undefined, 5],
      ];
      for (const [where, beforeId, limit] of cases) {
        expect((await table.before(where, beforeId, limit)).map((r) => r.id), JSON.stringify([where, beforeId, limit])).toEqual(expected(where, beforeId, limit));
      }
      expect((await table.before({}, undefined, 3)).map((r) => r.id)).toEqual([1_198, 1_197, 1_196]);
      if (poison) {
        // The walk stops once the page is full: an older row that would not parse is never read.
        await poison('d', 3);
        await expect(table.find({})).rejects.toThrow(SyntaxError);
        expect((await table.before({ merchant: 'm1' }, undefined, 20)).map((r) => r.id)).toEqual(expected({ merchant: 'm1' }, undefined, 20));
        expect((await table.before({ flag: true }, 1_000, 1)).map((r) => r.id)).toEqual([801]);
        await table.remove(3);
      }
      if (plans) {
        // The primary key, backwards, without a sort of the kind (nor of the merchant's rows: SQLite would take records_by_owner).
        const { before } = await plans();
        expect(before).toMatch(backend.name === 'SQLite' ? /SEARCH records USING PRIMARY KEY \(kind=\? AND id<\?\)/ : /Index Scan Backward using records_pkey/);
        expect(before).not.toMatch(/TEMP B-TREE|Sort/);
      }
    } finally {
      await close();
    }
  });
});

// Records as the merchant tables wrote them before version 10 (the fields the groups read, and free
// text with an escaped NUL or an unpaired surrogate, which PostgreSQL's JSON parser refuses).
const OLD = {
  'merchant.refunds': [
    { id: 9001, merchant: 'm1', created_at: 1, transaction_id: 7001, email: 'a\u0000b@example.com' },
    { id: 9002, merchant: 'm1', created_at: 2, transaction_id: 7002, email: 'lone \ud800 \\ud800' },
    { id: 9003, merchant: 'm1', created_at: 3, transaction_id: 7001, email: 'c@example.com' },
    { id: 9004, merchant: 'm2', created_at: 4, transaction_id: 7001, email: 'd@example.com' },
  ],
  'merchant.deliveries': [
    { id: 1, merchant: 'm1', webhook_id: 'wh_a', attempt: 1, error: 'x\u0000y' },
    { id: 2, merchant: 'm1', webhook_id: 'wh_b', attempt: 1, error: null },
    { id: 3, merchant: 'm1', webhook_id: 'wh_a', attempt: 2, error: null },
    { id: 4, merchant: 'm1', webhook_id: 'wh\u0000c', attempt: 1, error: null },
  ],
  'merchant.invoices': [
    { id: 4001, merchant: 'm1', created_at: 1, recipient_id: 301, description: 'd\ud800' },
    { id: 4002, merchant: 'm1', created_at: 2, recipient_id: null, description: null },
    { id: 4003, merchant: 'm1', created_at: 3, recipient_id: 301, description: null },
    { id: 4004, merchant: 'm1', created_at: 4, recipient_id: 302, description: null },
  ],
} as const;

describe('migration 010 fills in the groups of records written before it', () => {
  const check = async (store: MerchantStore) => {
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    expect(ids(await store.refunds.find({ merchant: 'm1', transaction_id: 7001 }))).toEqual([9001, 9003]);
    expect(ids(await store.refunds.find({ merchant: 'm1', transaction_id: 7002 }))).toEqual([9002]);
    expect(ids(await store.refunds.find({ merchant: 'm2', transaction_id: 7001 }))).toEqual([9004]);
    expect(ids(await store.deliveries.find({ merchant: 'm1', webhook_id: 'wh_a' }))).toEqual([1, 3]);
    expect(ids(await store.deliveries.find({ merchant: 'm1', webhook_id: 'wh\u0000c' }))).toEqual([4]);
    expect(ids(await store.invoices.find({ merchant: 'm1', recipient_id: 301 }))).toEqual([4001, 4003]);
    expect(ids(await store.invoices.find({ merchant: 'm1', recipient_id: null }))).toEqual([4002]);
    // Rewritten after the upgrade: moved to the group it now names.
    await store.refunds.update(9002, { transaction_id: 7001 });
    expect(ids(await store.refunds.find({ merchant: 'm1', transaction_id: 7001 }))).toEqual([9001, 9002, 9003]);
    expect(await store.refunds.find({ merchant: 'm1', transaction_id: 7002 })).toEqual([]);
  };

  it('in the state file, and reads them from records_by_group', async () => {
    const path = stateFileBefore(10, OLD);
    const s = new StateDb(path);
    try {
      await check(createSqliteMerchantStore(s));
      // Only the group is read: the merchant's other refunds are not (this one would not parse).
      s.db.prepare("INSERT INTO records (kind, id, data) VALUES ('merchant.refunds', 9999, '{merchant: \"m1\", transaction_id: 7002}')").run();
      await expect(createSqliteMerchantStore(s).refunds.find({ merchant: 'm1' })).rejects.toThrow(SyntaxError);
      expect((await createSqliteMerchantStore(s).refunds.find({ merchant: 'm1', transaction_id: 7001 })).map((r) => r.id)).toEqual([9001, 9002, 9003]);
    } finally {
      s.close();
    }
  });

  it.skipIf(!cluster.available)('in PostgreSQL, free text its JSON parser refuses included', async () => {
    const url = await cluster.database();
    await pgDatabaseBefore(url, 10, OLD);
    const s = await PgState.open(url, { poolSize: 2 });
    try {
      await check(merchantStoreOver(pgRecordDatabase(s)));
    } finally {
      await s.close();
    }
  });
});
