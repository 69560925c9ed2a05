// Refunds of the merchant sandbox through HTTP, response validation on: permission, M4 (amount cap,
// expires_in range), https targets, e-mail-link and instant refunds with their lifecycle and the
// signed refundProcessed webhook (delivered through an injected transport: refund targets must be
// https, which a local test receiver is not).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POSITIVE_FIAT_PATTERN } from '../contracts/shared/primitives.ts';
import { InstantRefundSchema, RefundSchema } from '../contracts/merchant/refunds.ts';
import { RefundWebhookPayloadSchema, WebhookEnvelopeSchema } from '../contracts/merchant/webhooks.ts';
import type { WebhookTransport } from '../server/merchant/reference/index.ts';
import { START, paymentBody, sandboxServer } from './sandbox-helpers.ts';

const HOUR = 3_600_000;
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

async function setup(opts: { amount?: string; crypto?: string; manual?: boolean; timings?: { foundAfterMs: number; confirmedAfterMs: number } } = {}) {
  const sent: { url: string; body: string }[] = [];
  const transport: WebhookTransport = async (url, body) => {
    sent.push({ url, body });
    return { status: 200 };
  };
  const s = sandboxServer({
    merchant: { transport, ...(opts.manual ? { accounts: { 'demo-merchant': { settlement_method: 'manual' } } } : {}) },
    ...(opts.timings ? { config: { merchant: { sandbox: opts.timings } } } : {}),
  });
  const p = await s.as().post('/payments', paymentBody({ amount: opts.amount ?? '10.00', crypto_iso: opts.crypto ?? 'BTC' }));
  const txId = (await s.merchant.store.payments.get(p.body.id))!.transaction_id;
  await s.timers.advance(5000);
  return { s, sent, txId, paymentId: p.body.id as number };
}

const emailRefund = (o: Record<string, unknown> = {}) => ({ email: 'jane@example.com', amount_to_refund_fiat: '4.00', ...o });

