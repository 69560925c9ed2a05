// Two `npm start` processes on one PostgreSQL database (DATABASE_URL, no Redis, no shared file):
// what the handlers check by reading then writing holds across instances because the database
// decides (SERIALIZABLE units, primary-key claims; server/state/pg), never process-local state.
// Two concurrent 6.00 refunds of a 10.00 payment sent to different instances: exactly one, every
// round (M4); one invoice number (M5) and one e-mail address (P2) claimed on both at once: exactly
// one wins; an answer 2xx is committed (the other instance reads it at once).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAvailable, startPostgres, type PostgresServer } from './postgres-server.ts';
import { startInstance, type Instance } from './instances.ts';
import { MERCHANT_AUTH, PARTNER_BEARER } from './server-helpers.ts';
import { paymentBody } from './sandbox-helpers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!pgAvailable())('two instances on one PostgreSQL database', () => {
  let pg: PostgresServer;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    pg = await startPostgres();
    const url = await pg.database();
    const config = join(mkdtempSync(join(tmpdir(), 'two-pg-')), 'config.json');
    writeFileSync(config, JSON.stringify({ merchant: { sandbox: { foundAfterMs: 100, confirmedAfterMs: 300 } }, rateLimit: { enabled: false } }));
    const env = { DATABASE_URL: url, CONFIG: config };
    // Started at once: the migrations run once, under the advisory lock.
    [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await pg?.stop();
  });

  const merchant = (base: string, path: string, body?: unknown) =>
    fetch(`${base}/merchant/v2${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: MERCHANT_AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('refuses to start (exit 2, one line) when DATABASE_URL cannot be reached', async () => {
    const { spawn } = await import('node:child_process');
    const { serverArgs } = await import('./server-process.ts');
    const { freePort } = await import('./redis-server.ts');
    const url = `postgres://sandbox:secret-pw@127.0.0.1:${await freePort()}/sandbox`;
    const child = spawn(process.execPath, serverArgs(), { env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toMatch(/^PostgreSQL at postgres:\/\/sandbox:\*\*\*@127\.0\.0\.1:\d+\/sandbox \(DATABASE_URL\) cannot be reached: .*ECONNREFUSED.*\n$/);
    expect(err).not.toContain('secret-pw');
  });

  it('prints where the state is', () => {
    expect(a.output()).toContain(`  state: PostgreSQL at postgres://postgres@127.0.0.1:${pg.port}/`);
    expect(a.output()).toContain('(pool of 10)');
  });

  /** A paid transaction of 10.00 USD, created on A, seen paid through B. */
  async function paidTransaction(invoice: string): Promise<number> {
    const created = await merchant(a.base, '/payments', paymentBody({ amount: '10.00', invoice_number: invoice }));
    expect(created.status).toBe(201);
    for (let i = 0; i < 100; i++) {
      const { transactions } = (await (await merchant(b.base, `/transactions?invoice_number=${invoice}`)).json()) as { transactions: { id: number; status: string | null }[] };
      if (transactions[0]?.status === 'paid') return transactions[0].id;
      await sleep(50);
    }
    throw new Error(`transaction of ${invoice} not paid after 5 s`);
  }

  it('lets only one of two concurrent 6.00 refunds of a 10.00 payment through, every round of 20', async () => {
    for (let round = 0; round < 20; round++) {
      const tx = await paidTransaction(`PGREFUND${round}`);
      const refund = { email: 'jane@example.com', amount_to_refund_fiat: '6.00' };
      const [ra, rb] = await Promise.all([merchant(a.base, `/transactions/${tx}/refunds`, refund), merchant(b.base, `/transactions/${tx}/refunds`, refund)]);
      expect([ra.status, rb.status].sort(), `round ${round}`).toEqual([201, 422]);
      const winner = ra.status === 201 ? ra : rb;
      expect(await (ra.status === 422 ? ra : rb).json()).toMatchObject({ code: '2002', title: 'Refund not allowed' });
      const stored = (await winner.json()) as { id: number };
      // Answered 201 means committed: the other instance lists it at once.
      for (const instance of [a, b]) {
        const listed = (await (await merchant(instance.base, `/transactions/${tx}/refunds`)).json()) as { refunds: { id: number }[] };
        expect(listed.refunds.map((r) => r.id), `round ${round}`).toEqual([stored.id]);
      }
    }
  }, 180_000);

  it('gives one invoice number to exactly one of two concurrent payments on different instances (M5)', async () => {
    for (let round = 0; round < 10; round++) {
      const body = paymentBody({ invoice_number: `PGINV${round}` });
      const [ra, rb] = await Promise.all([merchant(a.base, '/payments', body), merchant(b.base, '/payments', body)]);
      expect([ra.status, rb.status].sort(), `round ${round}`).toEqual([201, 422]);
      expect(await (ra.status === 422 ? ra : rb).json()).toMatchObject({ code: '2001', title: 'Duplicate invoice number' });
      const payment = (await (ra.status === 201 ? ra : rb).json()) as { id: number; invoice_number: string };
      expect(payment.invoice_number).toBe(`PGINV${round}`);
      // Committed before the answer: the other instance finds its transaction at once.
      const other = ra.status === 201 ? b : a;
      const { transactions } = (await (await merchant(other.base, `/transactions?invoice_number=PGINV${round}`)).json()) as { transactions: unknown[] };
      expect(transactions).toHaveLength(1);
    }
  }, 60_000);

  it('registers one e-mail address on exactly one of two instances at once (P2)', async () => {
    const register = (base: string, email: string) =>
      fetch(`${base}/partner/v1/user_registration`, {
        method: 'POST',
        headers: { authorization: PARTNER_BEARER, 'content-type': 'application/json' },
        body: JSON.stringify({
          registration: {
            business_name: 'Acme Widgets', first_name: 'Jane', last_name: 'Doe', email,
            password: 'correct-horse-battery', password_confirmation: 'correct-horse-battery', terms_of_service: 'true',
          },
        }),
      });
    for (let round = 0; round < 10; round++) {
      const [ra, rb] = await Promise.all([register(a.base, `jane${round}@acme.example.com`), register(b.base, `JANE${round}@acme.example.com`)]);
      expect([ra.status, rb.status].sort(), `round ${round}`).toEqual([201, 422]);
      expect(await (ra.status === 422 ? ra : rb).json()).toEqual({ status: 0, message: ['registration.email has already been registered'] });
    }
  }, 60_000);
});
