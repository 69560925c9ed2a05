// Refunds (sections 4.13 to 4.16): e-mail-link refunds and instant refunds, both within what was
// received (M4), checked and stored under a per-transaction lock so two concurrent refunds cannot
// both take the last of it.
import { REFUND_PERMISSION } from '../../../../contracts/merchant/ops-common.ts';
import type { MerchantPrincipal } from '../../../auth/principal.ts';
import { ADDRESS_FORMATS, isValidAddress, xAddressTag } from '../addresses.ts';
import { SANDBOX_CURRENCIES } from '../currencies.ts';
import { merchantHandlers } from '../../handler-map.ts';
import { startRefundLifecycle } from '../lifecycle.ts';
import { invalid, notFound, permissionDenied } from '../problems.ts';
import { refundAmount, refundAmounts, refundFee, refundable } from '../refund-rules.ts';
import type { MerchantSandbox } from '../sandbox.ts';
import { instantRefundView, refundView } from '../views.ts';
import { webhookTargetProblem } from '../webhook-targets.ts';
import { newestFirst } from './transactions.ts';

const HOUR_MS = 3_600_000;
const MAX_DESTINATION_TAG = 4_294_967_295;

function requirePermission(p: MerchantPrincipal): void {
  if (!p.permissions.includes(REFUND_PERMISSION)) throw permissionDenied();
}

function checkRefundWebhook(url: string | undefined): void {
  // Refund webhook targets must be https for every key (document 4.13, decision M3).
  const problem = url === undefined ? undefined : webhookTargetProblem(url, false);
  if (problem) throw invalid('webhook_url', problem);
}

function checkDestinationTag(crypto: string, address: string, tag: string | undefined): string | null {
  if (tag === undefined) return null;
  if (crypto !== 'XRP') throw invalid('destination_tag', 'is only for XRP');
  if (!/^[0-9]{1,10}$/.test(tag) || Number(tag) > MAX_DESTINATION_TAG) throw invalid('destination_tag', 'must be an integer from 0 to 4294967295');
  const inAddress = xAddressTag(address);
  if (inAddress !== undefined && inAddress !== Number(tag)) throw invalid('destination_tag', `differs from the tag ${inAddress} of the X-address`);
  return tag;
}

export function refundHandlers(sb: MerchantSandbox) {
  return merchantHandlers({
    async createRefund({ params, body, principal }) {
      requirePermission(principal);
      checkRefundWebhook(body.webhook_url);
      const tx = await sb.store.transactions.get(params.transaction_id);
      if (!tx || tx.merchant !== principal.apiKey) throw notFound('Transaction', params.transaction_id);
      const refund = await sb.lock.run(`tx:${tx.id}`, async () => {
        const r = refundable(tx, await sb.store.refunds.find({ merchant: tx.merchant, transaction_id: tx.id }), 'transaction_id');
        const amounts = refundAmounts(r, refundAmount(r, body, false));
        const now = sb.now();
        return sb.store.refunds.insert({
          merchant: principal.apiKey, sandbox: principal.sandbox, kind: 'email', transaction_id: tx.id, created_at: now,
          email: body.email,
          // Instant settlement: the crypto amount is converted when the refund is processed (section 2.7).
          amount_to_refund: r.field === 'amount_to_refund' ? amounts.crypto : null, amount_to_refund_fiat: amounts.fiat,
          expires_at: now + body.expires_in * HOUR_MS, status: 'pending', txid: null,
          transaction_fees: refundFee(tx, r.crypto, SANDBOX_CURRENCIES[r.crypto].networkFee), webhook_url: body.webhook_url ?? null,
          send_email: body.send_email, currency: r.crypto, address: null, destination_tag: null, refund_transaction_id: null, payout_id: null,
        });
      });
      startRefundLifecycle(sb, refund, principal.webhookSigningSecret);
      return { status: 201, body: refundView(refund, sb.url('refunds', refund.id)) };
    },

    async createInstantRefund({ body, principal }) {
      requirePermission(principal);
      checkRefundWebhook(body.webhook_url);
      const tx = await sb.store.transactions.get(body.id);
      if (!tx || tx.merchant !== principal.apiKey) throw invalid('id', `no transaction ${body.id}`);
      const refund = await sb.lock.run(`tx:${tx.id}`, async () => {
        const r = refundable(tx, await sb.store.refunds.find({ merchant: tx.merchant, transaction_id: tx.id }), 'id');
        if (!isValidAddress(r.crypto, tx.network ?? undefined, body.address)) throw invalid('address', `must be ${ADDRESS_FORMATS[r.crypto]}`);
        const tag = checkDestinationTag(r.crypto, body.address, body.destination_tag);
        const amounts = refundAmounts(r, refundAmount(r, body, body.refund_full_amount));
        const fee = refundFee(tx, r.crypto, SANDBOX_CURRENCIES[r.crypto].networkFee);
        const now = sb.now();
        const sending = await sb.store.transactions.insert({
          merchant: tx.merchant, sandbox: principal.sandbox, kind: 'refund', created_at: now, payment_id: tx.payment_id,
          invoice_id: tx.invoice_id, refund_id: null, currency: r.crypto, network: tx.network, fiat: tx.fiat, amount_due: amounts.crypto,
          amount_in_fiat: amounts.fiat, amount_received: null, status: null, external_id: tx.external_id, invoice_number: tx.invoice_number,
          txid: null, settlement_method: tx.settlement_method, exchange_rate: tx.exchange_rate, fees: fee,
          description: `Instant refund of transaction ${tx.id}`, customer_email: tx.customer_email, payout_id: null,
        });
        const created = await sb.store.refunds.insert({
          merchant: principal.apiKey, sandbox: principal.sandbox, kind: 'instant', transaction_id: tx.id, created_at: now,
          email: tx.customer_email!, amount_to_refund: r.field === 'amount_to_refund' ? amounts.crypto : null, amount_to_refund_fiat: amounts.fiat,
          expires_at: now, status: 'pending', txid: null, transaction_fees: fee, webhook_url: body.webhook_url ?? null, send_email: false,
          currency: r.crypto, address: body.address, destination_tag: tag, refund_transaction_id: sending.id, payout_id: null,
        });
        await sb.store.transactions.update(sending.id, { refund_id: created.id });
        return created;
      });
      startRefundLifecycle(sb, refund, principal.webhookSigningSecret);
      return { status: 201, body: instantRefundView(refund) };
    },

    async getRefund({ params, principal }) {
      const r = await sb.store.refunds.get(params.refund_id);
      if (!r || r.merchant !== principal.apiKey) throw notFound('Refund', params.refund_id);
      return { status: 200, body: refundView(r, sb.url('refunds', r.id)) };
    },

    async listTransactionRefunds({ params, principal }) {
      const tx = await sb.store.transactions.get(params.transaction_id);
      if (!tx || tx.merchant !== principal.apiKey) throw notFound('Transaction', params.transaction_id);
      const refunds = (await sb.store.refunds.find({ merchant: tx.merchant, transaction_id: tx.id })).sort(newestFirst);
      return { status: 200, body: { refunds: refunds.map((r) => refundView(r, sb.url('refunds', r.id))) } };
    },
  });
}
