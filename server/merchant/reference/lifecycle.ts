// The simulated blockchain of sandbox keys (decision M2), driven by the sandbox's timers.
// Payments: Pending/null -> (foundAfterMs) Paid/pending_confirmation + paymentFound webhook ->
// (confirmedAfterMs) Confirmed/paid, overpaid for amount 100, underpaid for amount 200 +
// paymentConfirmed webhook. Refunds reuse the timings: an e-mail refund's link is opened after
// foundAfterMs and the refund sent after confirmedAfterMs; an instant refund is sent after
// confirmedAfterMs; an e-mail refund nobody answered is cancelled at expires_at. A refund reaching
// a final state sends the refundProcessed webhook once, when it has a webhook_url.
// Invoices of sandbox keys (decision M-sandbox-invoices): a simulated recipient pays in BTC, found
// after foundAfterMs (pending_confirmation) and confirmed after confirmedAfterMs with the M2
// amount rule; an invoice of amount 300 is never paid, so it can expire.
import type { CryptoIso, NetworkType, TransactionStatus } from '../../../contracts/merchant/enums.ts';
import { amountDue, currencyOf, rateString } from './currencies.ts';
import { Big, cryptoString, floorTo, unitOf } from './money.ts';
import type { InvoiceRecord, PaymentRecord, RefundRecord } from '../../ports/merchant-records.ts';
import { StepNotReady, type MerchantSandbox } from './sandbox.ts';
import { transactionFee } from './settlement.ts';
import { blockchainStatus, paymentWebhookPayload, refundWebhookPayload } from './views.ts';

export type SandboxOutcome = Extract<TransactionStatus, 'paid' | 'overpaid' | 'underpaid'>;

/** The document's sandbox rule: amount 100 overpays, 200 underpays, anything else pays exactly. */
export function sandboxOutcome(amount: string): SandboxOutcome {
  const a = new Big(amount);
  return a.eq(100) ? 'overpaid' : a.eq(200) ? 'underpaid' : 'paid';
}

/** What the simulated customer sends: the amount due, or 10% more or less (at least one smallest unit). */
export function simulatedReceived(outcome: SandboxOutcome, due: string, crypto: CryptoIso): string {
  const { precision } = currencyOf(crypto);
  const d = new Big(due);
  const unit = unitOf(precision);
  const tenth = floorTo(d.div(10), precision);
  const delta = tenth.gt(unit) ? tenth : unit;
  if (outcome === 'overpaid') return cryptoString(d.plus(delta), precision);
  if (outcome === 'underpaid') return cryptoString(d.gt(delta) ? d.minus(delta) : new Big(0), precision);
  return due;
}

/** A transaction hash in the currency's usual notation. */
export function formatTxid(crypto: CryptoIso, network: NetworkType | null, hex: string): string {
  if (crypto === 'ETH' || (crypto === 'USDT' && network !== 'TRC-20')) return `0x${hex}`;
  return crypto === 'XRP' ? hex.toUpperCase() : hex;
}

/** Milliseconds until `since + afterMs` (0 when past): steps are due relative to the record's creation, so a restart keeps their times. */
const until = (sb: MerchantSandbox, since: number, afterMs: number) => Math.max(0, since + afterMs - sb.now());

/** Schedules the M2 steps of a payment; each step checks the payment's state, so scheduling twice is harmless. */
export function startPaymentLifecycle(sb: MerchantSandbox, payment: PaymentRecord, signingSecret: string, since = sb.now()): void {
  const { foundAfterMs, confirmedAfterMs } = sb.timings;
  sb.schedule(until(sb, since, foundAfterMs), `payment ${payment.id} found`, () => paymentFound(sb, payment.id, signingSecret));
  sb.schedule(until(sb, since, Math.max(confirmedAfterMs, foundAfterMs)), `payment ${payment.id} confirmed`, () => paymentConfirmed(sb, payment.id, signingSecret));
}

