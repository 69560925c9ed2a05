// What a restart on the same state keeps besides orders and payments (those
// are in state-crash.test.ts): used nonces (a request signed before and replayed after is 2006),
// rate-limit bans, partner registrations (a duplicate e-mail is still refused), and pending cancels.
// On the state file (SQLite) and on PostgreSQL (DATABASE_URL), as one suite per backend.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { StateDb } from '../server/state/db.ts';
import { closePgExchange } from '../server/state/pg/pg-exchange.ts';
import { PgState } from '../server/state/pg/pg-state.ts';
import { manualClock, testServer } from '../server/testing.ts';
import { postgresForFile } from './postgres-per-file.ts';
import { signedUrl } from './server-helpers.ts';

/** Where a server keeps its state: a new place, opened (again) as a start would. */
interface Backend {
  name: string;
  /** A new empty place (a file, a database). */
  fresh(): Promise<string>;
  open(where: string): Promise<{ options: { state: StateDb } | { pg: PgState }; close(): Promise<void> }>;
  /** Whether the exchange journal is kept there. */
  journal: boolean;
}

const cluster = postgresForFile();
const withPg = cluster.available;

const BACKENDS: Backend[] = [
  {
    name: 'the state file (SQLite)',
    fresh: async () => join(mkdtempSync(join(tmpdir(), 'state-restart-')), 'sandbox.sqlite'),
    open: async (file) => {
      const state = new StateDb(file);
      return { options: { state }, close: async () => state.close() };
    },
    journal: true,
  },
  ...(withPg
    ? [{
        name: 'PostgreSQL',
        fresh: () => cluster.database(),
        open: async (url: string) => {
          const pg = await PgState.open(url);
          // As serve.ts at SIGTERM: the market leases are given up first, so the next start takes them at once.
          return { options: { pg }, close: async () => (await closePgExchange(pg), await pg.close()) };
        },
        journal: true,
      }]
    : []),
];

/** A server on `where`; `restart()` closes its state and opens a new server on the same place. */
async function on(backend: Backend, config: Record<string, unknown> = {}, now?: () => number) {
  const where = await backend.fresh();
  let opened = await backend.open(where);
  const make = () => testServer({ ...opened.options, config, ...(now ? { now } : {}) }).app;
  let app = make();
  return {
    app: () => app,
    async restart() {
      await opened.close();
      opened = await backend.open(where);
      app = make();
    },
    close: () => opened.close(),
  };
}

const order = { market: 'btcusd', side: 'sell', ord_type: 'limit', price: '31000.00', volume: '0.1' };

describe.each(BACKENDS)('a restart on the same state: $name', (backend) => {
  it('still refuses a replayed nonce with 2006', async () => {
    const s = await on(backend, { rateLimit: { enabled: false } });
    const url = signedUrl({ method: 'GET', path: '/balances', nonce: Date.now() });
    expect((await request(s.app()).get(url)).status).toBe(200);
    await s.restart();
    const replay = await request(s.app()).get(url);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe(2006);
    await s.close();
  });

  it.skipIf(!backend.journal)('keeps the order, and a requested cancel still happens', async () => {
    // The cancel waits 5 s: long enough that a restart on a busy machine comes before it (a loaded
    // machine took over 300 ms, and the old instance applied it first), then awaited as a condition.
    const s = await on(backend, { rateLimit: { enabled: false }, exchange: { cancelDelayMs: 5_000 } });
    const url = signedUrl({ method: 'POST', path: '/orders', body: order, nonce: Date.now() });
    const placed = await request(s.app()).post(url).send(order);
    expect(placed.status).toBe(200);
    const del = { id: placed.body.id };
    const cancelUrl = signedUrl({ method: 'POST', path: '/order/delete', body: del, nonce: Date.now() + 1 });
    expect((await request(s.app()).post(cancelUrl).send(del)).status).toBe(200);
    await s.restart();
    const replay = await request(s.app()).post(url).send(order);
    expect(replay.status).toBe(401);
    expect(replay.body.error.code).toBe(2006);
    const get = () => request(s.app()).get(signedUrl({ method: 'GET', path: '/order', query: { id: placed.body.id }, nonce: Date.now() + 3 }));
    expect((await get()).body.state).toBe('wait'); // requested before the restart, applied after it
    let nonce = Date.now() + 10;
    const read = async () => (await request(s.app()).get(signedUrl({ method: 'GET', path: '/order', query: { id: placed.body.id }, nonce: ++nonce }))).body;
    let got = await read();
    for (const end = Date.now() + 30_000; got.state === 'wait' && Date.now() < end; got = await read()) await new Promise((r) => setTimeout(r, 100));
    expect(got).toMatchObject({ id: placed.body.id, state: 'cancel', volume: '0.10000000' });
    await s.close();
  });

  it('keeps a rate-limit ban', async () => {
    const clock = manualClock(Date.now());
    const s = await on(backend, { rateLimit: { enabled: true, exchange: { limit: 2, windowMs: 60_000, banMs: 60_000 } } }, clock);
    const hit = () => request(s.app()).get('/api/v1/timestamp');
    expect((await hit()).status).toBe(200);
    expect((await hit()).status).toBe(200);
    expect((await hit()).status).toBe(429);
    await s.restart();
    clock.advance(30_000);
    const banned = await hit();
    expect(banned.status).toBe(429);
    expect(banned.headers['retry-after']).toBe('30');
    clock.advance(30_001);
    expect((await hit()).status).toBe(200);
    await s.close();
  });

  it('keeps partner registrations: the same e-mail is still refused', async () => {
    const s = await on(backend);
    const body = {
      registration: {
        business_name: 'Acme', first_name: 'Jane', last_name: 'Doe', email: 'Jane@Acme.example.com',
        password: 'correct-horse-battery', password_confirmation: 'correct-horse-battery', terms_of_service: 'true',
      },
    };
    const post = () => request(s.app()).post('/partner/v1/user_registration').set('Authorization', 'Bearer demo-partner-key').send(body);
    expect((await post()).status).toBe(201);
    await s.restart();
    const again = await post();
    expect(again.status).toBe(422);
    expect(again.body.status).toBe(0);
    await s.close();
  });
});
