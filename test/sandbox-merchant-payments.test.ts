// The merchant sandbox through HTTP, response validation on: payments and their lifecycle (M2),
// signed webhooks received by a real local receiver and verified with an HMAC computed here (M3),
// retries, widget payments, and the errors of M1, M3 and M5.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentSchema, WidgetPaymentSchema } from '../contracts/merchant/payments.ts';
import { PaymentWebhookPayloadSchema, WebhookEnvelopeSchema } from '../contracts/merchant/webhooks.ts';
import { START, paymentBody, sandboxServer, webhookReceiver, type Received } from './sandbox-helpers.ts';

const SECRET = 'demo-signing-secret';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function receiver(statuses: number[] = []) {
  const r = await webhookReceiver(statuses);
  closers.push(r.close);
  return r;
}

/** Verifies a received webhook the way a merchant would, with node:crypto only, and decodes it. */
function verified(hook: Received, nowSec: number) {
  expect(hook.headers['content-type']).toMatch(/^application\/json/);
  const envelope = WebhookEnvelopeSchema.parse(JSON.parse(hook.body));
  const parts = Object.fromEntries(envelope.signature.split(',').map((kv) => kv.split('=') as [string, string]));
  const t = Number(parts.t);
  const expected = createHmac('sha256', SECRET).update(`${t}.${envelope.data}`).digest('hex');
  expect(timingSafeEqual(Buffer.from(expected), Buffer.from(parts.s1!))).toBe(true);
  expect(Math.abs(nowSec - t)).toBeLessThanOrEqual(300);
  return PaymentWebhookPayloadSchema.strict().parse(JSON.parse(Buffer.from(envelope.data, 'base64').toString('utf8')));
}

