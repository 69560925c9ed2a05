// Table.page: one page of a merchant's records, newest first (created_at, then id, descending),
// the same on memory, the state file and PostgreSQL, with further equality filters; and the
// databases answer it from the index records_by_owner (migration 007), not by reading the kind.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresForFile } from '../../test/postgres-per-file.ts';
import { memoryTable, newestFirst, type Table } from '../ports/table.ts';
import { StateDb } from './db.ts';
import { PgState } from './pg/pg-state.ts';
import { pgTable } from './pg/pg-table.ts';
import { sqliteTable } from './sqlite-table.ts';

interface Rec {
  id: number;
  note?: string;
  merchant: string;
  created_at: number;
  status: string;
  flag?: boolean;
}

const cluster = postgresForFile();
const BACKENDS: { name: string; open(): Promise<{ table: Table<Rec>; plan?: (of?: 'page' | 'find') => Promise<string>; close(): Promise<void> }> }[] = [
  { name: 'memory', open: async () => ({ table: memoryTable<Rec>(1), close: async () => undefined }) },
  {
    name: 'SQLite',
    open: async () => {
      const s = new StateDb(join(mkdtempSync(join(tmpdir(), 'page-')), 'state.sqlite'));
      const plan = async () =>
        (s.db.prepare("EXPLAIN QUERY PLAN SELECT data FROM records WHERE kind = ? AND json_extract(data, '$.merchant') = ? ORDER BY json_extract(data, '$.created_at') DESC, id DESC LIMIT ? OFFSET ?").all('t', 'm1', 10, 0) as { detail: string }[])
          .map((r) => r.detail).join('; ');
      return { table: sqliteTable<Rec>(s, 't', 1), plan, close: async () => s.close() };
    },
  },
  ...(cluster.available
    ? [{
        name: 'PostgreSQL',
        open: async () => {
          const s = await PgState.open(await cluster.database(), { poolSize: 2 });
          const plan = (of: 'page' | 'find' = 'page') =>
            s.unit(async () => {
              await s.query('SET LOCAL enable_seqscan = off');
              const { rows } = await s.query<{ 'QUERY PLAN': string }>(
                of === 'page'
                  ? "EXPLAIN SELECT data FROM records WHERE kind = 't' AND owner = 'm1' ORDER BY at DESC, id DESC LIMIT 10"
                  : "EXPLAIN SELECT data FROM records WHERE kind = 't' AND owner = 'm1' ORDER BY id",
              );
              return rows.map((r) => r['QUERY PLAN']).join('; ');
            });
          return { table: pgTable<Rec>(s, 't', 1), plan, close: () => s.close() };
        },
      }]
    : []),
];

describe.each(BACKENDS)('Table.page on $name', (backend) => {
  it('answers the page that sorting every matching record would, with filters, and from the index', async () => {
    const { table, plan, close } = await backend.open();
    try {
      // Creation times out of id order and repeated (one request creating several), two merchants.
      for (let i = 0; i < 40; i++) {
        await table.insert({
          merchant: i % 3 === 0 ? 'm2' : 'm1', created_at: 1_000 + ((i * 7) % 13) * 10, status: i % 4 === 0 ? 'paid' : 'pending',
          ...(i % 5 === 0 ? { flag: true } : {}), ...(i % 7 === 0 ? { note: 'a\u0000b' } : {}),
        });
      }
      const all = await table.find({});
      const expected = (where: Partial<Rec>, offset: number, limit: number) =>
        all.filter((r) => Object.entries(where).every(([k, v]) => (r as unknown as Record<string, unknown>)[k] === v)).sort(newestFirst).slice(offset, offset + limit).map((r) => r.id);
      for (const [offset, limit] of [[0, 5], [5, 5], [20, 100], [0, 100], [26, 3]] as const) {
        expect((await table.page({ merchant: 'm1' }, offset, limit)).map((r) => r.id), `${offset}/${limit}`).toEqual(expected({ merchant: 'm1' }, offset, limit));
        expect((await table.page({ merchant: 'm1', status: 'paid' }, offset, limit)).map((r) => r.id)).toEqual(expected({ merchant: 'm1', status: 'paid' }, offset, limit));
        expect((await table.page({ merchant: 'm2', flag: true }, offset, limit)).map((r) => r.id)).toEqual(expected({ merchant: 'm2', flag: true }, offset, limit));
        expect((await table.page({ merchant: 'm1', note: 'a\u0000b' }, offset, limit)).map((r) => r.id)).toEqual(expected({ merchant: 'm1', note: 'a\u0000b' }, offset, limit));
      }
      expect(await table.page({ merchant: 'nobody' }, 0, 10)).toEqual([]);
      // find with a merchant (payouts, a transaction's refunds, a webhook's deliveries): that merchant's matches, in id order.
      const ids = (where: Partial<Rec>) => all.filter((r) => Object.entries(where).every(([k, v]) => (r as unknown as Record<string, unknown>)[k] === v)).map((r) => r.id);
      expect((await table.find({ merchant: 'm2' })).map((r) => r.id)).toEqual(ids({ merchant: 'm2' }));
      expect((await table.find({ merchant: 'm1', status: 'paid' })).map((r) => r.id)).toEqual(ids({ merchant: 'm1', status: 'paid' }));
      expect(await table.find({ merchant: 'nobody' })).toEqual([]);
      if (plan) expect(await plan()).toMatch(/records_by_owner/);
      if (plan && backend.name === 'PostgreSQL') expect(await plan('find')).toMatch(/records_by_owner/);
    } finally {
      await close();
    }
  });
});
