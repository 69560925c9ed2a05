// Webhooks owed when the server is killed are delivered after the restart. The
// receiver is down while payment A's first webhook fails its first attempt (the second waits behind
// it: event order per payment); payment B is created
// and the server killed before B's lifecycle even started. Then the receiver comes up, the server
// restarts on the same file, and the receiver gets all four events, verified, with A's exactly the
// `data` bytes that were owed before the crash (the same events, so a receiver can dedupe them).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../client/index.ts';
import { verifyWebhook, webhookEventKey } from '../client/webhooks-express.ts';
import { createPaymentBody } from '../contracts/merchant/examples.ts';
import { clients, kill9, nonceSources, startServer, stateDir } from './state-process.ts';

const SECRET = 'demo-signing-secret';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

function receiver(port: number) {
  const got: { event: WebhookEvent; data: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ event: verifyWebhook({ body, secret: SECRET }), data: (JSON.parse(body) as { data: string }).data });
      res.writeHead(200).end();
    });
  });
  const listening = new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { got, listening, close: () => new Promise((r) => server.close(r)) };
}

const owed = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT event, data, attempt FROM webhook_outbox ORDER BY event').all() as { event: string; data: string; attempt: number }[];
  } finally {
    db.close();
  }
};

describe('webhooks owed across a kill -9', () => {
  it('are delivered after the restart, each event once the receiver is up, with the bytes owed before', async () => {
    const port = await freePort();
    const hook = `http://127.0.0.1:${port}/hooks`;
    const dir = stateDir({ merchant: { sandbox: { foundAfterMs: 200, confirmedAfterMs: 400 } } });
    const env = { STATE: dir.state, CONFIG: dir.config };
    const nonces = nonceSources();

    const first = await startServer(env);
    const m = clients(first.base, nonces).merchant;
    const pay = async (invoice: string) => {
      const { data } = await m.POST('/payments', { body: { payment: { ...createPaymentBody.payment, invoice_number: invoice, webhook_url: hook } } });
      return data!.id;
    };
    const a = await pay('A1');
    // A's paymentFound made its first attempt (receiver down) and waits for a retry; its
    // paymentConfirmed waits behind it, unattempted (one payment's webhooks go out in event order).
    const aWaits = () => owed(dir.state).map((o) => `${o.event}:${o.attempt}`).join() === 'paymentConfirmed:1,paymentFound:2';
    for (let i = 0; i < 100 && !aWaits(); i++) await new Promise((r) => setTimeout(r, 50));
    const b = await pay('B1');
    await kill9(first);
    const before = owed(dir.state);
    expect(before.map((o) => [o.event, o.attempt])).toEqual([['paymentConfirmed', 1], ['paymentFound', 2]]);

    const r = receiver(port);
    await r.listening;
    const second = await startServer(env);
    try {
      for (let i = 0; i < 100 && r.got.length < 4; i++) await new Promise((res) => setTimeout(res, 100));
      const keys = r.got.map((g) => webhookEventKey(g.event)).sort();
      const ids = (await Promise.all([a, b].map(async (id) => {
        const { data } = await clients(second.base, nonces).merchant.GET('/transactions', { params: { query: { invoice_number: id === a ? 'A1' : 'B1' } } });
        return data!.transactions[0]!.id;
      })));
      expect(keys).toEqual([
        `payment:${ids[0]}:paid`, `payment:${ids[0]}:pending_confirmation`, `payment:${ids[1]}:paid`, `payment:${ids[1]}:pending_confirmation`,
      ].sort());
      // Each payment's events arrived in event order, across the restart too.
      for (const id of ids) {
        const mine = r.got.map((g) => webhookEventKey(g.event)).filter((k) => k.startsWith(`payment:${id}:`));
        expect(mine).toEqual([`payment:${id}:pending_confirmation`, `payment:${id}:paid`]);
      }
      // A's events are the very bytes that were owed.
      for (const o of before) expect(r.got.map((g) => g.data)).toContain(o.data);
      // Delivered: nothing is owed any more.
      for (let i = 0; i < 50 && owed(dir.state).length > 0; i++) await new Promise((res) => setTimeout(res, 50));
      expect(owed(dir.state)).toEqual([]);
    } finally {
      await kill9(second);
      await r.close();
    }
  }, 60_000);
});
