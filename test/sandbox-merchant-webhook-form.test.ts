// Decision M-webhook-form: a key configured with `webhookEncoding: "form"` gets its webhooks as
// `application/x-www-form-urlencoded` with the fields `signature` and `data`, as the shop plugins
// read them (`$_POST['signature']`, `$_POST['data']`). Real receivers on 127.0.0.1; the receiver
// decodes the body the way PHP fills $_POST and verifies with an HMAC computed here; no secret of
// the config is in any byte delivered.
import express from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentWebhookPayloadSchema } from '../contracts/merchant/webhooks.ts';
import { webhookHandler } from '../client/webhooks-express.ts';
import { SANDBOX_DEFAULTS } from '../server/config/defaults.ts';
import { resolveConfig } from '../server/config/config.ts';
import { START, paymentBody, sandboxServer, webhookReceiver, type Received } from './sandbox-helpers.ts';

const SECRET = 'demo-signing-secret';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

// demo-merchant delivers form-encoded; demo-merchant-norefund keeps the default (JSON).
const [formKey, jsonKey] = SANDBOX_DEFAULTS.merchant.keys;
const config = { merchant: { keys: [{ ...formKey, webhookEncoding: 'form' as const }, { ...jsonKey }] } };

/** What PHP puts in $_POST for a urlencoded body: split on `&`, then on the first `=`, `+` is a space, then %XX. */
function phpPost(body: string): Record<string, string> {
  const urldecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
  const post: Record<string, string> = {};
  for (const pair of body.split('&')) {
    const at = pair.indexOf('=');
    post[urldecode(at < 0 ? pair : pair.slice(0, at))] = at < 0 ? '' : urldecode(pair.slice(at + 1));
  }
  return post;
}

/** A plugin's verification: HMAC-SHA256(secret, "<t>.<data>") against s1, with $_POST fields. */
function pluginVerifies(hook: Received): { t: number; payload: unknown } {
  expect(hook.headers['content-type']).toBe('application/x-www-form-urlencoded');
  const post = phpPost(hook.body);
  expect(Object.keys(post).sort()).toEqual(['data', 'signature']);
  const [, t, s1] = /^t=(\d+),s1=([0-9a-f]{64})$/.exec(post.signature!)!;
  const expected = createHmac('sha256', SECRET).update(`${t}.${post.data}`).digest('hex');
  expect(timingSafeEqual(Buffer.from(expected), Buffer.from(s1!))).toBe(true);
  return { t: Number(t), payload: JSON.parse(Buffer.from(post.data!, 'base64').toString('utf8')) };
}

async function receiver(statuses: number[] = []) {
  const r = await webhookReceiver(statuses);
  closers.push(r.close);
  return r;
}

describe('form-encoded webhooks (decision M-webhook-form)', () => {
  it('delivers signature and data as form fields a PHP receiver verifies, retried like JSON, in the same log', async () => {
    const s = sandboxServer({ config: { ...config, merchant: { ...config.merchant, sandbox: { foundAfterMs: 2000, confirmedAfterMs: 60_000 } } } });
    const hooks = await receiver([500, 503]);
    await s.as().post('/payments', paymentBody({ webhook_url: hooks.url }));
    await s.timers.advance(2000);
    await s.timers.advance(1000);
    await s.timers.advance(2000);
    expect(hooks.received).toHaveLength(3);
    const verified = hooks.received.map(pluginVerifies);
    expect(verified.map((v) => v.t)).toEqual([START / 1000 + 2, START / 1000 + 3, START / 1000 + 5]);
    for (const v of verified) expect(PaymentWebhookPayloadSchema.strict().parse(v.payload)).toMatchObject({ transaction_status: 'pending_confirmation' });
    // One delivery, three attempts, the same `data` bytes each time.
    expect(new Set(hooks.received.map((h) => phpPost(h.body).data)).size).toBe(1);
    const log = await s.merchant.deliveries({ event: 'paymentFound' });
    expect(log.map((d) => [d.attempt, d.status, d.ok, d.at - START])).toEqual([[1, 500, false, 2000], [2, 503, false, 3000], [3, 200, true, 5000]]);
    expect(log[0]!.data).toBe(phpPost(hooks.received[0]!.body).data);
  });

  it('keeps JSON for a key without the setting, and puts no secret of the config in any delivered byte', async () => {
    const s = sandboxServer({ config });
    const form = await receiver();
    const json = await receiver();
    await s.as('demo-merchant').post('/payments', paymentBody({ webhook_url: form.url }));
    await s.as('demo-merchant-norefund').post('/payments', paymentBody({ webhook_url: json.url, invoice_number: 'INV2' }));
    await s.timers.advance(5000);
    expect([form.received.length, json.received.length]).toEqual([2, 2]);
    for (const h of form.received) pluginVerifies(h);
    for (const h of json.received) expect([h.headers['content-type'], Object.keys(JSON.parse(h.body))]).toEqual(['application/json', ['signature', 'data']]);

    const c = resolveConfig(config);
    const secrets = [
      ...c.exchange.keys.map((k) => k.secret),
      ...c.merchant.keys.flatMap((k) => [k.secret, k.webhookSigningSecret]),
      ...c.partner.credentials.flatMap((p) => [p.bearerKey, p.basicSecret]).filter((x): x is string => x !== undefined),
    ];
    expect(secrets).toContain(SECRET);
    for (const h of [...form.received, ...json.received]) {
      const fields = h.headers['content-type'] === 'application/json' ? (JSON.parse(h.body) as Record<string, string>) : phpPost(h.body);
      const decoded = Buffer.from(fields.data!, 'base64').toString('utf8');
      // Every form the bytes take: raw, header lines, decoded fields, the decoded payload.
      for (const text of [h.body, JSON.stringify(h.headers), ...Object.values(fields), decoded]) {
        for (const secret of secrets) expect(text, 'a secret in a delivery').not.toContain(secret);
      }
    }
  });

  it('reaches a receiver built on the client webhookHandler, which verifies the form body', async () => {
    const s = sandboxServer({ config });
    const calls: unknown[] = [];
    const app = express();
    app.post('/hooks', webhookHandler({ secret: SECRET, now: () => s.timers.now(), onPayment: (p) => void calls.push(p) }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    await s.as().post('/payments', paymentBody({ webhook_url: url }));
    await s.timers.advance(5000);
    const log = await s.merchant.deliveries({});
    expect(log.map((d) => [d.event, d.status, d.ok])).toEqual([['paymentFound', 200, true], ['paymentConfirmed', 200, true]]);
    expect(calls.map((p) => (p as { transaction_status: string }).transaction_status)).toEqual(['pending_confirmation', 'paid']);
  });
});