describe('e-mail-link refunds', () => {
  it('need the Refund Create permission (401 code 1003)', async () => {
    const { s, txId } = await setup();
    const r = await s.as('demo-merchant-norefund').post(`/transactions/${txId}/refunds`, emailRefund());
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: '1003', title: 'Permission denied' });
    const i = await s.as('demo-merchant-norefund').post('/transactions/instant_refund', { id: txId, refund_full_amount: true, address: BTC_ADDRESS });
    expect(i.body).toMatchObject({ code: '1003' });
  });

  it('take expires_in from 12 to 336 hours, default 24', async () => {
    const { s, txId } = await setup();
    for (const bad of [11, 337]) {
      const r = await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ expires_in: bad, amount_to_refund_fiat: '1.00' }));
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ code: '1002', source: [{ expires_in: expect.any(String) }] });
    }
    const byDefault = await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ amount_to_refund_fiat: '1.00' }));
    expect(byDefault.status).toBe(201);
    expect(Date.parse(byDefault.body.expires_at) - Date.parse(byDefault.body.created_at)).toBe(24 * HOUR);
    for (const ok of [12, 336]) {
      const r = await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ expires_in: ok, amount_to_refund_fiat: '1.00' }));
      expect(Date.parse(r.body.expires_at) - Date.parse(r.body.created_at)).toBe(ok * HOUR);
    }
  });

  it('need an https webhook_url, for sandbox keys too', async () => {
    const { s, txId } = await setup();
    for (const url of ['http://127.0.0.1:9/hooks', 'http://hooks.example.com/x']) {
      const r = await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ webhook_url: url }));
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ source: [{ webhook_url: expect.any(String) }] });
    }
  });

  it('M4: together cannot exceed what was received (422 code 2002); instant settlement counts in fiat', async () => {
    const { s, txId } = await setup();
    const first = await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ amount_to_refund_fiat: '6.00' }));
    expect(first.status).toBe(201);
    RefundSchema.parse(first.body);
    const over = await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ amount_to_refund_fiat: '4.01' }));
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: '2002', title: 'Refund not allowed', source: [{ amount_to_refund_fiat: 'exceeds what is left to refund: 4.00 USD' }] });
    expect((await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ amount_to_refund_fiat: '4.00' }))).status).toBe(201);
    expect((await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ amount_to_refund_fiat: '0.01' }))).body.code).toBe('2002');
    // The amount field of the other settlement method is not enough.
    const wrongField = await s.as().post(`/transactions/${txId}/refunds`, { email: 'jane@example.com', amount_to_refund: '0.0001' });
    expect(wrongField.body).toMatchObject({ code: '1002', source: [{ amount_to_refund_fiat: 'is required for instant-settlement transactions' }] });
  });

  it('refuse an amount with more decimal places than its unit (it would be stored rounded: to nothing, or to more than asked)', async () => {
    const { s, txId } = await setup();
    for (const amount of ['0.001', '0.005', '1.999']) {
      const r = await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ amount_to_refund_fiat: amount }));
      // The document states the 2 decimal places of a fiat amount (M-sizes): the pattern refuses it.
      const fiat = [{ amount_to_refund_fiat: `must match pattern "${POSITIVE_FIAT_PATTERN}"` }];
      expect([r.status, r.body.code, r.body.source]).toEqual([422, '1002', fiat]);
      const i = await s.as().post('/transactions/instant_refund', { id: txId, address: BTC_ADDRESS, amount_to_refund_fiat: amount });
      expect(i.body.source).toEqual(fiat);
    }
    const manual = await setup({ manual: true });
    const r = await manual.s.as().post(`/transactions/${manual.txId}/refunds`, { email: 'jane@example.com', amount_to_refund: '0.000000001' });
    expect([r.status, r.body.source]).toEqual([422, [{ amount_to_refund: 'must have at most 8 decimal places (BTC)' }]]);
    expect((await manual.s.as().post(`/transactions/${manual.txId}/refunds`, { email: 'jane@example.com', amount_to_refund: '0.00000001' })).status).toBe(201);
  });

  it('M4 with manual settlement: the crypto amount is required and capped by what was received', async () => {
    const { s, txId } = await setup({ manual: true });
    const fiatOnly = await s.as().post(`/transactions/${txId}/refunds`, emailRefund());
    expect(fiatOnly.body).toMatchObject({ source: [{ amount_to_refund: expect.stringMatching(/required/) }] });
    const ok = await s.as().post(`/transactions/${txId}/refunds`, { email: 'jane@example.com', amount_to_refund: '0.0002' });
    expect(ok.body).toMatchObject({ amount_to_refund: '0.0002', amount_to_refund_fiat: '8.00', transaction_fees: '0.00001' });
    const over = await s.as().post(`/transactions/${txId}/refunds`, { email: 'jane@example.com', amount_to_refund: '0.00005001' });
    expect(over.body).toMatchObject({ code: '2002', source: [{ amount_to_refund: 'exceeds what is left to refund: 0.00005000 BTC' }] });
  });

  it('refuses transactions not yet confirmed (2002) and unknown ones (404)', async () => {
    const { s } = await setup();
    const p = await s.as().post('/payments', paymentBody({ invoice_number: 'LATER' }));
    const txId = (await s.merchant.store.payments.get(p.body.id))!.transaction_id;
    const r = await s.as().post(`/transactions/${txId}/refunds`, emailRefund());
    expect(r.body).toMatchObject({ code: '2002', source: [{ transaction_id: expect.stringMatching(/not been confirmed/) }] });
    expect((await s.as().post('/transactions/99999/refunds', emailRefund())).status).toBe(404);
    expect((await s.as().get('/transactions/99999/refunds')).status).toBe(404);
    expect((await s.as().get('/refunds/99999')).body).toMatchObject({ code: '1004' });
  });

  it('are opened, then refunded with a txid, and announce it once with a signed refundProcessed webhook', async () => {
    const { s, sent, txId } = await setup();
    const url = 'https://merchant.example.com/hooks/refunds';
    const created = await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ webhook_url: url, send_email: true }));
    expect(created.body).toMatchObject({
      id: 9001, status: 'pending', amount_to_refund: null, amount_to_refund_fiat: '4.00', txid: null, transaction_fees: '0.40',
      email: 'jane@example.com', webhook_url: url, url: 'https://portal.example.com/refunds/9001', created_at: new Date(START + 5000).toISOString(),
    });
    await s.timers.advance(2000);
    expect((await s.as().get('/refunds/9001')).body.status).toBe('email_opened');
    await s.timers.advance(3000);
    const done = (await s.as().get('/refunds/9001')).body;
    expect(done).toMatchObject({ status: 'refunded', amount_to_refund: '0.0001', txid: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await s.as().get(`/transactions/${txId}/refunds`)).body).toEqual({ refunds: [done] });

    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(url);
    const env = WebhookEnvelopeSchema.parse(JSON.parse(sent[0]!.body));
    const [t, s1] = env.signature.split(',').map((p) => p.split('=')[1]!);
    expect(s1).toBe(createHmac('sha256', 'demo-signing-secret').update(`${t}.${env.data}`).digest('hex'));
    const payload = RefundWebhookPayloadSchema.strict().parse(JSON.parse(Buffer.from(env.data, 'base64').toString('utf8')));
    const { id, ...rest } = done;
    expect(payload).toEqual({ id: String(id), ...rest, currency_iso: 'BTC', sandbox_mode: true });

    await s.timers.runAll();
    expect(sent).toHaveLength(1);
  });

  it('are cancelled when nobody answers before expires_at, which frees their amount', async () => {
    // Refunds are sent confirmedAfterMs after creation: make that longer than the shortest expiry.
    const { s, sent, txId } = await setup({ timings: { foundAfterMs: 2000, confirmedAfterMs: 13 * HOUR } });
    await s.timers.advance(13 * HOUR);
    expect((await s.as().get(`/transactions/${txId}`)).body.status).toBe('paid');
    const r = await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ amount_to_refund_fiat: '10.00', expires_in: 12, webhook_url: 'https://m.example.com/r' }));
    expect((await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ amount_to_refund_fiat: '1.00' }))).body.code).toBe('2002');
    await s.timers.advance(12 * HOUR);
    expect((await s.as().get(`/refunds/${r.body.id}`)).body.status).toBe('cancelled');
    expect(JSON.parse(Buffer.from(JSON.parse(sent.at(-1)!.body).data, 'base64').toString())).toMatchObject({ id: String(r.body.id), status: 'cancelled' });
    expect((await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ amount_to_refund_fiat: '10.00' }))).status).toBe(201);
  });
});

