// Test support for the delivery log tests (decision S-listen): a real sandbox server with the
// control API on 127.0.0.1, real local receivers that keep each request's raw bytes, a dead URL,
// and the package's verifier.
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMerchantClient, unwrap } from '../client/merchant.ts';
import { createSandboxClient, type SandboxSchemas } from '../client/sandbox.ts';
import { verifyWebhook } from '../client/webhooks.ts';
import { createPaymentBody } from '../contracts/merchant/examples.ts';
import type { StateDb } from '../server/state/db.ts';
import { testServer } from '../server/testing.ts';

export type Delivery = SandboxSchemas['Delivery'];
export const SECRET = 'demo-signing-secret';

/** What each test opened; `closeAll` (afterEach) closes it, last first. */
export const closers: (() => Promise<void>)[] = [];
export async function closeAll(): Promise<void> {
  while (closers.length) await closers.pop()!();
}

export async function sandbox(state?: StateDb) {
  const { app } = testServer({ config: { sandbox: { controlApi: true } }, ...(state ? { state } : {}) });
  const server: Server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const merchant = createMerchantClient({ baseUrl: base, apiKey: 'demo-merchant', apiSecret: 'demo-merchant-secret', retry: false });
  const control = createSandboxClient({ baseUrl: base });
  let n = 0;
  const pay = async (webhook_url?: string) => {
    const { webhook_url: _, ...fields } = createPaymentBody.payment;
    const payment = { ...fields, amount: '10.00', invoice_number: `INVL${++n}`, ...(webhook_url ? { webhook_url } : {}) };
    return (await unwrap(merchant.POST('/payments', { body: { payment } }))).id;
  };
  const advance = (seconds: number) => unwrap(control.POST('/clock/advance', { body: { seconds } }));
  const log = async (query: { payment_id?: number; limit?: number; before?: number } = {}) =>
    unwrap(control.GET('/deliveries', { params: { query: { merchant: 'demo-merchant', ...query } } }));
  return { base, merchant, control, pay, advance, log };
}

export interface Got {
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

/** A local receiver keeping each request's raw bytes; answers the next of `statuses` (then 200). */
export async function receiver(statuses: number[] = []) {
  const got: Got[] = [];
  const queue = [...statuses];
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.statusCode = queue.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, got };
}

/** A URL nothing listens on: a server opened and closed again. */
export async function deadUrl() {
  const server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks`;
}

export const until = async (ok: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** The payment a delivery's body carries, verified with the package's own verifier. */
export const verified = (raw: Buffer | string, contentType: string | undefined) => verifyWebhook({ body: raw, contentType, secret: SECRET });
