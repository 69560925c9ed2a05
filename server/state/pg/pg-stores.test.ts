// The PostgreSQL stores behave as the state file's (one suite, both backends): a table's ids, reads,
// updates, equality finds and reset; claims (NUL-joined keys included); nonces; Idempotency-Key
// records; the webhook outbox (written with its unit, owed in event order). Real PostgreSQL
// (test/postgres-server.ts; skipped locally without one, never in CI).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresForFile } from '../../../test/postgres-per-file.ts';
import type { IdempotencyStore } from '../../ports/idempotency.ts';
import type { NonceClaims } from '../../ports/nonces.ts';
import type { Outbox, OwedDelivery } from '../../ports/outbox.ts';
import type { Table } from '../../ports/table.ts';
import type { UnitsOfWork } from '../../ports/units.ts';
import { SqliteNonceStore } from '../auth-state.ts';
import { StateDb } from '../db.ts';
import { sqliteIdempotency } from '../idempotency.ts';
import { sqliteOutbox } from '../outbox.ts';
import { sqliteClaims, sqliteTable } from '../sqlite-table.ts';
import { PgNonceStore } from './pg-auth.ts';
import { pgIdempotency } from './pg-idempotency.ts';
import { pgOutbox } from './pg-outbox.ts';
import { PgState } from './pg-state.ts';
import { pgClaims, pgTable } from './pg-table.ts';

interface Rec {
  id: number;
  name: string;
  amount: string;
  tags?: string[];
}

interface Stores {
  units: UnitsOfWork;
  table: Table<Rec>;
  claims: { claim(key: string): Promise<boolean>; reset(): Promise<void> };
  nonces: NonceClaims;
  idempotency: IdempotencyStore;
  outbox: Outbox;
  close(): Promise<void>;
}

const cluster = postgresForFile();
const withPg = cluster.available;

const t0 = 1_800_000_000_000;
const BACKENDS: { name: string; open(): Promise<Stores> }[] = [
  {
    name: 'SQLite',
    open: async () => {
      const s = new StateDb(join(mkdtempSync(join(tmpdir(), 'stores-')), 'state.sqlite'));
      return {
        units: s, table: sqliteTable<Rec>(s, 'test.recs', 101), claims: sqliteClaims(s, 'test'), nonces: new SqliteNonceStore(s, 1000, () => t0),
        idempotency: sqliteIdempotency(s, () => t0), outbox: sqliteOutbox(s), close: async () => s.close(),
      };
    },
  },
  ...(withPg
    ? [{
        name: 'PostgreSQL',
        open: async (): Promise<Stores> => {
          const s = await PgState.open(await cluster.database());
          return {
            units: s, table: pgTable<Rec>(s, 'test.recs', 101), claims: pgClaims(s, 'test'), nonces: new PgNonceStore(s, 1000, () => t0),
            idempotency: pgIdempotency(s, () => t0), outbox: pgOutbox(s), close: () => s.close(),
          };
        },
      }]
    : []),
];

const owed = (webhookId: string, subject: string, attempt = 1): OwedDelivery => ({
  webhookId, subject, merchant: 'm1', event: 'paymentReceived' as OwedDelivery['event'], url: 'https://hooks.example/x', data: `{"id":"${webhookId}"}`, attempt, dueAt: t0 + attempt,
});

describe.each(BACKENDS)('the stores on $name', (backend) => {
  it('a table: ids from firstId, get, update, equality find in id order, remove, reset', async () => {
    const s = await backend.open();
    const { table } = s;
    const a = await table.insert({ name: 'a', amount: '1.10', tags: ['x'] });
    const b = await table.insert({ name: 'b', amount: '2.00' });
    const c = await table.insert({ name: 'a', amount: '3.30' });
    expect([a.id, b.id, c.id]).toEqual([101, 102, 103]);
    expect(await table.get(101)).toEqual({ name: 'a', amount: '1.10', tags: ['x'], id: 101 });
    expect(await table.update(102, { amount: '2.50' })).toEqual({ name: 'b', amount: '2.50', id: 102 });
    await expect(table.update(999, { amount: '1' })).rejects.toThrow('no record 999 to update');
    expect((await table.find({ name: 'a' })).map((r) => r.id)).toEqual([101, 103]);
    expect(await table.remove(101)).toBe(true);
    expect(await table.remove(101)).toBe(false);
    expect((await table.find()).map((r) => r.id)).toEqual([102, 103]);
    await table.reset();
    expect(await table.find()).toEqual([]);
    expect((await table.insert({ name: 'again', amount: '0' })).id).toBe(101);
    await s.close();
  });

  it('a unit that throws leaves none of its writes; claims and nonces answer once', async () => {
    const s = await backend.open();
    await expect(s.units.unit(async () => {
      await s.table.insert({ name: 'lost', amount: '1' });
      await s.claims.claim('lost');
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(await s.table.find()).toEqual([]);
    expect(await s.claims.claim('lost')).toBe(true);
    expect(await Promise.all([s.claims.claim('m1\u0000INV-1'), s.claims.claim('m1\u0000INV-1'), s.claims.claim('m1\u0000INV-2')])).toEqual([true, false, true]);
    expect(await s.nonces.claim('key', '1')).toBe(true);
    expect(await s.nonces.claim('key', '1')).toBe(false);
    expect(await s.nonces.claim('key2', '1')).toBe(true);
    await s.close();
  });

  it('Idempotency-Key records: new, running, done with the answer, released', async () => {
    const s = await backend.open();
    const { idempotency: i } = s;
    expect(await i.begin('k1', 'fp', t0 + 1000)).toEqual({ kind: 'new' });
    expect(await i.begin('k1', 'fp2', t0 + 1000)).toEqual({ kind: 'running', fingerprint: 'fp' });
    await i.finish('k1', 'fp', { status: 201, body: '{"id":1}' }, t0 + 86_400_000);
    await s.units.durable();
    expect(await i.begin('k1', 'fp', t0 + 1000)).toEqual({ kind: 'done', fingerprint: 'fp', answer: { status: 201, body: '{"id":1}' } });
    expect(await i.begin('k2', 'fp', t0 + 1000)).toEqual({ kind: 'new' });
    await i.release('k2');
    await s.units.durable();
    expect(await i.begin('k2', 'fp3', t0 + 1000)).toEqual({ kind: 'new' });
    await s.close();
  });

  it('the outbox: added with its unit (not when it rolls back), moved on, done, owed in event order', async () => {
    const s = await backend.open();
    const { outbox } = s;
    await s.units.unit(async () => {
      outbox.add(owed('wh_1', 'payment:1'));
      outbox.add(owed('wh_2', 'payment:2'));
    });
    await s.units.unit(async () => {
      outbox.add(owed('wh_lost', 'payment:3'));
      throw new Error('rolled back');
    }).catch(() => undefined);
    await s.units.unit(async () => outbox.add(owed('wh_3', 'payment:1')));
    outbox.next('wh_1', 2, t0 + 2);
    outbox.done('wh_2');
    await s.units.durable();
    expect(await outbox.owed()).toEqual([owed('wh_1', 'payment:1', 2), owed('wh_3', 'payment:1')]);
    outbox.clear();
    await s.units.durable();
    expect(await outbox.owed()).toEqual([]);
    await s.close();
  });
});