export async function paymentFound(sb: MerchantSandbox, paymentId: number, secret: string): Promise<void> {
  const p = await sb.store.payments.get(paymentId);
  if (!p || p.blockchain_status !== 'Pending') return;
  const tx = (await sb.store.transactions.get(p.transaction_id))!;
  const received = simulatedReceived(sandboxOutcome(p.amount), p.amount_due, p.crypto);
  if (blockchainStatus(p, sb.now()) === 'Expired') {
    // Funds after the window (M-expired): recorded on the transaction, the payment stays Expired.
    if (tx.amount_received !== null) return;
    await sb.store.transactions.update(tx.id, { amount_received: received, txid: formatTxid(p.crypto, p.network, sb.fakeHash('sandbox-tx', p.merchant, p.id)) });
    sb.log(`[merchant-sandbox] payment ${p.id}: ${received} ${p.crypto} arrived after its window; recorded, the payment stays Expired`);
    return;
  }
  const found = await sb.store.payments.update(p.id, { blockchain_status: 'Paid', found_at: sb.now() });
  const updated = await sb.store.transactions.update(tx.id, {
    status: 'pending_confirmation',
    amount_received: received,
    txid: formatTxid(p.crypto, p.network, sb.fakeHash('sandbox-tx', p.merchant, p.id)),
    fees: transactionFee(tx.settlement_method, p.crypto, received, p.exchange_rate),
  });
  if (p.webhook_url || sb.webhooks.isListening(p.merchant)) {
    await sb.webhooks.send({ merchant: p.merchant, url: p.webhook_url || null, secret, subject: `payment:${p.id}` }, { event: 'paymentFound', payload: paymentWebhookPayload(found, updated) });
  }
}

export async function paymentConfirmed(sb: MerchantSandbox, paymentId: number, secret: string): Promise<void> {
  const p = await sb.store.payments.get(paymentId);
  // Found not done yet (its step is being retried after a fault): confirm after it, never skip.
  // Expired is final: nothing to confirm.
  if (p?.blockchain_status === 'Pending') {
    if (blockchainStatus(p, sb.now()) === 'Expired') return;
    throw new StepNotReady(`payment ${paymentId} is not found yet`);
  }
  if (!p || p.blockchain_status !== 'Paid') return;
  const confirmed = await sb.store.payments.update(p.id, { blockchain_status: 'Confirmed' });
  const tx = await sb.store.transactions.update(p.transaction_id, { status: sandboxOutcome(p.amount) });
  if (p.webhook_url || sb.webhooks.isListening(p.merchant)) {
    await sb.webhooks.send({ merchant: p.merchant, url: p.webhook_url || null, secret, subject: `payment:${p.id}` }, { event: 'paymentConfirmed', payload: paymentWebhookPayload(confirmed, tx) });
  }
}

/** The invoice amount a simulated recipient never pays (decision M-sandbox-invoices). */
export const SANDBOX_UNPAID_INVOICE_AMOUNT = 300;
/** What the simulated recipient of a sandbox invoice pays with. */
export const SANDBOX_INVOICE_CRYPTO: CryptoIso = 'BTC';

/** Schedules the simulated recipient of a new sandbox invoice (none for amount 300). */
export function startInvoiceLifecycle(sb: MerchantSandbox, invoice: InvoiceRecord, since = sb.now()): void {
  if (new Big(invoice.amount).eq(SANDBOX_UNPAID_INVOICE_AMOUNT)) return;
  const { foundAfterMs, confirmedAfterMs } = sb.timings;
  sb.schedule(until(sb, since, foundAfterMs), `invoice ${invoice.id} found`, () => invoiceFound(sb, invoice.id));
  sb.schedule(until(sb, since, Math.max(confirmedAfterMs, foundAfterMs)), `invoice ${invoice.id} confirmed`, () => invoiceConfirmed(sb, invoice.id));
}