describe('sandbox payment lifecycle (M2) with signed webhooks (M3)', () => {
  it.each([
    ['10.00', 'paid', '0.00025', '0.00025'],
    ['100', 'overpaid', '0.0025', '0.00275'],
    ['200', 'underpaid', '0.005', '0.0045'],
  ] as const)('amount %s ends %s, with both webhooks signed and received', async (amount, outcome, due, received) => {
    const s = sandboxServer();
    const hooks = await receiver();
    const created = await s.as().post('/payments', paymentBody({ amount, invoice_number: `INV${amount.replace('.', '')}`, webhook_url: hooks.url }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      amount, amount_due: due, amount_received: '0', txid: '', exchange_rate: '40000.00', exchange_rate_currency: 'USD',
      status: { blockchain_status: 'Pending', transaction_status: null },
      crypto_address_info: { iso: 'BTC', start_timestamp: START / 1000, expires_timestamp: START / 1000 + 300 },
    });
    const id = created.body.id as number;
    const get = () => s.as().get(`/payments/${id}?crypto_iso=BTC`);

    await s.timers.advance(1999);
    expect(hooks.received).toHaveLength(0);
    await s.timers.advance(1);
    expect(hooks.received).toHaveLength(1);
    const first = verified(hooks.received[0]!, s.timers.now() / 1000);
    expect(first).toMatchObject({
      payment_id: id, external_id: 'order-1', amount_due: due, amount_received: received, exchange_rate: '40000.00',
      exchange_rate_currency: 'USD', transaction_currency: 'BTC', transaction_status: 'pending_confirmation',
      blockchain_transactions: [{ id: 1, status: 'Paid', amount_received: received, find_time: new Date(START + 2000).toISOString() }],
    });
    expect((await get()).body).toMatchObject({ status: { blockchain_status: 'Paid', transaction_status: 'pending_confirmation' }, amount_received: received, txid: first.txid });

    await s.timers.advance(2999);
    expect(hooks.received).toHaveLength(1);
    await s.timers.advance(1);
    expect(hooks.received).toHaveLength(2);
    const second = verified(hooks.received[1]!, s.timers.now() / 1000);
    expect(second).toMatchObject({ payment_id: id, transaction_id: first.transaction_id, txid: first.txid, transaction_status: outcome });
    expect(second.blockchain_transactions[0]!.status).toBe('Confirmed');
    expect((await get()).body.status).toEqual({ blockchain_status: 'Confirmed', transaction_status: outcome });

    const tx = await s.as().get(`/transactions/${first.transaction_id}`);
    expect(tx.body).toMatchObject({ status: outcome, is_sandbox: true, amount_received: received, txid: first.txid, currency: 'BTC' });
    const log = await s.merchant.deliveries({ merchant: 'demo-merchant' });
    expect(log.map((d) => [d.event, d.attempt, d.status, d.ok])).toEqual([['paymentFound', 1, 200, true], ['paymentConfirmed', 1, 200, true]]);
  });

  it('retries a receiver that fails twice: three attempts in the delivery log, the third acknowledged', async () => {
    const s = sandboxServer({ config: { merchant: { sandbox: { foundAfterMs: 2000, confirmedAfterMs: 60_000 } } } });
    const hooks = await receiver([500, 503]);
    await s.as().post('/payments', paymentBody({ webhook_url: hooks.url }));
    await s.timers.advance(2000);
    await s.timers.advance(1000);
    await s.timers.advance(2000);
    expect(hooks.received).toHaveLength(3);
    const found = await s.merchant.deliveries({ event: 'paymentFound' });
    expect(found.map((d) => [d.attempt, d.status, d.ok, d.at - START])).toEqual([[1, 500, false, 2000], [2, 503, false, 3000], [3, 200, true, 5000]]);
    expect(new Set(found.map((d) => d.webhook_id)).size).toBe(1);
    // Same data bytes every time, each attempt signed with its own t.
    const envelopes = hooks.received.map((h) => WebhookEnvelopeSchema.parse(JSON.parse(h.body)));
    expect(new Set(envelopes.map((e) => e.data)).size).toBe(1);
    expect(envelopes.map((e) => e.signature.split(',')[0])).toEqual([`t=${START / 1000 + 2}`, `t=${START / 1000 + 3}`, `t=${START / 1000 + 5}`]);
    // The confirmation is delivered at once, with a webhook id of its own.
    await s.timers.advance(55_000);
    expect(await s.merchant.deliveries({ event: 'paymentConfirmed' })).toMatchObject([{ attempt: 1, ok: true, at: START + 60_000 }]);
    expect(hooks.received).toHaveLength(4);
  });

  it('follows configured timings, and sends nothing without a webhook_url', async () => {
    const s = sandboxServer({ config: { merchant: { sandbox: { foundAfterMs: 100, confirmedAfterMs: 250 } } } });
    const created = await s.as().post('/payments', paymentBody());
    await s.timers.advance(100);
    expect((await s.as().get(`/payments/${created.body.id}?crypto_iso=BTC`)).body.status.blockchain_status).toBe('Paid');
    await s.timers.advance(150);
    expect((await s.as().get(`/payments/${created.body.id}?crypto_iso=BTC`)).body.status.blockchain_status).toBe('Confirmed');
    expect(await s.merchant.deliveries()).toEqual([]);
  });

  it('shows Expired when the five-minute window passes with nothing found, and stays Expired when funds arrive later (M-expired)', async () => {
    const s = sandboxServer({ config: { merchant: { sandbox: { foundAfterMs: 400_000, confirmedAfterMs: 500_000 } } } });
    const { body } = await s.as().post('/payments', paymentBody());
    await s.timers.advance(300_000);
    expect((await s.as().get(`/payments/${body.id}?crypto_iso=BTC`)).body.status).toEqual({ blockchain_status: 'Expired', transaction_status: null });
    await s.timers.advance(200_000);
    const late = (await s.as().get(`/payments/${body.id}?crypto_iso=BTC`)).body;
    expect([late.status, late.amount_received]).toEqual([{ blockchain_status: 'Expired', transaction_status: null }, late.amount_due]);
  });
});

