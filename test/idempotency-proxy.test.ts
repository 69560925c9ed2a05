// Retries that never charge twice (issue 19, point 4): 1,000 POSTs (payments, invoices, refunds and
// registrations) through a loopback proxy that drops 30 % of the connections after the server
// answered, from the typed clients with their default retries, in memory and on a state file (the
// answers recorded in each request's unit of work). Every call ends in 201 and every request is
// executed exactly once: the retries carry the call's Idempotency-Key and get the stored answer.
import { createServer as createHttpServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchantClient, createPartnerClient } from '../client/index.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInvoiceBody, createRefundBody, invoice as exampleInvoice, payment as examplePayment, refund as exampleRefund } from '../contracts/merchant/examples.ts';
import { registerUserRequestExample } from '../contracts/partner/examples.ts';
import { createServer } from '../server/app.ts';
import { StateDb } from '../server/state/db.ts';
import { createPaymentBody } from './server-helpers.ts';

describe.each(['memory', 'a state file'])('1,000 POSTs through a proxy dropping 30 %% of answers, %s', (where) => {
  const executed = new Map<string, number>();
  const count = (k: string) => executed.set(k, (executed.get(k) ?? 0) + 1);
  let server: Server;
  let proxy: ReturnType<typeof createNetServer>;
  let base = '';
  let dropped = 0;
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
    server = createHttpServer(app);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const upstream = (server.address() as AddressInfo).port;
    // One response per connection chunk: 30 % of them are dropped once the server has answered.
    proxy = createNetServer((client: Socket) => {
      const up = connect(upstream, '127.0.0.1');
      client.pipe(up);
      up.on('data', (chunk: Buffer) => {
        if (Math.random() < 0.3) {
          dropped++;
          client.destroy();
          up.destroy();
        } else client.write(chunk);
      });
      const close = () => (client.destroy(), up.destroy());
      up.on('error', close).on('end', () => client.end());
      client.on('error', close).on('end', () => up.end());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => proxy.close(r));
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    state?.close();
  });

  it('executes each exactly once; every call ends in 201', async () => {
    const retry = { retries: 12, baseDelayMs: 2, maxDelayMs: 20 };
    const merchant = createMerchantClient({ baseUrl: `${base}/merchant/v2`, apiKey: 'demo-merchant', apiSecret: 'demo-merchant-secret', retry: { ...retry, methods: ['POST'], statuses: [409, 429, 503] } });
    const partner = createPartnerClient({ baseUrl: `${base}/partner/v1`, apiKey: 'demo-partner-key', retry: { ...retry, methods: ['POST'], statuses: [409, 429, 503] } });
    const { webhook_url: _none, ...fields } = createPaymentBody.payment;
    const statuses = new Map<number, number>();
    let replayed = 0;
    let next = 0;
    const worker = async () => {
      while (next < 1000) {
        const i = next++;
        const r = await [
          () => merchant.POST('/payments', { body: { payment: { ...fields, invoice_number: `IDEM${i}` } } }),
          () => merchant.POST('/invoices', { body: { ...createInvoiceBody, invoice: { ...createInvoiceBody.invoice, invoice_number: `INV${i}` } } }),
          () => merchant.POST('/transactions/{transaction_id}/refunds', { params: { path: { transaction_id: i } }, body: createRefundBody }),
          () => partner.POST('/user_registration', { body: { registration: { ...registerUserRequestExample.registration, email: `u${i}@example.com` } } }),
        ][i % 4]!();
        statuses.set(r.response.status, (statuses.get(r.response.status) ?? 0) + 1);
        if (r.response.headers.get('Idempotent-Replayed') === 'true') replayed++;
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const duplicates = [...executed.values()].filter((n) => n > 1).length;
    const kinds = [...executed.keys()].reduce<Record<string, number>>((n, k) => ((n[k.split(':')[0]!] = (n[k.split(':')[0]!] ?? 0) + 1), n), {});
    console.log(`[measured] ${where}: 1000 POSTs, ${dropped} answers dropped by the proxy, ${replayed} answered from the store; statuses ${JSON.stringify(Object.fromEntries(statuses))}; executed ${executed.size}, duplicates ${duplicates}`);
    expect(Object.fromEntries(statuses)).toEqual({ 201: 1000 });
    expect(executed.size).toBe(1000);
    expect(kinds).toEqual({ payment: 250, invoice: 250, refund: 250, registration: 250 });
    expect(duplicates).toBe(0);
    expect(dropped).toBeGreaterThan(200);
  }, 120_000);
});
