// Idempotency-Key with the reference handlers on a state file: 1,000 POSTs (payments, invoices,
// refunds of one paid transaction, registrations) through the proxy that drops 30 % of answers
// (test/dropping-proxy.ts). Each keyed request's answer is recorded in its own unit of work; the
// records in the file are counted: exactly one per call, 0 duplicates.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from '../server/app.ts';
import { StateDb } from '../server/state/db.ts';
import { droppingProxy, thousandPosts } from './dropping-proxy.ts';
import { MERCHANT_AUTH, createPaymentBody } from './server-helpers.ts';

// scrypt at its default cost (36 ms of CPU each) is not what this counts: 250 registrations at 2^10.
const CHEAP_HASH = 1024;

const state = new StateDb(join(mkdtempSync(join(tmpdir(), 'idem-proxy-ref-')), 'state.sqlite'));
afterAll(() => state.close());

describe('1,000 POSTs to the reference handlers on a state file, through a proxy dropping 30 % of answers', () => {
  it('stores exactly one record per call', async () => {
    const app = createServer({ log: () => undefined, state, config: { validate: 'requests', rateLimit: { enabled: false }, partner: { passwordHashCost: CHEAP_HASH }, merchant: { sandbox: { foundAfterMs: 50, confirmedAfterMs: 100 } } } });
    const { webhook_url: _none, ...fields } = createPaymentBody.payment;
    const paid = await request(app).post('/merchant/v2/payments').set('authorization', MERCHANT_AUTH).send({ payment: { ...fields, amount: '1000.00', invoice_number: 'REFUNDED' } });
    expect(paid.status).toBe(201);
    const record = () => JSON.parse((state.db.prepare("SELECT data FROM records WHERE kind = 'merchant.payments' AND id = ?").get(paid.body.id) as { data: string }).data) as { transaction_id: number; blockchain_status: string };
    for (let i = 0; i < 50 && record().blockchain_status !== 'Confirmed'; i++) await new Promise((r) => setTimeout(r, 50));
    const counts = () => Object.fromEntries((state.db.prepare('SELECT kind, count(*) AS n FROM records GROUP BY kind').all() as { kind: string; n: number }[]).map((r) => [r.kind, r.n]));
    const before = counts();

    const proxy = await droppingProxy(app);
    try {
      const { statuses, replayed } = await thousandPosts(proxy.base, () => record().transaction_id);
      const after = counts();
      const made = (kind: string) => (after[kind] ?? 0) - (before[kind] ?? 0);
      expect(statuses).toEqual({ 201: 1000 });
      expect([made('merchant.payments'), made('merchant.invoices'), made('merchant.refunds'), made('partner.registrations')]).toEqual([250, 250, 250, 250]);
      expect(proxy.dropped()).toBeGreaterThan(200);
    } finally {
      await proxy.close();
    }
  }, 180_000);
});
