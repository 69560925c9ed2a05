// Table.queued: a merchant's records that the table's queue rule holds for, in id order, the same
// on memory, the state file and PostgreSQL through inserts, updates in and out of the queue and
// removals; the databases read them from the partial index records_queued (migration 009), not from
// the merchant's history; and a database written before version 9 has its queues filled in by the
// migration from the merchant tables' rules (transactions awaiting payout, refunds awaiting deduction).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresForFile } from '../../test/postgres-per-file.ts';
import { pgDatabaseBefore, stateFileBefore } from '../../test/records-before.ts';
import type { RefundRecord, TransactionRecord } from '../ports/merchant-records.ts';
import { QUEUES } from '../ports/merchant-store.ts';
import { memoryTable, type QueueRule, type Table } from '../ports/table.ts';
import { StateDb } from './db.ts';
import { PgState } from './pg/pg-state.ts';
import { PG_QUEUED, pgTable } from './pg/pg-table.ts';
import { SQLITE_QUEUED, sqliteTable } from './sqlite-table.ts';

interface Rec {
  id: number;
  merchant: string;
  created_at: number;
  status: string;
  note?: string;
}

const open: QueueRule<Rec> = (r) => r.status === 'open';

const cluster = postgresForFile();
interface Opened {
  table(kind: string, rule?: QueueRule<Rec>): Table<Rec>;
  /** The plan of the queued query. */
  plan?: () => Promise<string>;
  /** Writes a row of kind `q` for m1, outside the queue, that SQLite reads (JSON5) and JSON.parse refuses. */
  poison?: () => void;
  close(): Promise<void>;
}
const BACKENDS: { name: string; open(): Promise<Opened> }[] = [
  { name: 'memory', open: async () => ({ table: (_kind, rule) => memoryTable<Rec>(1, rule), close: async () => undefined }) },
  {
    name: 'SQLite',
    open: async () => {
      const s = new StateDb(join(mkdtempSync(join(tmpdir(), 'queue-')), 'state.sqlite'));
      const plan = async () =>
        (s.db.prepare(`EXPLAIN QUERY PLAN ${SQLITE_QUEUED}`).all('q', 'm1') as { detail: string }[])
          .map((r) => r.detail).join('; ');
      const poison = () => void s.db.prepare("INSERT INTO records (kind, id, data, queued) VALUES ('q', 1000, '{merchant: \"m1\", created_at: 5, status: \"done\", id: 1000}', 0)").run();
      return { table: (kind, rule) => sqliteTable<Rec>(s, kind, 1, rule), plan, poison, close: async () => s.close() };
    },
  },
  ...(cluster.available
    ? [{
        name: 'PostgreSQL',
        open: async (): Promise<Opened> => {
          const s = await PgState.open(await cluster.database(), { poolSize: 2 });
          const plan = () =>
            s.unit(async () => {
              await s.query('SET LOCAL enable_seqscan = off');
              const { rows } = await s.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${PG_QUEUED}`, ['q', 'm1']);
              return rows.map((r) => r['QUERY PLAN']).join('; ');
            });
          return { table: (kind, rule) => pgTable<Rec>(s, kind, 1, rule), plan, close: () => s.close() };
        },
      }]
    : []),
];

describe.each(BACKENDS)('Table.queued on $name', (backend) => {
  it('holds what the rule holds for, by merchant in id order, through every write, and reads it from the index', async () => {
    const { table: make, plan, poison, close } = await backend.open();
    try {
      const table = make('q', open);
      const plain = make('plain');
      const expected = async (merchant: string) => (await table.find({ merchant })).filter(open).map((r) => r.id);
      const ids = async (merchant: string) => (await table.queued(merchant)).map((r) => r.id);
      for (let i = 0; i < 30; i++) {
        await table.insert({ merchant: i % 3 === 0 ? 'm2' : 'm1', created_at: 1_000 + i, status: i % 4 === 0 ? 'open' : 'done', ...(i % 7 === 0 ? { note: 'a\u0000b' } : {}) });
        await plain.insert({ merchant: 'm1', created_at: 1_000 + i, status: 'open' });
      }
      expect(await ids('m1')).toEqual(await expected('m1'));
      expect((await ids('m1')).length).toBeGreaterThan(0);
      // Out of the queue, back in (after later ids joined it: id order still), a field the rule does not read, removed.
      const [first, second, third] = await expected('m1');
      await table.update(first!, { status: 'done' });
      await table.update(2, { status: 'open' });
      await table.update(first!, { status: 'open' });
      await table.update(second!, { note: 'changed' });
      await table.remove(third!);
      await table.update(10, { status: 'open' });
      expect(await ids('m1')).toEqual(await expected('m1'));
      expect(await ids('m1')).toContain(first);
      expect(await ids('m1')).not.toContain(third);
      expect(await ids('m2')).toEqual(await expected('m2'));
      expect((await table.queued('m1')).find((r) => r.id === second)?.note).toBe('changed');
      expect(await table.queued('nobody')).toEqual([]);
      if (poison) {
        // The queue is read without touching the rest of the merchant's rows: parsing this one would throw.
        const queued = await ids('m1');
        poison();
        await expect(table.find({ merchant: 'm1' })).rejects.toThrow(SyntaxError);
        expect(await ids('m1')).toEqual(queued);
        await table.remove(1000);
      }
      // A table made without a rule has no queue.
      expect(await plain.queued('m1')).toEqual([]);
      await table.reset();
      expect(await table.queued('m1')).toEqual([]);
      if (plan) expect(await plan()).toMatch(/records_queued/);
    } finally {
      await close();
    }
  });
});

// Records as the merchant tables wrote them before version 9 (only the fields the rules read, and
// descriptions with an escaped NUL or an unpaired surrogate, which PostgreSQL's JSON parser refuses,
// and with a backslash before such text).
const tx = (id: number, fields: Partial<TransactionRecord>) =>
  ({ id, merchant: 'm1', created_at: id, kind: 'payment', status: 'paid', payout_id: null, amount_received: '1.0', description: 'x\u0000y', ...fields }) as TransactionRecord;
const refund = (id: number, fields: Partial<RefundRecord>) => ({ id, merchant: 'm1', created_at: id, status: 'pending', payout_id: null, ...fields }) as RefundRecord;
const OLD_TRANSACTIONS = [
  tx(1, {}), tx(2, { status: 'completed', description: 'a\ud800b\\ud800 \\u0000' }), tx(3, { payout_id: 801 }), tx(4, { kind: 'refund' }), tx(5, { status: 'overpaid' }),
  tx(6, { status: null }), tx(7, { amount_received: null }), tx(8, { kind: 'invoice' }), tx(9, { merchant: 'm2' }),
];
const OLD_REFUNDS = [refund(1, {}), refund(2, { status: 'refunded' }), refund(3, { payout_id: 801 }), refund(4, { status: 'cancelled' }), refund(5, { status: 'problem' })];

describe('migration 009 fills in the queues of records written before it', () => {
  const check = async (transactions: Table<TransactionRecord>, refunds: Table<RefundRecord>) => {
    expect((await transactions.queued('m1')).map((t) => t.id)).toEqual(OLD_TRANSACTIONS.filter((t) => t.merchant === 'm1' && QUEUES.transactions(t)).map((t) => t.id));
    expect((await transactions.queued('m1')).map((t) => t.id)).toEqual([1, 2, 8]);
    expect((await transactions.queued('m2')).map((t) => t.id)).toEqual([9]);
    expect((await refunds.queued('m1')).map((r) => r.id)).toEqual(OLD_REFUNDS.filter(QUEUES.refunds).map((r) => r.id));
    expect((await refunds.queued('m1')).map((r) => r.id)).toEqual([1, 2]);
  };

  it('in the state file', async () => {
    const path = stateFileBefore(9, { 'merchant.transactions': OLD_TRANSACTIONS, 'merchant.refunds': OLD_REFUNDS });
    const s = new StateDb(path);
    try {
      await check(sqliteTable(s, 'merchant.transactions', 1, QUEUES.transactions), sqliteTable(s, 'merchant.refunds', 1, QUEUES.refunds));
    } finally {
      s.close();
    }
  });

  it.skipIf(!cluster.available)('in PostgreSQL', async () => {
    const url = await cluster.database();
    await pgDatabaseBefore(url, 9, { 'merchant.transactions': OLD_TRANSACTIONS, 'merchant.refunds': OLD_REFUNDS });
    const s = await PgState.open(url, { poolSize: 2 });
    try {
      await check(pgTable(s, 'merchant.transactions', 1, QUEUES.transactions), pgTable(s, 'merchant.refunds', 1, QUEUES.refunds));
    } finally {
      await s.close();
    }
  });
});

describe('migration 007 on PostgreSQL with records its JSON parser refuses', () => {
  // Free text may hold an escaped NUL or an unpaired surrogate escape; 007 once parsed every record
  // as jsonb to fill in its merchant and creation time, and a single such record stopped the upgrade
  // (the server did not start). It now reads them with those escapes neutralised, as 009 does.
  it.skipIf(!cluster.available)('fills in owner and time of every record, such records included, and the upgrade completes', async () => {
    const url = await cluster.database();
    await pgDatabaseBefore(url, 7, { 'merchant.transactions': [...OLD_TRANSACTIONS, tx(10, { description: 'lone \ud800 surrogate' })] });
    const s = await PgState.open(url, { poolSize: 2 });
    try {
      const transactions = pgTable(s, 'merchant.transactions', 1, QUEUES.transactions);
      const m1 = [10, ...OLD_TRANSACTIONS.filter((t) => t.merchant === 'm1').map((t) => t.id).reverse()];
      expect((await transactions.page({ merchant: 'm1' }, 0, 100)).map((t) => t.id)).toEqual(m1);
      expect((await transactions.page({ merchant: 'm2' }, 0, 100)).map((t) => t.id)).toEqual([9]);
    } finally {
      await s.close();
    }
  });
});