describe('payment addresses and amounts', () => {
  it('gives XRP a destination tag and X-address, BCH a cash address, USDT the address of its network', async () => {
    const s = sandboxServer();
    const xrp = await s.as().post('/payments', paymentBody({ crypto_iso: 'XRP', invoice_number: 'X1', amount: '7' }));
    expect(xrp.body).toMatchObject({ amount_due: '14', exchange_rate: '0.5000', crypto_address_info: { iso: 'XRP', destination_tag: String(xrp.body.id) } });
    expect(xrp.body.crypto_address_info.address).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
    expect(xrp.body.crypto_address_info.xaddress).toMatch(/^X[1-9A-HJ-NP-Za-km-z]{46}$/);
    const bch = await s.as().post('/payments', paymentBody({ crypto_iso: 'BCH', invoice_number: 'B1', currency_iso: 'CAD' }));
    expect(bch.body).toMatchObject({ exchange_rate: '337.50', exchange_rate_currency: 'CAD', amount_due: '0.02962963' });
    expect(bch.body.crypto_address_info.cash_address).toMatch(/^bitcoincash:q[02-9ac-hj-np-z]{41}$/);
    expect(bch.body.crypto_address_info).not.toHaveProperty('xaddress');
    const trc = await s.as().post('/payments', paymentBody({ crypto_iso: 'USDT', network_type: 'TRC-20', invoice_number: 'U1' }));
    expect(trc.body.crypto_address_info.address).toMatch(/^T/);
    const erc = await s.as().post('/payments', paymentBody({ crypto_iso: 'USDT', invoice_number: 'U2' }));
    expect(erc.body.crypto_address_info.address).toMatch(/^0x[0-9a-f]{40}$/);
    const eth = await s.as().post('/payments', paymentBody({ crypto_iso: 'ETH', invoice_number: 'E1', amount: '1', currency_iso: 'EUR' }));
    expect(eth.body.amount_due).toBe('0.000434782608695653');
    for (const r of [xrp, bch, trc, erc, eth]) PaymentSchema.parse(r.body);
  });

  it('answers 404 for an unknown payment, another merchant\'s payment, or the wrong crypto_iso', async () => {
    const s = sandboxServer();
    const { body } = await s.as().post('/payments', paymentBody());
    expect((await s.as().get(`/payments/${body.id}?crypto_iso=ETH`)).status).toBe(404);
    expect((await s.as().get('/payments/999999?crypto_iso=BTC')).body).toMatchObject({ code: '1004' });
    expect((await s.as().get('/payments/abc?crypto_iso=BTC')).status).toBe(404);
    expect((await s.as('demo-merchant-norefund').get(`/payments/${body.id}?crypto_iso=BTC`)).status).toBe(404);
  });
});

