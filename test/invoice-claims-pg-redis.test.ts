// Invoice-number claims (M5) taken in Redis beside the database follow the database's transaction:
// a unit that rolls back (a refusal, a storage failure, a serialization failure that PgState runs
// again) gives its Redis claim back, so a retry finds the number free and no refused request keeps
// a number taken. End to end: 16 concurrent clients on two instances (PostgreSQL + Redis) creating
// payments with distinct invoice numbers are never answered "Duplicate invoice number".
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSharedInvoiceNumbers } from '../server/ports/invoice-numbers.ts';
import type { MerchantStore } from '../server/ports/merchant-store.ts';
import type { UnitsOfWork } from '../server/ports/units.ts';
import { StateDb } from '../server/state/db.ts';
import { PgState } from '../server/state/pg/pg-state.ts';
import { pgRecordDatabase } from '../server/state/pg/pg-table.ts';
import { createSqliteMerchantStore, merchantStoreOver } from '../server/state/stores.ts';
import { RedisInvoiceNumbers } from '../server/stores/redis-invoice-numbers.ts';
import { startInstance, type Instance } from './instances.ts';
import { pgAvailable, startPostgres, type PostgresServer } from './postgres-server.ts';
import { redisServerAvailable, startRedisServer, type RedisServer } from './redis-server.ts';
import { MERCHANT_AUTH } from './server-helpers.ts';
import { paymentBody } from './sandbox-helpers.ts';

const serializationFailure = () => Object.assign(new Error('could not serialize access due to read/write dependencies among transactions'), { code: '40001' });

describe.skipIf(!pgAvailable() || !redisServerAvailable())('invoice-number claims in Redis follow the database transaction', () => {
  let pg: PostgresServer;
  let redisServer: RedisServer;
  let redis: Redis;
  let state: PgState;
  let sqlite: StateDb;

  beforeAll(async () => {
    [pg, redisServer] = await Promise.all([startPostgres(), startRedisServer()]);
    redis = new Redis(redisServer.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    state = await PgState.open(await pg.database(), { poolSize: 4 });
    sqlite = new StateDb(join(mkdtempSync(join(tmpdir(), 'claims-')), 'state.sqlite'));
  }, 120_000);
  afterAll(async () => {
    sqlite?.close();
    await state?.close();
    redis?.disconnect();
    await Promise.all([redisServer?.stop(), pg?.stop()]);
  });

  const backends: { name: string; units: () => UnitsOfWork; store: () => MerchantStore }[] = [
    { name: 'PostgreSQL', units: () => state, store: () => merchantStoreOver(pgRecordDatabase(state)) },
    { name: 'SQLite', units: () => sqlite, store: () => createSqliteMerchantStore(sqlite) },
  ];

  for (const b of backends) {
    describe(b.name, () => {
      const claimed = async (prefix: string, merchant: string, number: string) => (await redis.exists(`${prefix}invoice-number:${merchant}:${number}`)) === 1;

      it.runIf(b.name === 'PostgreSQL')('a unit PgState runs again after a serialization failure claims its own number on the retry', async () => {
        const prefix = `retry-${b.name}:`;
        const store = withSharedInvoiceNumbers(b.store(), new RedisInvoiceNumbers(redis, prefix), state);
        const retriesBefore = state.stats.retries;
        let attempts = 0;
        const granted = await state.unit(async () => {
          attempts++;
          const ok = await store.claimInvoiceNumber('m1', 'INV-RETRY');
          if (attempts === 1) throw serializationFailure();
          return ok;
        });
        expect(attempts).toBe(2);
        expect(state.stats.retries - retriesBefore).toBe(1);
        expect(granted).toBe(true);
        expect(await claimed(prefix, 'm1', 'INV-RETRY')).toBe(true);
        // Committed: the number stays taken, in both stores.
        expect(await state.unit(() => store.claimInvoiceNumber('m1', 'INV-RETRY'))).toBe(false);
      });

      it('a unit that rolls back (a refusal after the claim) gives the number back; a committed one keeps it', async () => {
        const prefix = `rollback-${b.name}:`;
        const units = b.units();
        const store = withSharedInvoiceNumbers(b.store(), new RedisInvoiceNumbers(redis, prefix), units);
        const refusal = new Error('refused after the claim');
        await expect(
          units.unit(async () => {
            expect(await store.claimInvoiceNumber('m1', 'INV-RB')).toBe(true);
            throw refusal;
          }),
        ).rejects.toBe(refusal);
        await expect.poll(() => claimed(prefix, 'm1', 'INV-RB')).toBe(false);
        expect(await units.unit(() => store.claimInvoiceNumber('m1', 'INV-RB'))).toBe(true);
        await units.durable();
        expect(await units.unit(() => store.claimInvoiceNumber('m1', 'INV-RB'))).toBe(false);
        expect(await claimed(prefix, 'm1', 'INV-RB')).toBe(true);
      });

      it('a number the merchant store refuses (taken there) leaves no claim of this caller in Redis', async () => {
        const prefix = `refused-${b.name}:`;
        const units = b.units();
        const inner = b.store();
        expect(await units.unit(() => inner.claimInvoiceNumber('m2', 'INV-DB'))).toBe(true);
        await units.durable();
        const store = withSharedInvoiceNumbers(inner, new RedisInvoiceNumbers(redis, prefix), units);
        expect(await units.unit(() => store.claimInvoiceNumber('m2', 'INV-DB'))).toBe(false);
        expect(await claimed(prefix, 'm2', 'INV-DB')).toBe(false);
      });
    });
  }

  describe('two instances on PostgreSQL + Redis', () => {
    let a: Instance;
    let c: Instance;
    beforeAll(async () => {
      const config = join(mkdtempSync(join(tmpdir(), 'claims-pg-')), 'config.json');
      writeFileSync(config, JSON.stringify({ rateLimit: { enabled: false } }));
      const env = { DATABASE_URL: await pg.database(), REDIS_URL: redisServer.url, CONFIG: config };
      [a, c] = await Promise.all([startInstance(env), startInstance(env)]);
    }, 120_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), c?.stop()]);
    });

    const create = (base: string, invoice: string) =>
      fetch(`${base}/merchant/v2/payments`, {
        method: 'POST',
        headers: { authorization: MERCHANT_AUTH, 'content-type': 'application/json' },
        body: JSON.stringify(paymentBody({ invoice_number: invoice })),
      });

    it('16 concurrent clients creating 160 payments with distinct invoice numbers: none refused; each number then refused once taken', async () => {
      const statuses: number[] = [];
      await Promise.all(
        Array.from({ length: 16 }, async (_, client) => {
          for (let i = 0; i < 10; i++) {
            const res = await create((client + i) % 2 === 0 ? a.base : c.base, `C${client}N${i}`);
            statuses.push(res.status);
            if (res.status !== 201) throw new Error(`C${client}N${i}: ${res.status} ${await res.text()}`);
            await res.arrayBuffer();
          }
        }),
      );
      expect(statuses.filter((s) => s !== 201)).toEqual([]);
      expect(statuses).toHaveLength(160);
      const again = await create(c.base, 'C3N4');
      expect(again.status).toBe(422);
      expect(await again.json()).toMatchObject({ code: '2001', title: 'Duplicate invoice number' });
    }, 120_000);
  });
});
