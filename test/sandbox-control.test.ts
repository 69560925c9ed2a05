// The sandbox control API over real HTTP on loopback, with the typed clients:
// a whole payment lifecycle on the test clock (both webhooks and all five retries of each, to a
// receiver that always fails, received for real), resets, the clock, access (S-access) and the
// rate-limit exemption (S-rate-limits).
import { createHmac } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMerchantClient, unwrap } from '../client/merchant.ts';
import { createSandboxClient } from '../client/sandbox.ts';
import { WebhookEnvelopeSchema, PaymentWebhookPayloadSchema } from '../contracts/merchant/webhooks.ts';
import type { ConfigInput } from '../server/config/config.ts';
import { testServer } from '../server/testing.ts';
import { createPaymentBody } from '../contracts/merchant/examples.ts';
import { webhookReceiver } from './sandbox-helpers.ts';

type Merchant = ReturnType<typeof createMerchantClient>;
const getPayment = (m: Merchant, id: number) => m.GET('/payments/{payment_id}', { params: { path: { payment_id: String(id) }, query: { crypto_iso: 'BTC' } } });
/** The contract's example payment without its (public) webhook_url, unless one is given. */
const paymentBody = (extra: { webhook_url?: string } = {}) => {
  const { webhook_url: _, ...fields } = createPaymentBody.payment;
  return { payment: { ...fields, amount: '10.00', ...extra } };
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function listen(config: ConfigInput = {}) {
  const { app, logs } = testServer({ config: { sandbox: { controlApi: true }, ...config } });
  const server: Server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const merchant = createMerchantClient({ baseUrl: base, apiKey: 'demo-merchant', apiSecret: 'demo-merchant-secret', retry: false });
  return { base, logs, merchant, control: createSandboxClient({ baseUrl: base }) };
}

async function receiver(statuses: number[]) {
  const r = await webhookReceiver(statuses);
  closers.push(r.close);
  return r;
}

describe('the test clock drives the payment lifecycle (S-clock)', () => {
  it('runs creation, both webhooks and all five retries of each to a failing receiver without waiting for real time', async () => {
    const s = await listen();
    const hooks = await receiver(Array(12).fill(500));
    // The validators compile their documents at the first request of each API: server start, not the lifecycle.
    await unwrap(s.merchant.GET('/transactions'));
    const before = await unwrap(s.control.GET('/clock'));
    const started = performance.now();
    const created = await unwrap(s.merchant.POST('/payments', { body: paymentBody({ webhook_url: hooks.url }) }));
    expect((await unwrap(getPayment(s.merchant, created.id))).status.blockchain_status).toBe('Pending');

    // Found at +2 s and confirmed at +5 s (M2); each webhook retried after 1, 2, 4, 8 and 16 s; the
    // payment's webhooks go out in event order: confirmed's first attempt waits until found gave up.
    const after = await unwrap(s.control.POST('/clock/advance', { body: { seconds: 70 } }));
    const wall = performance.now() - started;

    // Scheduled: found, confirmed, five retries of each webhook, and confirmed's first attempt (queued behind found's; found's runs inside its step).
    expect(after).toMatchObject({ offset_seconds: 70, pending: 0, fired: 2 + 10 + 1 });
    expect(Date.parse(after.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(70_000);
    const payment = await unwrap(getPayment(s.merchant, created.id));
    expect(payment.status.blockchain_status).toBe('Confirmed');
    expect(hooks.received).toHaveLength(12);
    const decoded = hooks.received.map((h) => {
      const env = WebhookEnvelopeSchema.parse(JSON.parse(h.body));
      const parts = Object.fromEntries(env.signature.split(',').map((kv) => kv.split('=') as [string, string]));
      expect(parts.s1).toBe(createHmac('sha256', 'demo-signing-secret').update(`${parts.t}.${env.data}`).digest('hex'));
      const p = PaymentWebhookPayloadSchema.strict().parse(JSON.parse(Buffer.from(env.data, 'base64').toString('utf8')));
      return { t: Number(parts.t), status: p.transaction_status };
    });
    // Each retry comes its backoff (1, 2, 4, 8, 16 s) after the attempt before it ended, in sandbox
    // time; an attempt's own duration (longer on a busy machine) comes on top, so gaps are at least
    // the backoff (signed times are whole seconds: one less at most), and all ran within the 70 s.
    // Confirmed's first attempt waits until found's last one is done.
    const found = decoded.filter((d) => d.status === 'pending_confirmation').map((d) => d.t);
    const confirmed = decoded.filter((d) => d.status === 'paid').map((d) => d.t);
    const gaps = (ts: number[]) => ts.slice(1).map((t, i) => t - ts[i]!);
    for (const ts of [found, confirmed]) {
      expect(ts).toHaveLength(6);
      gaps(ts).forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(2 ** i - 1));
    }
    expect(confirmed[0]!).toBeGreaterThanOrEqual(found[5]!);
    expect(confirmed[5]!).toBeLessThanOrEqual(Math.ceil(Date.parse(after.now) / 1000));
    // The test clock ran it, not real time, which would have taken 64 s (no speed target here: bench/).
    expect(wall).toBeLessThan(30_000);
  });

  it('fires nothing before it is due, and the payment is found once the clock reaches +2 s', async () => {
    const s = await listen();
    const created = await unwrap(s.merchant.POST('/payments', { body: paymentBody() }));
    expect(await unwrap(s.control.POST('/clock/advance', { body: { seconds: 1 } }))).toMatchObject({ fired: 0, offset_seconds: 1 });
    expect((await unwrap(getPayment(s.merchant, created.id))).status.blockchain_status).toBe('Pending');
    expect(await unwrap(s.control.POST('/clock/advance', { body: { seconds: 1 } }))).toMatchObject({ fired: 1, offset_seconds: 2 });
    expect((await unwrap(getPayment(s.merchant, created.id))).status.blockchain_status).toBe('Paid');
  });
});

describe('resets', () => {
  it('reset of one merchant removes its records only; reset of everything empties the sandbox and the clock', async () => {
    const s = await listen();
    const other = createMerchantClient({ baseUrl: s.base, apiKey: 'demo-merchant-norefund', apiSecret: 'demo-merchant-norefund-secret' });
    const mine = await unwrap(s.merchant.POST('/payments', { body: paymentBody() }));
    const theirs = await unwrap(other.POST('/payments', { body: paymentBody() }));
    await unwrap(s.control.POST('/clock/advance', { body: { seconds: 10 } }));
    expect(await unwrap(s.control.POST('/merchants/{api_key}/reset', { params: { path: { api_key: 'demo-merchant' } } }))).toEqual({
      scope: 'merchant', merchant: 'demo-merchant', removed: 2, records: { 'merchant.payments': 1, 'merchant.transactions': 1 },
    });
    expect((await getPayment(s.merchant, mine.id)).response.status).toBe(404);
    expect((await unwrap(getPayment(other, theirs.id))).id).toBe(theirs.id);

    // Everything: what is left is the other merchant's payment and transaction.
    expect(await unwrap(s.control.POST('/reset'))).toEqual({ scope: 'all', removed: 2, records: { 'merchant.payments': 1, 'merchant.transactions': 1 } });
    expect((await getPayment(other, theirs.id)).response.status).toBe(404);
    expect(await unwrap(s.control.GET('/clock'))).toMatchObject({ offset_seconds: 0, pending: 0 });
    const unknown = await s.control.POST('/merchants/{api_key}/reset', { params: { path: { api_key: 'nobody' } } });
    expect(unknown.response.status).toBe(404);
  });
});

describe('access (S-where, S-access)', () => {
  it('is absent unless configured, refuses live keys and wrong secrets, takes a sandbox key', async () => {
    const off = await listen({ sandbox: { controlApi: false } });
    expect((await fetch(`${off.base}/sandbox/v1/clock`)).status).toBe(404);

    const s = await listen({
      merchant: {
        keys: [
          { apiKey: 'live-key', secret: 'live-secret', sandbox: false, permissions: [], hostedPaymentIds: [1], webhookSigningSecret: 'x', webhookEncoding: 'json' },
          { apiKey: 'demo-merchant', secret: 'demo-merchant-secret', sandbox: true, permissions: [], hostedPaymentIds: [1], webhookSigningSecret: 'x', webhookEncoding: 'json' },
        ],
      },
    });
    const as = (u: string, p: string) => createSandboxClient({ baseUrl: s.base, username: u, password: p }).GET('/clock');
    const live = await as('live-key', 'live-secret');
    expect(live.response.status).toBe(401);
    expect(live.error).toMatchObject({ code: '1001' });
    expect((await as('demo-merchant', 'wrong')).response.status).toBe(401);
    expect((await as('demo-merchant', 'demo-merchant-secret')).response.status).toBe(200);
  });
});

describe('rate-limit exemption (S-rate-limits)', () => {
  it('lets sandbox keys past the limit while on, and counts them again when off', async () => {
    const s = await listen({ rateLimit: { enabled: true, merchant: { limit: 2, windowMs: 60_000, banMs: 0 } } });
    const list = () => s.merchant.GET('/transactions').then((r) => r.response.status);
    expect(await unwrap(s.control.POST('/rate-limits', { body: { sandbox_keys_exempt: true } }))).toEqual({ sandbox_keys_exempt: true });
    const exempt = await Promise.all(Array.from({ length: 5 }, list));
    expect(exempt).toEqual([200, 200, 200, 200, 200]);
    await unwrap(s.control.POST('/rate-limits', { body: { sandbox_keys_exempt: false } }));
    expect([await list(), await list(), await list()]).toEqual([200, 200, 429]);
    expect(await unwrap(s.control.GET('/rate-limits'))).toEqual({ sandbox_keys_exempt: false });
  });
});

describe('docs pages name the address they are served from (#18 point 6)', () => {
  it('a sandbox on another port shows its own origin, never 127.0.0.1:8080', async () => {
    const s = await listen();
    for (const page of ['/docs/', '/docs/merchant']) {
      const html = await (await fetch(`${s.base}${page}`)).text();
      expect(html).toContain(s.base);
      expect(html).not.toContain('http://127.0.0.1:8080');
    }
  });
});

describe('Prefer: code=<status> reaches every declared answer (S-prefer)', () => {
  it('answers a declared status with its example body and headers, refuses an undeclared one, and is inert without the control API', async () => {
    const s = await listen();
    const auth = `Basic ${Buffer.from('demo-merchant:demo-merchant-secret').toString('base64')}`;
    const post = (base: string, prefer: string) =>
      fetch(`${base}/merchant/v2/payments`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json', prefer }, body: JSON.stringify(paymentBody()) });
    const busy = await post(s.base, 'code=503');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(await busy.json()).toEqual({ title: 'Service Unavailable', code: '1006', details: 'Service under maintenance' });
    // The 409 of an Idempotency-Key still running is declared on every merchant POST, with its example.
    const conflict = await post(s.base, 'code=409');
    expect(conflict.status).toBe(409);
    expect(conflict.headers.get('retry-after')).toBe('1');
    expect(await conflict.json()).toEqual({ title: 'Conflict', code: '1012', details: 'A request with this Idempotency-Key is still running; retry to get its answer' });
    const undeclared = await post(s.base, 'code=418');
    expect(undeclared.status).toBe(422);
    expect(await undeclared.json()).toMatchObject({ code: '1002', source: [{ Prefer: expect.stringContaining('code=418 is not a status this operation declares') }] });
    const markets = await fetch(`${s.base}/api/v1/markets`, { headers: { prefer: 'code=500' } });
    expect(markets.status).toBe(500);
    expect(await markets.json()).toEqual({ error: { code: 1005, message: 'Internal server error' } });

    const off = await listen({ sandbox: { controlApi: false } });
    expect((await post(off.base, 'code=503')).status).toBe(201);
  });
});
