// Retries that never charge twice: 1,000 POSTs (payments, invoices, refunds and
// registrations) through a loopback proxy that drops 30 % of the connections after the server
// answered, from the typed clients with their default retries (test/dropping-proxy.ts). Every call
// ends in 201 and every request is executed exactly once: the retries carry the call's
// Idempotency-Key and get the stored answer. Counting handlers, in memory and on a state file; the
// reference handlers on a state file (each answer recorded in its request's unit of work):
// idempotency-proxy-reference.test.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoice as exampleInvoice, payment as examplePayment, refund as exampleRefund } from '../contracts/merchant/examples.ts';
import { createServer } from '../server/app.ts';
import { StateDb } from '../server/state/db.ts';
import { droppingProxy, thousandPosts, type DroppingProxy } from './dropping-proxy.ts';

describe.each(['memory', 'a state file'])('1,000 POSTs through a proxy dropping 30 %% of answers, %s', (where) => {
  const executed = new Map<string, number>();
  const count = (k: string) => executed.set(k, (executed.get(k) ?? 0) + 1);
  let proxy: DroppingProxy;
  let state: StateDb | undefined;

  beforeAll(async () => {
    state = where === 'memory' ? undefined : new StateDb(join(mkdtempSync(join(tmpdir(), 'idem-proxy-')), 'state.sqlite'));
    const app = createServer({
      log: () => undefined,
      ...(state ? { state } : {}),
      config: { validate: 'requests', rateLimit: { enabled: false } },
      handlers: {
        merchant: {
          createPayment: async ({ body }) => (count(`payment:${body.payment.invoice_number}`), { status: 201, body: { ...examplePayment, invoice_number: body.payment.invoice_number } }),
          createInvoice: async ({ body }) => (count(`invoice:${body.invoice.invoice_number}`), { status: 201, body: { ...exampleInvoice, invoice_number: body.invoice.invoice_number ?? '' } }),
          createRefund: async ({ params }) => (count(`refund:${params.transaction_id}`), { status: 201, body: { ...exampleRefund, id: Number(params.transaction_id) } }),
        },
        partner: { registerUser: async ({ body }) => (count(`registration:${body.registration.email}`), { status: 201, body: { status: 1, message: 'registered' } }) },
      },
    });
    proxy = await droppingProxy(app);
  });
  afterAll(async () => {
    await proxy.close();
    state?.close();
  });

  it('executes each exactly once; every call ends in 201', async () => {
    const { statuses, replayed } = await thousandPosts(proxy.base, (i) => i);
    const duplicates = [...executed.values()].filter((n) => n > 1).length;
    const kinds = [...executed.keys()].reduce<Record<string, number>>((n, k) => ((n[k.split(':')[0]!] = (n[k.split(':')[0]!] ?? 0) + 1), n), {});
    expect(statuses).toEqual({ 201: 1000 });
    expect(kinds).toEqual({ payment: 250, invoice: 250, refund: 250, registration: 250 });
    expect(duplicates).toBe(0);
    expect(proxy.dropped()).toBeGreaterThan(200);
  }, 120_000);
});
