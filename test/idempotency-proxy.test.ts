// Retries that never charge twice (issue 19, point 4): 1,000 POSTs (payments and registrations)
// through a loopback proxy that drops 30 % of the connections after the server answered, from the
// typed clients with their default retries. Every call ends in 201 and every request is executed
// exactly once: the retries carry the call's Idempotency-Key and get the stored answer.
import { createServer as createHttpServer, type Server } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchantClient, createPartnerClient } from '../client/index.ts';
import { payment as examplePayment } from '../contracts/merchant/examples.ts';
import { registerUserRequestExample } from '../contracts/partner/examples.ts';
import { createServer } from '../server/app.ts';
import { createPaymentBody } from './server-helpers.ts';

const executed = new Map<string, number>();
const count = (k: string) => executed.set(k, (executed.get(k) ?? 0) + 1);
let server: Server;
let proxy: ReturnType<typeof createNetServer>;
let base = '';
let dropped = 0;

beforeAll(async () => {
  const app = createServer({
    log: () => undefined,
    config: { validate: 'requests', rateLimit: { enabled: false } },
    handlers: {
      merchant: { createPayment: async ({ body }) => (count(`payment:${body.payment.invoice_number}`), { status: 201, body: { ...examplePayment, invoice_number: body.payment.invoice_number } }) },
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
});

describe('1,000 POSTs through a proxy dropping 30 % of answers', () => {
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
        const r =
          i % 2 === 0
            ? await merchant.POST('/payments', { body: { payment: { ...fields, invoice_number: `IDEM${i}` } } })
            : await partner.POST('/user_registration', { body: { registration: { ...registerUserRequestExample.registration, email: `u${i}@example.com` } } });
        statuses.set(r.response.status, (statuses.get(r.response.status) ?? 0) + 1);
        if (r.response.headers.get('Idempotent-Replayed') === 'true') replayed++;
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const duplicates = [...executed.values()].filter((n) => n > 1).length;
    console.log(`[measured] 1000 POSTs, ${dropped} answers dropped by the proxy, ${replayed} answered from the store; statuses ${JSON.stringify(Object.fromEntries(statuses))}; executed ${executed.size}, duplicates ${duplicates}`);
    expect(Object.fromEntries(statuses)).toEqual({ 201: 1000 });
    expect(executed.size).toBe(1000);
    expect(duplicates).toBe(0);
    expect(dropped).toBeGreaterThan(200);
  }, 120_000);
});
