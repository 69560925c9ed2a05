// Each webhook attempt is claimed in the outbox before it is sent, so of two instances that both
// know an owed delivery (every instance resumes the outbox when it starts) exactly one sends each
// attempt. Two instances on one PostgreSQL database, a receiver that always fails: B is killed
// (-9) and restarted after the second attempt, A after the fourth; the receiver still gets exactly
// the schedule's 6 attempts (1, 2, 4, 8, 16 s apart), no more.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentBody } from '../contracts/merchant/examples.ts';
import { WEBHOOK_DELIVERY } from '../contracts/merchant/ops-webhooks.ts';
import { pgAvailable, startPostgres, type PostgresServer } from './postgres-server.ts';
import { clients, kill9, nonceSources, startServer, stateDir, type Running } from './state-process.ts';

const waitFor = async (what: string, ok: () => boolean | Promise<boolean>, ms = 60_000) => {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error(`not within ${ms / 1000} s: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.skipIf(!pgAvailable())('webhook attempts claimed across instances (PostgreSQL)', () => {
  let postgres: PostgresServer;
  let url: string;
  let db: pg.Client;
  let receiver: Server;
  const attempts: string[] = [];
  const running: Running[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    url = await postgres.database();
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        attempts.push((JSON.parse(body) as { data: string }).data);
        res.writeHead(500).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  }, 60_000);
  afterAll(async () => {
    for (const r of running) if (r.child.exitCode === null && r.child.signalCode === null) await kill9(r);
    await db?.end().catch(() => undefined);
    await new Promise((r) => receiver?.close(r));
    await postgres?.stop();
  });

  const owed = async () => (await db.query<{ attempt: string }>('SELECT attempt FROM webhook_outbox')).rows.map((r) => Number(r.attempt));
  const start = async (env: Record<string, string>) => {
    const r = await startServer(env);
    running.push(r);
    return r;
  };

  it('sends exactly the schedule of a failing delivery, with the holder and its peer killed and restarted', async () => {
    // Found at once, confirmed only long after the test: one webhook (paymentFound) owed.
    const dir = stateDir({ merchant: { sandbox: { foundAfterMs: 0, confirmedAfterMs: 3_600_000 } } });
    const env = { DATABASE_URL: url, CONFIG: dir.config };
    let [a, b] = await Promise.all([start(env), start(env)]);
    db = new pg.Client({ connectionString: url });
    await db.connect();
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const { response } = await clients(a.base, nonceSources()).merchant.POST('/payments', {
      body: { payment: { ...createPaymentBody.payment, invoice_number: 'WH1', webhook_url: hook } },
    });
    expect(response.status).toBe(201);

    // B (which never knew the delivery) restarts and resumes it: from then on both instances schedule it.
    await waitFor('attempt 2 recorded', async () => (await owed()).join() === '3');
    await kill9(b);
    b = await start(env);
    // A (which sent the first attempts) is killed between two attempts and restarts: both know it again.
    await waitFor('attempt 4 recorded', async () => (await owed()).join() === '5');
    await kill9(a);
    a = await start(env);

    await waitFor('the delivery given up', async () => (await owed()).length === 0, 90_000);
    expect(attempts).toHaveLength(WEBHOOK_DELIVERY.maxAttempts);
    expect(new Set(attempts).size).toBe(1); // the same event bytes every time
    const { rows } = await db.query<{ data: string }>("SELECT data FROM records WHERE kind = 'merchant.deliveries' ORDER BY id");
    expect(rows.map((r) => (JSON.parse(r.data) as { attempt: number }).attempt)).toEqual([1, 2, 3, 4, 5, 6]);
  }, 150_000);
});
