// The merchant client against the reference sandbox over HTTP (response validation on): every
// operation of the merchant document at least once, the payment lifecycle (M2) with its signed
// webhooks received by the client's webhookHandler (verified, typed, deduplicated), refunds and
// their webhook, payouts, pagination, and the typed errors of M1.
import { afterEach, describe, expect, it } from 'vitest';
import { merchantOperations } from '../contracts/merchant/operations.ts';
import { createInvoiceBody, createRecipientBody, createWidgetPaymentBody, createPaymentBody } from '../contracts/merchant/examples.ts';
import { MerchantApiError, paginateTransactions, unwrap } from '../client/index.ts';
import { called, e2e, operationsOf, rejection, type E2E } from './client-e2e-helpers.ts';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
let s: E2E;
afterEach(async () => {
  const done = s as E2E | undefined;
  if (!done) return; // the coverage test starts no server
  s = undefined as unknown as E2E;
  expect(done.logs.splice(0)).toEqual([]); // no 500 (a response breaking its schema) went unnoticed
  await done.close();
});


/** A sandbox payment of `amount`, found and confirmed (5 s of sandbox time), its webhooks delivered. */
async function paidPayment(amount = '10.00', invoice = 'INVE2E1') {
  const m = s.merchantClient();
  const created = await unwrap(m.POST('/payments', { body: { payment: { ...createPaymentBody.payment, amount, invoice_number: invoice, webhook_url: s.hookUrl } } }));
  await s.timers.advance(5000);
  return { m, created };
}