describe('payment errors', () => {
  it('M1: an unknown crypto_iso is 422 code 2004 naming the field', async () => {
    const s = sandboxServer();
    const r = await s.as().post('/payments', paymentBody({ crypto_iso: 'DOGE' }));
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: '2004', title: 'Invalid currency type' });
    expect(Object.keys(r.body.source[0])).toEqual(['payment.crypto_iso']);
    const q = await s.as().get('/payments/1001?crypto_iso=DOGE');
    expect(q.body).toMatchObject({ code: '2004', source: [{ crypto_iso: expect.any(String) }] });
  });

  it('M5: the same invoice_number cannot create a second payment, widget payment or invoice', async () => {
    const s = sandboxServer();
    expect((await s.as().post('/payments', paymentBody({ invoice_number: 'DUP1' }))).status).toBe(201);
    const again = await s.as().post('/payments', paymentBody({ invoice_number: 'DUP1', external_id: 'other' }));
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: '2001', source: [{ 'payment.invoice_number': 'has already been taken' }] });
    const widget = await s.as().post('/widget_payments', { amount: '5', external_id: 'w', hosted_payment_id: 1, first_name: 'A', last_name: 'B', email: 'a@b.co', invoice_number: 'DUP1' });
    expect(widget.body).toMatchObject({ code: '2001', source: [{ invoice_number: 'has already been taken' }] });
    // Another merchant may use the same number.
    expect((await s.as('demo-merchant-norefund').post('/payments', paymentBody({ invoice_number: 'DUP1' }))).status).toBe(201);
    expect(await s.as().get('/transactions?invoice_number=DUP1').then((r) => r.body.transactions.length)).toBe(1);
  });

  it('M3: webhook targets must be https; sandbox keys may use http on loopback only', async () => {
    const s = sandboxServer();
    const bad = await s.as().post('/payments', paymentBody({ webhook_url: 'http://hooks.example.com/x' }));
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: '1002', source: [{ 'payment.webhook_url': expect.stringMatching(/https/) }] });
    for (const [n, url] of ['https://hooks.example.com/x', 'http://127.0.0.1:9/x', 'http://localhost:9/x'].entries()) {
      expect((await s.as().post('/payments', paymentBody({ webhook_url: url, invoice_number: `OK${n}` }))).status).toBe(201);
    }
    const w = await s.as().post('/widget_payments', { amount: '5', external_id: 'w', hosted_payment_id: 1, first_name: 'A', last_name: 'B', email: 'a@b.co', webhook_url: 'http://10.0.0.1/x' });
    expect(w.body).toMatchObject({ code: '1002', source: [{ webhook_url: expect.any(String) }] });
  });

  it('refuses an amount of zero and a malformed body part with 422 naming the field', async () => {
    const s = sandboxServer();
    // The contract's pattern states "greater than 0", so the validator answers before the handler.
    const zero = await s.as().post('/payments', paymentBody({ amount: '0.00' }));
    expect([zero.status, zero.body.code, Object.keys(zero.body.source[0])]).toEqual([422, '1002', ['payment.amount']]);
    const r = await s.as().post('/payments', paymentBody({ email: 'nope' }));
    expect(r.body).toMatchObject({ code: '1002', source: [{ 'payment.email': expect.any(String) }] });
  });
});

describe('widget payments', () => {
  const widget = (o: Record<string, unknown> = {}) => ({
    amount: '25.00', external_id: 'order-2001', hosted_payment_id: 1, first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', ...o,
  });

  it('answers 200 with an id and a token naming the widget payment', async () => {
    const s = sandboxServer();
    const r = await s.as().post('/widget_payments', widget({ crypto_currency_iso: 'BTC', callback_url: 'https://shop.example.com/paid' }));
    expect(r.status).toBe(200);
    WidgetPaymentSchema.parse(r.body);
    expect(r.body).toMatchObject({ status: 200, id: 5001 });
    expect(JSON.parse(Buffer.from(r.body.token, 'base64url').toString('utf8'))).toMatchObject({ widget: 5001 });
    const second = await s.as().post('/widget_payments', widget());
    expect(second.body.id).toBe(5002);
    expect(second.body.token).not.toBe(r.body.token);
    const stored = await s.merchant.store.widgetPayments.get(5001);
    expect(stored).toMatchObject({ crypto: 'BTC', invoice_number: expect.stringMatching(/^WP[A-Z0-9]+$/) });
  });

  it('answers an unknown crypto_currency_iso with 2004 naming it (M1)', async () => {
    const s = sandboxServer();
    const r = await s.as().post('/widget_payments', widget({ crypto_currency_iso: 'DOGE' }));
    expect([r.status, r.body.code, r.body.title]).toEqual([422, '2004', 'Invalid currency type']);
    expect(r.body.source).toEqual([{ crypto_currency_iso: expect.stringMatching(/^must be equal to one of the allowed values/) }]);
  });

  it('answers 422 naming hosted_payment_id for a plugin the account does not have', async () => {
    const s = sandboxServer();
    const r = await s.as().post('/widget_payments', widget({ hosted_payment_id: 2 }));
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: '1002', source: [{ hosted_payment_id: expect.stringMatching(/not a hosted payment plugin/) }] });
  });
});
