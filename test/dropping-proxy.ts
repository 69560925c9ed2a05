// The proxy and the workload of the Idempotency-Key proxy tests: an app served on
// loopback behind a proxy that drops 30 % of the connections once the server answered, and 1,000
// POSTs (payments, invoices, refunds, registrations: 250 each) from the typed clients with their
// default retries (each POST one Idempotency-Key, the same on every attempt).
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { createMerchantClient, createPartnerClient } from '../client/index.ts';
import { createInvoiceBody, createRefundBody } from '../contracts/merchant/examples.ts';
import { registerUserRequestExample } from '../contracts/partner/examples.ts';
import { createPaymentBody } from './server-helpers.ts';

export interface DroppingProxy {
  base: string;
  dropped: () => number;
  close(): Promise<void>;
}

export async function droppingProxy(app: RequestListener): Promise<DroppingProxy> {
  const server = createHttpServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const upstream = (server.address() as AddressInfo).port;
  let dropped = 0;
  const open = new Set<Socket>();
  // One response per connection chunk: 30 % of them are dropped once the server has answered.
  const proxy = createNetServer((client: Socket) => {
    const up = connect(upstream, '127.0.0.1');
    open.add(client);
    client.on('close', () => open.delete(client));
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
  return {
    base: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    dropped: () => dropped,
    async close() {
      // The clients' idle keep-alive connections would hold close() until their timeout.
      const closed = new Promise((r) => proxy.close(r));
      for (const s of open) s.destroy();
      await closed;
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

export interface Outcome {
  statuses: Record<number, number>;
  replayed: number;
}

/** 1,000 POSTs by 16 workers; call i refunds transaction `refundOf(i)`. */
export async function thousandPosts(base: string, refundOf: (i: number) => number, amount = '10.00'): Promise<Outcome> {
  const retry = { retries: 12, baseDelayMs: 2, maxDelayMs: 20, methods: ['POST' as const], statuses: [409, 429, 503] };
  const merchant = createMerchantClient({ baseUrl: `${base}/merchant/v2`, apiKey: 'demo-merchant', apiSecret: 'demo-merchant-secret', retry });
  const partner = createPartnerClient({ baseUrl: `${base}/partner/v1`, apiKey: 'demo-partner-key', retry });
  const { webhook_url: _none, ...fields } = createPaymentBody.payment;
  const { webhook_url: _no, ...refund } = createRefundBody;
  const statuses: Record<number, number> = {};
  let replayed = 0;
  let next = 0;
  const worker = async () => {
    while (next < 1000) {
      const i = next++;
      const r = await [
        () => merchant.POST('/payments', { body: { payment: { ...fields, amount, invoice_number: `IDEM${i}` } } }),
        () => merchant.POST('/invoices', { body: { ...createInvoiceBody, invoice: { ...createInvoiceBody.invoice, invoice_number: `INV${i}` } } }),
        () => merchant.POST('/transactions/{transaction_id}/refunds', { params: { path: { transaction_id: refundOf(i) } }, body: { ...refund, amount_to_refund_fiat: '1.00' } }),
        () => partner.POST('/user_registration', { body: { registration: { ...registerUserRequestExample.registration, email: `u${i}@example.com` } } }),
      ][i % 4]!();
      statuses[r.response.status] = (statuses[r.response.status] ?? 0) + 1;
      if (r.response.headers.get('Idempotent-Replayed') === 'true') replayed++;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return { statuses, replayed };
}
