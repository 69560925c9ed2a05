import express, { type Express } from 'express';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EXAMPLES } from '../contracts/merchant/webhooks.ts';
import { memorySeenStore, type SeenStore } from './seen-store.ts';
import { webhookHandler, type WebhookHandlerOptions } from './webhooks-express.ts';
import { signWebhook } from './webhooks.ts';

const SECRET = 'demo-signing-secret';
const found = WEBHOOK_EXAMPLES.paymentFound.payload;
const confirmed = WEBHOOK_EXAMPLES.paymentConfirmed.payload;
const refund = WEBHOOK_EXAMPLES.refundProcessed.payload;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A real Express app on 127.0.0.1:0 with the handler at /hooks; `parser` mounted first when given. */
async function serve(options: Partial<WebhookHandlerOptions>, parser?: express.RequestHandler) {
  const calls: { type: string; payload: unknown }[] = [];
  const app: Express = express();
  if (parser) app.use(parser);
  app.post(
    '/hooks',
    webhookHandler({
      secret: SECRET,
      onPayment: (payload) => void calls.push({ type: 'payment', payload }),
      onRefund: (payload) => void calls.push({ type: 'refund', payload }),
      onError: () => {},
      ...options,
    }),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const post = async (payload: unknown, body?: string) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: body ?? JSON.stringify(signWebhook({ payload, secret: SECRET })),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { post, calls, url };
}

describe('webhookHandler', () => {
  it('verifies, calls onPayment and onRefund, and ignores a duplicate delivery', async () => {
    const { post, calls } = await serve({});
    expect(await post(found)).toEqual({ status: 200, body: { received: true, key: 'payment:7001:pending_confirmation' } });
    expect(await post(found)).toEqual({ status: 200, body: { received: true, duplicate: true, key: 'payment:7001:pending_confirmation' } });
    expect((await post(confirmed)).body).toEqual({ received: true, key: 'payment:7001:paid' });
    expect((await post(refund)).body).toEqual({ received: true, key: 'refund:9001:refunded' });
    expect(calls).toEqual([
      { type: 'payment', payload: found },
      { type: 'payment', payload: confirmed },
      { type: 'refund', payload: refund },
    ]);
  });

  it('answers 400 with the reason when verification fails', async () => {
    const { post, calls } = await serve({});
    const forged = JSON.stringify(signWebhook({ payload: found, secret: 'wrong' }));
    expect(await post(null, forged)).toMatchObject({ status: 400, body: { error: 'bad_signature' } });
    const old = JSON.stringify(signWebhook({ payload: found, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 }));
    expect(await post(null, old)).toMatchObject({ status: 400, body: { error: 'timestamp_too_old' } });
    expect(await post(null, '')).toMatchObject({ status: 400, body: { error: 'no_body' } });
    expect(calls).toEqual([]);
  });

  it.each([
    ['express.json()', express.json()],
    ['express.raw()', express.raw({ type: 'application/json' })],
    ['express.text()', express.text({ type: 'application/json' })],
  ])('works behind %s', async (_name, parser) => {
    const { post, calls } = await serve({}, parser);
    expect((await post(found)).status).toBe(200);
    expect(calls).toHaveLength(1);
  });

  it('answers 500 when the handler throws and processes the redelivery', async () => {
    let fail = true;
    const errors: unknown[] = [];
    const { post } = await serve({
      onPayment: () => {
        if (fail) throw new Error('database down');
      },
      onError: (e) => void errors.push(e),
    });
    expect(await post(found)).toMatchObject({ status: 500, body: { error: 'handler_failed' } });
    expect(errors).toHaveLength(1);
    fail = false;
    expect(await post(found)).toEqual({ status: 200, body: { received: true, key: 'payment:7001:pending_confirmation' } });
  });

  it('answers 409 to a copy that arrives while the first is being processed', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { post } = await serve({ onPayment: () => gate });
    const first = post(found);
    await new Promise((r) => setTimeout(r, 50));
    expect((await post(found)).status).toBe(409);
    release();
    expect((await first).status).toBe(200);
  });

  it('acknowledges an event without a handler', async () => {
    const { post } = await serve({ onRefund: undefined });
    expect((await post(refund)).body).toEqual({ received: true, ignored: true, key: 'refund:9001:refunded' });
  });

  it('acknowledges (200) and ignores an authentic event of no known payload; a forged one is still 400', async () => {
    const unknown: string[] = [];
    const { post, calls } = await serve({ onUnknownEvent: (e) => void unknown.push(e.reason) });
    const payout = { event: 'payoutSettled', payout_id: 5, amount: '1.00' };
    expect(await post(payout)).toEqual({ status: 200, body: { received: true, ignored: true, unknown_event: true } });
    expect(await post(null, JSON.stringify(signWebhook({ payload: payout, secret: 'wrong' })))).toMatchObject({ status: 400, body: { error: 'bad_signature' } });
    expect(unknown).toEqual(['payload_invalid']);
    expect(calls).toEqual([]);
  });

  it('uses a pluggable async seen-store', async () => {
    const keys = new Set<string>();
    const store: SeenStore = { has: async (k) => keys.has(k), add: async (k) => void keys.add(k) };
    const { post } = await serve({ seenStore: store });
    await post(found);
    expect([...keys]).toEqual(['payment:7001:pending_confirmation']);
    expect((await post(found)).body).toMatchObject({ duplicate: true });
  });

  it('runs the handler once when two processes share a store that claims atomically; a failed claim is released', async () => {
    const store = memorySeenStore(); // claim/release: stands in for a shared Redis store
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    let fail = false;
    const onPayment = async () => {
      runs++;
      if (fail) throw new Error('down');
      await gate;
    };
    const a = await serve({ seenStore: store, onPayment });
    const b = await serve({ seenStore: store, onPayment }); // another process, same store
    const first = a.post(found);
    await new Promise((r) => setTimeout(r, 50));
    expect((await b.post(found)).status).toBe(409);
    release();
    expect((await first).status).toBe(200);
    expect((await b.post(found)).body).toMatchObject({ duplicate: true });
    expect(runs).toBe(1);

    fail = true;
    expect((await a.post(confirmed)).status).toBe(500);
    fail = false;
    expect((await b.post(confirmed)).status).toBe(200); // the failed claim was released
    expect(runs).toBe(3);
  });

  it('refuses a body over the limit with 413', async () => {
    const { post } = await serve({ limitBytes: 100, seenStore: memorySeenStore() });
    expect((await post(found)).status).toBe(413);
  });

  it('reads a form-encoded webhook, raw or parsed by express.urlencoded (decision M-webhook-form)', async () => {
    const envelope = signWebhook({ payload: found, secret: SECRET });
    const body = new URLSearchParams(envelope).toString();
    for (const parser of [undefined, express.urlencoded({ extended: false }), express.urlencoded({ extended: true })]) {
      const { url, calls } = await serve({}, parser);
      const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
      expect([res.status, await res.json()]).toEqual([200, { received: true, key: expect.any(String) }]);
      expect(calls).toEqual([{ type: 'payment', payload: found }]);
      const tampered = body.replace('data=', 'data=A');
      const bad = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: tampered });
      expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([400, 'bad_signature']);
    }
  });
});