describe('instant refunds', () => {
  it('check the address against the transaction currency', async () => {
    const { s, txId } = await setup();
    for (const address of ['0x52908400098527886E0F7030069857D2E4169EE7', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'hello']) {
      const r = await s.as().post('/transactions/instant_refund', { id: txId, amount_to_refund_fiat: '1.00', address });
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ code: '1002', source: [{ address: expect.stringMatching(/^must be a Bitcoin address/) }] });
    }
    const tag = await s.as().post('/transactions/instant_refund', { id: txId, amount_to_refund_fiat: '1.00', address: BTC_ADDRESS, destination_tag: '5' });
    expect(tag.body).toMatchObject({ source: [{ destination_tag: 'is only for XRP' }] });
    const unknown = await s.as().post('/transactions/instant_refund', { id: 99999, amount_to_refund_fiat: '1.00', address: BTC_ADDRESS });
    expect(unknown.body).toMatchObject({ code: '1002', source: [{ id: 'no transaction 99999' }] });
  });

  it('create a refund transaction, become refunded on the blockchain, and are readable as refunds', async () => {
    const { s, sent, txId } = await setup();
    const r = await s.as().post('/transactions/instant_refund', { id: txId, amount_to_refund_fiat: '2.50', address: BTC_ADDRESS, webhook_url: 'https://m.example.com/r' });
    expect(r.status).toBe(201);
    InstantRefundSchema.parse(r.body);
    expect(r.body).toMatchObject({ refund_id: 9001, amount_to_refund: null, amount_to_refund_fiat: '2.50', status: 'pending', blockchain_txid: null });
    const sending = await s.as().get(`/transactions/${r.body.transaction_id}`);
    expect(sending.body).toMatchObject({ status: null, amount_due: '0.0000625', description: `Instant refund of transaction ${txId}`, is_sandbox: true });
    await s.timers.advance(5000);
    const refund = (await s.as().get('/refunds/9001')).body;
    expect(refund).toMatchObject({ status: 'refunded', amount_to_refund: '0.0000625', email: 'jane@example.com', expires_at: refund.created_at });
    expect((await s.as().get(`/transactions/${r.body.transaction_id}`)).body).toMatchObject({ status: 'paid', amount_received: '0.0000625', txid: refund.txid });
    expect(JSON.parse(Buffer.from(JSON.parse(sent[0]!.body).data, 'base64').toString())).toMatchObject({ id: '9001', status: 'refunded', txid: refund.txid });
    expect((await s.as().get(`/transactions/${txId}/refunds`)).body.refunds.map((x: { id: number }) => x.id)).toEqual([9001]);
  });

  it('refund_full_amount refunds everything left, after which nothing is', async () => {
    const { s, txId } = await setup();
    await s.as().post(`/transactions/${txId}/refunds`, emailRefund({ amount_to_refund_fiat: '3.00' }));
    const full = await s.as().post('/transactions/instant_refund', { id: txId, refund_full_amount: true, address: BTC_ADDRESS });
    expect(full.body).toMatchObject({ amount_to_refund_fiat: '7.00' });
    const again = await s.as().post('/transactions/instant_refund', { id: txId, refund_full_amount: true, address: BTC_ADDRESS });
    expect(again.body).toMatchObject({ code: '2002', source: [{ refund_full_amount: 'nothing is left to refund' }] });
    const both = await s.as().post('/transactions/instant_refund', { id: txId, refund_full_amount: true, amount_to_refund_fiat: '1.00', address: BTC_ADDRESS });
    expect(both.status).toBe(422);
    // A refund transaction cannot itself be refunded.
    const ofRefund = await s.as().post('/transactions/instant_refund', { id: full.body.transaction_id, refund_full_amount: true, address: BTC_ADDRESS });
    expect(ofRefund.body).toMatchObject({ code: '2002', source: [{ id: expect.stringMatching(/refund transaction/) }] });
  });

  it('take an XRP destination tag, checked against an X-address', async () => {
    const { s, txId } = await setup({ crypto: 'XRP' });
    const classic = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
    const ok = await s.as().post('/transactions/instant_refund', { id: txId, amount_to_refund_fiat: '1.00', address: classic, destination_tag: '12345' });
    expect(ok.status).toBe(201);
    expect((await s.merchant.store.refunds.get(ok.body.refund_id))).toMatchObject({ address: classic, destination_tag: '12345', currency: 'XRP' });
    const badTag = await s.as().post('/transactions/instant_refund', { id: txId, amount_to_refund_fiat: '1.00', address: classic, destination_tag: '4294967296' });
    expect(badTag.body).toMatchObject({ source: [{ destination_tag: expect.any(String) }] });
    const mismatch = await s.as().post('/transactions/instant_refund', {
      id: txId, amount_to_refund_fiat: '1.00', address: 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu', destination_tag: '2',
    });
    expect(mismatch.body).toMatchObject({ source: [{ destination_tag: 'differs from the tag 1 of the X-address' }] });
  });
});
