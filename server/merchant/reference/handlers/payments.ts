// Widget payments and direct payments (sections 4.1 to 4.3).
import { createHmac } from 'node:crypto';
import { sandboxAddress } from '../addresses.ts';
import { claimInvoiceNumber, requirePositive } from '../amounts.ts';
import { amountDue, rateString } from '../currencies.ts';
import { merchantHandlers } from '../../handler-map.ts';
import { startPaymentLifecycle } from '../lifecycle.ts';
import { invalid, notFound } from '../problems.ts';
import type { MerchantSandbox } from '../sandbox.ts';
import { paymentView } from '../views.ts';
import { webhookTargetProblem } from '../webhook-targets.ts';

/** The document's payment window: the customer pays within five minutes of display. */
export const PAYMENT_WINDOW_SECONDS = 300;

function checkWebhookTarget(field: string, url: string | undefined, sandbox: boolean): void {
  const problem = url === undefined ? undefined : webhookTargetProblem(url, sandbox);
  if (problem) throw invalid(field, problem);
}

export function paymentHandlers(sb: MerchantSandbox) {
  return merchantHandlers({
    async createWidgetPayment({ body, principal }) {
      if (!principal.hostedPaymentIds.includes(body.hosted_payment_id)) {
        throw invalid('hosted_payment_id', `is not a hosted payment plugin of this account (${principal.hostedPaymentIds.join(', ') || 'none'})`);
      }
      requirePositive('amount', body.amount);
      checkWebhookTarget('webhook_url', body.webhook_url, principal.sandbox);
      const invoiceNumber = await claimInvoiceNumber(sb, principal.apiKey, 'invoice_number', body.invoice_number, 'WP');
      const w = await sb.store.widgetPayments.insert({
        merchant: principal.apiKey, created_at: sb.now(), token: '', hosted_payment_id: body.hosted_payment_id, amount: body.amount,
        external_id: body.external_id, invoice_number: invoiceNumber,
        customer: { first_name: body.first_name, last_name: body.last_name, email: body.email },
        crypto: body.crypto_currency_iso ?? null, confirmations_required: body.confirmations_required ?? null,
        callback_url: body.callback_url ?? null, webhook_url: body.webhook_url ?? null, cancel_url: body.cancel_url ?? null,
      });
      // The token names the widget payment and is signed, so a customer cannot swap in another id.
      const sig = createHmac('sha256', principal.webhookSigningSecret).update(`widget:${w.id}`).digest('hex').slice(0, 16);
      const token = Buffer.from(JSON.stringify({ widget: w.id, sig })).toString('base64url');
      await sb.store.widgetPayments.update(w.id, { token });
      return { status: 200, body: { status: 200, id: w.id, token } };
    },

    async createPayment({ body: { payment: f }, principal }) {
      requirePositive('payment.amount', f.amount);
      checkWebhookTarget('payment.webhook_url', f.webhook_url, principal.sandbox);
      const invoiceNumber = await claimInvoiceNumber(sb, principal.apiKey, 'payment.invoice_number', f.invoice_number, 'P');
      const now = sb.now();
      const network = f.crypto_iso === 'USDT' ? f.network_type : null;
      const due = amountDue(f.amount, f.crypto_iso, f.currency_iso);
      const rate = rateString(f.crypto_iso, f.currency_iso);
      const account = sb.account(principal.apiKey);
      const tx = await sb.store.transactions.insert({
        merchant: principal.apiKey, sandbox: principal.sandbox, kind: 'payment', created_at: now, payment_id: null, invoice_id: null,
        refund_id: null, currency: f.crypto_iso, network, fiat: f.currency_iso, amount_due: due, amount_in_fiat: f.amount,
        amount_received: null, status: null, external_id: f.external_id, invoice_number: invoiceNumber, txid: null,
        settlement_method: account.settlement_method, exchange_rate: rate, fees: '0', description: `Payment from ${f.first_name} ${f.last_name}`,
        customer_email: f.email, payout_id: null,
      });
      const start = Math.floor(now / 1000);
      const created = await sb.store.payments.insert({
        merchant: principal.apiKey, created_at: now, amount: f.amount, fiat: f.currency_iso, crypto: f.crypto_iso, network,
        amount_due: due, exchange_rate: rate, external_id: f.external_id, invoice_number: invoiceNumber,
        confirmations_required: Number(f.confirmations_required),
        customer: { first_name: f.first_name, last_name: f.last_name, email: f.email }, webhook_url: f.webhook_url ?? null,
        address: '', cash_address: null, xaddress: null, destination_tag: null,
        start_timestamp: start, expires_timestamp: start + PAYMENT_WINDOW_SECONDS, blockchain_status: 'Pending', found_at: null,
        funds_at: principal.sandbox ? now + sb.timings.foundAfterMs : null, transaction_id: tx.id,
      });
      const a = sandboxAddress(f.crypto_iso, network ?? undefined, principal.apiKey, created.id);
      const payment = await sb.store.payments.update(created.id, {
        address: a.address, cash_address: a.cash_address ?? null, xaddress: a.xaddress ?? null, destination_tag: a.destination_tag ?? null,
      });
      const linked = await sb.store.transactions.update(tx.id, { payment_id: payment.id });
      if (principal.sandbox) startPaymentLifecycle(sb, payment, principal.webhookSigningSecret);
      return { status: 201, body: paymentView(payment, linked, sb.url('payments', payment.id), now) };
    },

    async getPayment({ params, query, principal }) {
      const id = /^[0-9]{1,15}$/.test(params.payment_id) ? Number(params.payment_id) : NaN;
      const p = Number.isNaN(id) ? undefined : await sb.store.payments.get(id);
      if (!p || p.merchant !== principal.apiKey) throw notFound('Payment', params.payment_id);
      if (p.crypto !== query.crypto_iso) throw notFound(`${query.crypto_iso} payment`, params.payment_id);
      const tx = (await sb.store.transactions.get(p.transaction_id))!;
      return { status: 200, body: paymentView(p, tx, sb.url('payments', p.id), sb.now()) };
    },
  });
}