export async function invoiceFound(sb: MerchantSandbox, invoiceId: number): Promise<void> {
  const inv = await sb.store.invoices.get(invoiceId);
  if (!inv || inv.cancelled || sb.now() >= inv.expires_at) return;
  const tx = await sb.store.transactions.get(inv.transaction_id);
  if (!tx || tx.status !== 'invoice_sent') return;
  // The recipient opens the link (delivery `viewed` when the service e-mailed it), chooses BTC and pays.
  const crypto = SANDBOX_INVOICE_CRYPTO;
  const rate = rateString(crypto, inv.fiat);
  const due = amountDue(inv.amount, crypto, inv.fiat);
  const received = simulatedReceived(sandboxOutcome(inv.amount), due, crypto);
  await sb.store.transactions.update(tx.id, {
    currency: crypto, network: null, amount_due: due, exchange_rate: rate, status: 'pending_confirmation', amount_received: received,
    txid: formatTxid(crypto, null, sb.fakeHash('sandbox-invoice-tx', inv.merchant, inv.id)),
    fees: transactionFee(tx.settlement_method, crypto, received, rate),
  });
  if (inv.delivery_status !== null) await sb.store.invoices.update(inv.id, { delivery_status: 'viewed' });
}

export async function invoiceConfirmed(sb: MerchantSandbox, invoiceId: number): Promise<void> {
  const inv = await sb.store.invoices.get(invoiceId);
  if (!inv || inv.cancelled) return;
  const tx = await sb.store.transactions.get(inv.transaction_id);
  if (tx?.status === 'invoice_sent' && sb.now() < inv.expires_at) throw new StepNotReady(`invoice ${invoiceId} is not paid yet`);
  if (tx?.status !== 'pending_confirmation') return;
  await sb.store.transactions.update(tx.id, { status: sandboxOutcome(inv.amount) });
}

/** Schedules what happens to a new refund; only sandbox refunds are ever sent. */
export function startRefundLifecycle(sb: MerchantSandbox, refund: RefundRecord, signingSecret: string, since = sb.now()): void {
  const { foundAfterMs, confirmedAfterMs } = sb.timings;
  if (refund.kind === 'email') {
    sb.schedule(Math.max(0, refund.expires_at - sb.now()), `refund ${refund.id} expiry`, () =>
      finishRefund(sb, refund.id, signingSecret, 'cancelled'));
    if (!refund.sandbox) return;
    sb.schedule(until(sb, since, foundAfterMs), `refund ${refund.id} opened`, async () => {
      const r = await sb.store.refunds.get(refund.id);
      if (r?.status === 'pending') await sb.store.refunds.update(r.id, { status: 'email_opened' });
    });
  }
  if (refund.sandbox) {
    sb.schedule(until(sb, since, Math.max(confirmedAfterMs, foundAfterMs)), `refund ${refund.id} sent`, () => finishRefund(sb, refund.id, signingSecret, 'refunded'));
  }
}

const OPEN = new Set(['pending', 'email_opened']);

export async function finishRefund(sb: MerchantSandbox, refundId: number, secret: string, status: 'refunded' | 'cancelled'): Promise<void> {
  const r = await sb.store.refunds.get(refundId);
  if (!r || !OPEN.has(r.status)) return;
  const tx = (await sb.store.transactions.get(r.transaction_id))!;
  let patch: Partial<RefundRecord> = { status };
  if (status === 'refunded') {
    const { precision } = currencyOf(r.currency);
    const txid = formatTxid(r.currency, tx.network, sb.fakeHash('sandbox-refund', r.merchant, r.id));
    // Converted at processing time, rounded down: a refund never sends more than was asked.
    const crypto = r.amount_to_refund ?? cryptoString(floorTo(new Big(r.amount_to_refund_fiat).div(tx.exchange_rate), precision), precision);
    patch = { status, txid, amount_to_refund: crypto };
    if (r.refund_transaction_id !== null) {
      await sb.store.transactions.update(r.refund_transaction_id, { status: 'paid', amount_due: crypto, amount_received: crypto, txid });
    }
  }
  const done = await sb.store.refunds.update(r.id, patch);
  if (done.webhook_url || sb.webhooks.isListening(done.merchant)) {
    await sb.webhooks.send(
      { merchant: done.merchant, url: done.webhook_url || null, secret, subject: `refund:${done.id}` },
      { event: 'refundProcessed', payload: refundWebhookPayload(done, sb.url('refunds', done.id)) },
    );
  }
}
