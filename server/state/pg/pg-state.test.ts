// PgState on a real PostgreSQL (test/postgres-server.ts; skipped locally without one, never in CI):
// the migrations (once, concurrently, a newer schema refused), units of work (commit, rollback,
// nesting, afterCommit only after COMMIT), serializable retries across concurrent units, and a
// database that is gone as a 503 error.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAvailable, startPostgres, type PostgresServer } from '../../../test/postgres-server.ts';
import request from 'supertest';
import { MERCHANT_AUTH } from '../../../test/server-helpers.ts';
import { paymentBody } from '../../../test/sandbox-helpers.ts';
import { createServer } from '../../app.ts';
import { StateUnavailableError } from '../../core/errors.ts';
import { SCHEMA_VERSION } from '../migrate.ts';
import { StateError } from '../state-error.ts';
import { PgState } from './pg-state.ts';

const available = pgAvailable();

describe.skipIf(!available)('PgState on PostgreSQL', () => {
  let server: PostgresServer;
  const opened: PgState[] = [];
  const open = async (url: string, o = {}) => {
    const s = await PgState.open(url, o);
    opened.push(s);
    return s;
  };
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    for (const s of opened) await s.close().catch(() => undefined);
    await server?.stop();
  });

  it('applies every migration once, when several instances start at once, and records the versions', async () => {
    const url = await server.database();
    const states = await Promise.all([open(url), open(url), open(url)]);
    const { rows } = await states[0]!.query<{ version: number; name: string }>('SELECT version, name FROM schema_version ORDER BY version');
    expect(rows).toEqual([
      { version: 1, name: '001-initial' },
      { version: 2, name: '002-exchange-lease' },
      { version: 3, name: '003-outbox-order' },
      { version: 4, name: '004-idempotency' },
      { version: 5, name: '005-exchange-market-leases' },
      { version: 6, name: '006-outbox-claims' },
      { version: 7, name: '007-records-by-owner' },
      { version: 8, name: '008-journal-seq-never-reused' },
      { version: 9, name: '009-records-queued' },
      { version: 10, name: '010-records-by-group' },
    ]);
    expect(SCHEMA_VERSION).toBe(10);
    const cols = await states[0]!.query<{ column_name: string; data_type: string }>(
      "SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'webhook_outbox' ORDER BY ordinal_position",
    );
    expect(cols.rows.map((c) => `${c.column_name} ${c.data_type}`)).toEqual([
      'webhook_id text', 'merchant text', 'event text', 'url text', 'data text', 'attempt bigint', 'due_at bigint', 'subject text', 'seq bigint', 'claimed_until bigint',
    ]);
  });

  it('survives PostgreSQL ending a connection that is handed out but not yet listened to (57P01): no uncaught error event', async () => {
    const s = await open(await server.database());
    // A holder that attached no 'error' listener (as every holder is, for a microtask, after pool.connect()).
    const client = await s.pool.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const ended = new Promise((resolve) => client.once('end', resolve));
    await s.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await ended;
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release(true);
    expect((await s.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('refuses a database whose schema is newer than this server knows', async () => {
    const url = await server.database();
    const s = await open(url);
    await s.query("INSERT INTO schema_version (version, name) VALUES (99, '099-future')");
    await expect(PgState.open(url)).rejects.toThrow(new StateError(`PostgreSQL at ${url} has schema version 99, newer than this server knows (${SCHEMA_VERSION}): run a newer server, or point DATABASE_URL at another database`));
  });

  it('commits a unit as a whole, rolls it back on an error, nests, and runs afterCommit only after COMMIT', async () => {
    const s = await open(await server.database());
    const seen: string[] = [];
    const other = new pg.Client({ connectionString: s.pool.options.connectionString });
    await other.connect();
    const visible = async () => (await other.query<{ key: string }>("SELECT key FROM claims WHERE scope = 't' ORDER BY key")).rows.map((r) => r.key);
    try {
      const out = await s.unit(async () => {
        await s.query("INSERT INTO claims (scope, key) VALUES ('t', 'a')");
        await s.unit(async () => s.query("INSERT INTO claims (scope, key) VALUES ('t', 'b')"));
        s.write("INSERT INTO claims (scope, key) VALUES ('t', 'c')");
        s.afterCommit(() => seen.push('after'));
        seen.push(`inside, others see [${(await visible()).join()}]`);
        return 42;
      });
      expect(out).toBe(42);
      expect(seen).toEqual(['inside, others see []', 'after']);
      expect(await visible()).toEqual(['a', 'b', 'c']);

      await expect(s.unit(async () => {
        await s.query("INSERT INTO claims (scope, key) VALUES ('t', 'd')");
        s.afterCommit(() => seen.push('never'));
        throw new Error('domain refusal');
      })).rejects.toThrow('domain refusal');
      expect(await visible()).toEqual(['a', 'b', 'c']);
      expect(seen).toEqual(['inside, others see []', 'after']);

      s.write("INSERT INTO claims (scope, key) VALUES ('t', 'e')");
      await s.durable();
      expect(await visible()).toEqual(['a', 'b', 'c', 'e']);
    } finally {
      await other.end();
    }
  });

  it('runs a statement of a callback a finished unit left behind in a unit of its own, never on that unit\'s client (back in the pool, in another unit)', async () => {
    const s = await open(await server.database(), { poolSize: 1 });
    const insert = (key: string) => s.query("INSERT INTO claims (scope, key) VALUES ('left', $1)", [key]);
    let goLate!: () => void;
    const late = new Promise<void>((r) => (goLate = r));
    let leftBehind: Promise<unknown> | undefined;
    // Created inside the unit, the callback carries the unit's context; it runs once the unit is over.
    await s.unit(async () => void (leftBehind = late.then(() => insert('late'))));
    // The one pooled client now runs another unit, which then rolls back.
    let goOther!: () => void;
    const other = new Promise<void>((r) => (goOther = r));
    const sent = s.stats.statements;
    const rolledBack = s.unit(async () => {
      await insert('other');
      await other;
      throw new Error('refused');
    });
    await expect.poll(() => s.stats.statements).toBeGreaterThan(sent); // it holds the client, its transaction open
    goLate();
    goOther();
    await expect(rolledBack).rejects.toThrow('refused');
    await leftBehind;
    const { rows } = await s.query<{ key: string }>("SELECT key FROM claims WHERE scope = 'left' ORDER BY key");
    expect(rows.map((r) => r.key)).toEqual(['late']); // kept: not sent inside the unit that rolled back
  });

  it('runs concurrent read-then-write units of two instances as if one after the other (serializable, retried)', async () => {
    const url = await server.database();
    const [a, b] = await Promise.all([open(url), open(url)]);
    await a.query("INSERT INTO records (kind, id, data) VALUES ('counter', 1, '0')");
    const bump = (s: PgState) =>
      s.unit(async () => {
        const { rows } = await s.query<{ data: string }>("SELECT data FROM records WHERE kind = 'counter' AND id = 1");
        await s.query("UPDATE records SET data = $1 WHERE kind = 'counter' AND id = 1", [String(Number(rows[0]!.data) + 1)]);
      });
    await Promise.all(Array.from({ length: 30 }, (_, i) => bump(i % 2 ? a : b)));
    const { rows } = await a.query<{ data: string }>("SELECT data FROM records WHERE kind = 'counter'");
    expect(rows).toEqual([{ data: '30' }]);
  });

  it('never exhausts the retries of units that all conflict: one aborted twice runs alone (few retries allowed, every unit commits)', async () => {
    const url = await server.database();
    // Three attempts only: without running alone, 24 units each reading the whole kind and inserting into it abort one another past them.
    const [a, b] = await Promise.all([open(url, { retries: 3 }), open(url, { retries: 3 })]);
    const append = (s: PgState, i: number) =>
      s.unit(async () => {
        const { rows } = await s.query<{ n: string }>("SELECT count(*) AS n FROM records WHERE kind = 'row'");
        await new Promise((r) => setTimeout(r, 5)); // the others read meanwhile
        await s.query("INSERT INTO records (kind, id, data) VALUES ('row', $1, $2)", [i, rows[0]!.n]);
      });
    await Promise.all(Array.from({ length: 24 }, (_, i) => append(i % 2 ? a : b, i + 1)));
    const { rows } = await a.query<{ data: string }>("SELECT data FROM records WHERE kind = 'row' ORDER BY data::int");
    // Serial: each saw every row committed before it, so the counts are 0..23 once each.
    expect(rows.map((r) => Number(r.data))).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(a.stats.alone + b.stats.alone).toBeGreaterThan(0);
  });

  it('a unit that cannot reach PostgreSQL is a StateUnavailableError: the request is 503 code 1006, /readyz 503; opening is a StateError', async () => {
    const s = await open(await server.database(), { connectTimeoutMs: 1000 });
    const app = createServer({ pg: s, log: () => undefined });
    const pay = () => request(app).post('/merchant/v2/payments').set('authorization', MERCHANT_AUTH).send(paymentBody({ invoice_number: `DOWN${Date.now()}` }));
    expect((await pay()).status).toBe(201);
    const ready = await request(app).get('/readyz');
    expect([ready.status, ready.body]).toEqual([200, { status: 'ready', checks: { state: 'ok' }, exchange: { writerOf: expect.any(Array) } }]); // the markets written: server/state/pg/exchange.test.ts
    await server.stop();
    const failure = await s.unit(async () => s.query('SELECT 1')).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(StateUnavailableError);
    const refused = await pay();
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ title: 'Service Unavailable', code: '1006' });
    expect(JSON.stringify(refused.body)).toMatch(/The sandbox state store is unavailable \(PostgreSQL: /);
    expect((await request(app).get('/readyz')).status).toBe(503);
    await expect(PgState.open(server.url, { connectTimeoutMs: 1000 })).rejects.toBeInstanceOf(StateError);
  });
});

describe.skipIf(!available)('PgState writes outside a unit', () => {
  it('logs a stand-alone write that fails, and durable() rejects with it (never an unhandled rejection)', async () => {
    const server = await startPostgres();
    const lines: string[] = [];
    const s = await PgState.open(await server.database(), { log: (l) => lines.push(l), connectTimeoutMs: 1000 });
    try {
      s.write('INSERT INTO no_such_table VALUES ($1)', [1]);
      await expect(s.durable()).rejects.toBeInstanceOf(StateUnavailableError);
      expect(lines).toEqual(['PostgreSQL: a write outside a request failed: The sandbox state store is unavailable (PostgreSQL: 42P01); the request was not applied, retry later']);
    } finally {
      await s.close();
      await server.stop();
    }
  }, 60_000);
});