describe('merchant client end to end', () => {
  it('runs the payment lifecycle; the webhooks arrive verified, typed and once', async () => {
    s = await e2e();
    const { m, created } = await paidPayment();
    expect(created).toMatchObject({ amount: '10.00', status: { blockchain_status: 'Pending', transaction_status: null } });
    const payment = await unwrap(m.GET('/payments/{payment_id}', { params: { path: { payment_id: String(created.id) }, query: { crypto_iso: 'BTC' } } }));
    expect(payment.status).toEqual({ blockchain_status: 'Confirmed', transaction_status: 'paid' });

    expect(s.events.map((e) => e.type === 'payment' && [e.payload.payment_id, e.payload.transaction_status])).toEqual([
      [created.id, 'pending_confirmation'],
      [created.id, 'paid'],
    ]);
    // At-least-once delivery: the same webhook again is acknowledged and not processed twice.
    const last = (await s.merchant.deliveries({ event: 'paymentConfirmed' })).at(-1)!;
    expect(last).toMatchObject({ status: 200, ok: true });
    const hooks = s.deliveries.map((d) => d.body);
    expect(hooks).toEqual([
      expect.objectContaining({ received: true, key: expect.stringMatching(/^payment:\d+:pending_confirmation$/) }),
      expect.objectContaining({ received: true, key: expect.stringMatching(/^payment:\d+:paid$/) }),
    ]);
  });

  it('lists, pages and reads transactions; creates a widget payment; lists currencies', async () => {
    s = await e2e();
    await paidPayment('10.00', 'INVA');
    await paidPayment('100', 'INVB');
    const { m } = await paidPayment('200', 'INVC');
    const list = await unwrap(m.GET('/transactions', { params: { query: { limit: 2 } } }));
    expect(list.transactions.map((t) => t.invoice_number)).toEqual(['INVC', 'INVB']);
    const all = [];
    for await (const t of paginateTransactions(m, {}, { pageSize: 2 })) all.push(t);
    expect(all.map((t) => [t.invoice_number, t.status])).toEqual([['INVC', 'underpaid'], ['INVB', 'overpaid'], ['INVA', 'paid']]);
    expect(await unwrap(m.GET('/transactions/{id}', { params: { path: { id: all[0]!.id } } }))).toMatchObject({ id: all[0]!.id, is_sandbox: true });
    expect(await unwrap(m.POST('/widget_payments', { body: createWidgetPaymentBody }))).toMatchObject({ status: 200, token: expect.any(String) });
    expect((await unwrap(m.GET('/currencies'))).currencies.map((c) => c.iso)).toContain('BTC');
  });

  it('creates and reads invoices and manages invoice recipients', async () => {
    s = await e2e();
    const m = s.merchantClient();
    const invoice = await unwrap(m.POST('/invoices', { body: { ...createInvoiceBody, save_recipient: false } }));
    expect(await unwrap(m.GET('/invoices/{id}', { params: { path: { id: invoice.id } } }))).toMatchObject({ id: invoice.id, invoice_number: 'INV4001' });
    const recipient = await unwrap(m.POST('/invoice_recipients', { body: createRecipientBody }));
    expect(await unwrap(m.GET('/invoice_recipients/{id}', { params: { path: { id: recipient.id } } }))).toMatchObject({ email: 'ap@acme.example.com' });
    const updated = await unwrap(m.PATCH('/invoice_recipients/{id}', { params: { path: { id: recipient.id } }, body: { invoice_recipient: { phone: '4165550199' } } }));
    expect(updated.phone).toBe('4165550199');
    expect((await unwrap(m.GET('/invoice_recipients'))).invoice_recipients.map((r) => r.id)).toEqual([recipient.id]);
    expect(await unwrap(m.DELETE('/invoice_recipients/{id}', { params: { path: { id: recipient.id } } }))).toBeUndefined();
    expect(await rejection(unwrap(m.GET('/invoice_recipients/{id}', { params: { path: { id: recipient.id } } })))).toMatchObject({ status: 404, code: '1004' });
  });

  it('refunds by e-mail link (with its signed webhook) and instantly, then reads them', async () => {
    s = await e2e();
    const { m } = await paidPayment();
    const [tx] = (await unwrap(m.GET('/transactions'))).transactions;
    const refund = await unwrap(
      m.POST('/transactions/{transaction_id}/refunds', {
        params: { path: { transaction_id: tx!.id } },
        body: { email: 'jane@example.com', amount_to_refund_fiat: '4.00', webhook_url: 'https://merchant.example.com/hooks/refunds' },
      }),
    );
    await s.timers.advance(5000);
    expect(await unwrap(m.GET('/refunds/{refund_id}', { params: { path: { refund_id: refund.id } } }))).toMatchObject({ id: refund.id, status: 'refunded' });
    expect((await unwrap(m.GET('/transactions/{transaction_id}/refunds', { params: { path: { transaction_id: tx!.id } } }))).refunds).toHaveLength(1);
    const refundEvent = s.events.find((e) => e.type === 'refund');
    expect(refundEvent).toMatchObject({ type: 'refund', payload: { id: String(refund.id), status: 'refunded', sandbox_mode: true } });

    const instant = await unwrap(m.POST('/transactions/instant_refund', { body: { id: tx!.id, amount_to_refund_fiat: '1.00', address: BTC_ADDRESS } }));
    expect(instant).toMatchObject({ refund_id: expect.any(Number), amount_to_refund_fiat: '1.00', status: expect.any(String) });

    const over = await rejection(unwrap(m.POST('/transactions/{transaction_id}/refunds', { params: { path: { transaction_id: tx!.id } }, body: { email: 'jane@example.com', amount_to_refund_fiat: '9.00' } })));
    expect(over).toMatchObject({ status: 422, code: '2002' });
    const denied = await rejection(unwrap(s.merchantClient('demo-merchant-norefund').POST('/transactions/{transaction_id}/refunds', { params: { path: { transaction_id: tx!.id } }, body: { email: 'jane@example.com', amount_to_refund_fiat: '1.00' } })));
    expect(denied).toBeInstanceOf(MerchantApiError);
    expect((denied as MerchantApiError).status).toBeGreaterThanOrEqual(401);
  });

  it('estimates and lists payouts', async () => {
    s = await e2e();
    const { m } = await paidPayment();
    expect((await unwrap(m.GET('/payouts/pending'))).pending_payouts.instant_settlement.transaction_total).toBe('10.00');
    expect((await unwrap(m.GET('/payouts/pending/transactions'))).transactions).toHaveLength(1);
    expect((await unwrap(m.GET('/payouts/pending/transactions/manual/{currency_iso}', { params: { path: { currency_iso: 'BTC' } } }))).transactions).toEqual([]);
    await s.merchant.runPayouts('demo-merchant');
    const [payout] = (await unwrap(m.GET('/payouts'))).payouts;
    expect(await unwrap(m.GET('/payouts/{id}', { params: { path: { id: payout!.id } } }))).toMatchObject({ id: payout!.id, settlement_method: 'instant' });
    expect((await unwrap(m.GET('/payouts/{id}/transactions', { params: { path: { id: payout!.id } } }))).transactions).toHaveLength(1);
  });

  it('raises MerchantApiError with code and source: wrong secret 1001, unknown currency 2004, unknown id 1004', async () => {
    s = await e2e();
    const wrong = await rejection(unwrap(s.merchantClient('demo-merchant', 'nope').GET('/currencies')));
    expect(wrong).toMatchObject({ status: 401, code: '1001', title: 'Unauthorized' });
    const m = s.merchantClient();
    const currency = await rejection(unwrap(m.GET('/transactions', { params: { query: { currency_iso: 'DOGE' as never } } })));
    expect(currency).toMatchObject({ status: 422, code: '2004', source: [{ currency_iso: expect.any(String) }] });
    expect(await rejection(unwrap(m.GET('/transactions/{id}', { params: { path: { id: 123456 } } })))).toMatchObject({ status: 404, code: '1004' });
  });

  // Last in the file (tests run in order): skipped when a filter runs only some tests.
  it('called every operation of the merchant document through the typed client', () => {
    expect(operationsOf('merchant', merchantOperations).filter((op) => !called.has(op))).toEqual([]);
  });
});
