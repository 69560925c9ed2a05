// What a payment costs PostgreSQL: the statements one POST /merchant/v2/payments sends, counted on
// the pool's clients (each a round trip: node-postgres waits for one answer before the next).
// The request's transaction sends BEGIN (with the retry lock) in front of the invoice-number
// claim, the transaction and payment inserts (each with its id from the sequence), then the two
// updates that link them in front of COMMIT: 4 round trips, no record read again that the
// transaction wrote (PgState.unitRows).
import request from 'supertest';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAvailable, startPostgres, type PostgresServer } from '../../../test/postgres-server.ts';
import { paymentBody } from '../../../test/sandbox-helpers.ts';
import { MERCHANT_AUTH } from '../../../test/server-helpers.ts';
import { createServer } from '../../app.ts';
import { closePgExchange } from './pg-exchange.ts';
import { PgState } from './pg-state.ts';

describe.skipIf(!pgAvailable())('round trips of a payment on PostgreSQL', () => {
  let server: PostgresServer;
  let state: PgState;
  const sent: string[] = [];
  beforeAll(async () => {
    server = await startPostgres();
    state = await PgState.open(await server.database());
    // Every statement a pooled client sends, as text (pool.query checks out with a callback, units with a promise).
    const counted = new WeakSet<pg.PoolClient>();
    const wrap = (client: pg.PoolClient | undefined) => {
      if (!client || counted.has(client)) return;
      counted.add(client);
      const query = client.query.bind(client) as (...a: unknown[]) => unknown;
      (client as unknown as { query: (...a: unknown[]) => unknown }).query = (q: unknown, ...rest: unknown[]) => {
        sent.push(typeof q === 'string' ? q : (q as { text: string }).text);
        return query(q, ...rest);
      };
    };
    type Connect = (cb?: (e: Error | undefined, c: pg.PoolClient | undefined, done: unknown) => void) => Promise<pg.PoolClient> | undefined;
    const pool = state.pool as unknown as { connect: Connect };
    const connect = pool.connect.bind(state.pool);
    pool.connect = (cb) =>
      cb
        ? connect((e, c, done) => {
            wrap(c);
            cb(e, c, done);
          })
        : connect()!.then((c) => (wrap(c), c));
  }, 60_000);
  afterAll(async () => {
    if (state) await closePgExchange(state); // the exchange's lease rounds stop, as at a shutdown
    await state?.close();
    await server?.stop();
  });

  it('creates a payment in 4 round trips: BEGIN with the claim, two inserts, the updates with COMMIT; no record read back', async () => {
    const app = createServer({ pg: state, log: () => undefined });
    // The first payment creates the sequences (once per process, on a connection of their own).
    expect((await request(app).post('/merchant/v2/payments').set('authorization', MERCHANT_AUTH).send(paymentBody({ invoice_number: 'RT0' }))).status).toBe(201);
    sent.length = 0;
    const res = await request(app).post('/merchant/v2/payments').set('authorization', MERCHANT_AUTH).send(paymentBody({ invoice_number: 'RT1' }));
    expect(res.status).toBe(201);
    // Each message is one round trip; statements sent together in one message are listed together.
    const ofRequest = sent.slice(0, sent.findIndex((s) => s.endsWith('COMMIT')) + 1);
    const shape = (message: string) => message.split('; ').map((st) => st.split(/[ (]/, 3).join(' ')).join(' + ');
    expect(ofRequest.map(shape)).toEqual([
      'BEGIN ISOLATION LEVEL + SELECT pg_advisory_xact_lock_shared 1920234105) + INSERT INTO claims',
      'INSERT INTO records',
      'INSERT INTO records',
      'UPDATE records SET + UPDATE records SET + COMMIT',
    ]);
    expect(ofRequest.length).toBeLessThanOrEqual(4);
    // What was stored reads back as answered.
    const { rows } = await state.query<{ data: string }>("SELECT data FROM records WHERE kind = 'merchant.payments' AND id = $1", [res.body.id ?? res.body.payment_id]);
    expect(rows).toHaveLength(1);
  });
});
