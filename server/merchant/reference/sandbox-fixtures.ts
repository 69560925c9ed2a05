// The merchant sandbox's side of the control API's fixtures (server/sandbox/merchant-fixtures.ts):
// a payment, invoice or refund created through the reference handlers (same validation and
// records), then moved to the status asked for by the lifecycle's own steps (same webhooks).
import type { BlockchainStatus, InvoiceStatus, RefundStatus } from '../../../contracts/merchant/enums.ts';
import type { CreateInvoiceRequest, Invoice } from '../../../contracts/merchant/invoices.ts';
import type { CreatePaymentRequest, Payment } from '../../../contracts/merchant/payments.ts';
import type { CreateRefundRequest, Refund } from '../../../contracts/merchant/refunds.ts';
import type { MerchantKey } from '../../auth/keys.ts';
import type { MerchantPrincipal } from '../../auth/principal.ts';
import { ApiDomainError } from '../../core/errors.ts';
import type { MerchantHandlers } from '../handler-map.ts';
import { INVOICE_LIFE_MS } from './handlers/invoices.ts';
import { PAYMENT_WINDOW_SECONDS } from './handlers/payments.ts';
import { finishRefund, invoiceConfirmed, invoiceFound, paymentConfirmed, paymentFound, sandboxOutcome } from './lifecycle.ts';
import type { MerchantSandbox } from './sandbox.ts';

export interface MerchantFixtures {
  /** Each answers the record as its GET shows it, or undefined when `apiKey` is no sandbox key. */
  loadPayment(apiKey: string, status: BlockchainStatus, fields: CreatePaymentRequest['payment']): Promise<Payment | undefined>;
  loadInvoice(apiKey: string, status: InvoiceStatus, fields: CreateInvoiceRequest['invoice']): Promise<Invoice | undefined>;
  loadRefund(apiKey: string, transactionId: number, status: RefundStatus, body: CreateRefundRequest): Promise<Refund | undefined>;
}

const refuse = (field: string, message: string) => ApiDomainError.of('1002', message, [{ [field]: message }]);
const input = { params: {}, query: {}, req: undefined as never };

export function merchantFixtures(sb: MerchantSandbox, handlers: MerchantHandlers, keys: readonly MerchantKey[]): MerchantFixtures {
  const principalOf = (apiKey: string): MerchantPrincipal | undefined => {
    const key = keys.find((k) => k.sandbox && k.apiKey === apiKey);
    if (!key) return undefined;
    const { sandbox, permissions, hostedPaymentIds, webhookSigningSecret } = key;
    return { api: 'merchant', apiKey, sandbox, permissions, hostedPaymentIds, webhookSigningSecret };
  };
  /** A record a live key's request would make (no simulated lifecycle), marked a sandbox transaction again. */
  const withoutLifecycle = (p: MerchantPrincipal): MerchantPrincipal => ({ ...p, sandbox: false });
  const sandboxTransaction = (id: number) => sb.store.transactions.update(id, { sandbox: true });

  return {
    async loadPayment(apiKey, status, fields) {
      const principal = principalOf(apiKey);
      if (!principal) return undefined;
      // An Expired payment is never found: no lifecycle, its window already over.
      const created = await handlers.createPayment({ ...input, body: { payment: fields } as never, principal: status === 'Expired' ? withoutLifecycle(principal) : principal });
      const id = (created.body as Payment).id;
      if (status === 'Expired') {
        const p = (await sb.store.payments.get(id))!;
        const ended = Math.floor(sb.now() / 1000) - 1;
        await sb.store.payments.update(id, { start_timestamp: ended - PAYMENT_WINDOW_SECONDS, expires_timestamp: ended });
        await sandboxTransaction(p.transaction_id);
      }
      if (status === 'Paid' || status === 'Confirmed') await paymentFound(sb, id, principal.webhookSigningSecret);
      if (status === 'Confirmed') await paymentConfirmed(sb, id, principal.webhookSigningSecret);
      const view = await handlers.getPayment({ ...input, params: { payment_id: String(id) }, query: { crypto_iso: fields.crypto_iso }, principal } as never);
      return view.body as Payment;
    },

    async loadInvoice(apiKey, status, fields) {
      const principal = principalOf(apiKey);
      if (!principal) return undefined;
      const confirmed = ['paid', 'overpaid', 'underpaid'] as const;
      if ((confirmed as readonly string[]).includes(status) && sandboxOutcome(fields.amount) !== status) {
        throw refuse('status', `an invoice of amount ${fields.amount} is confirmed as ${sandboxOutcome(fields.amount)} (M2: 100 overpaid, 200 underpaid)`);
      }
      const noLifecycle = status === 'expired' || status === 'cancelled';
      if (!noLifecycle && fields.due_at !== undefined && Date.parse(fields.due_at) + INVOICE_LIFE_MS <= sb.now()) {
        throw refuse('invoice.due_at', `an invoice due ${fields.due_at} has expired (90 days after due_at): it cannot be ${status}`);
      }
      const created = await handlers.createInvoice({ ...input, body: { invoice: fields, save_recipient: false } as never, principal: noLifecycle ? withoutLifecycle(principal) : principal });
      const id = (created.body as Invoice).id;
      const inv = (await sb.store.invoices.get(id))!;
      if (noLifecycle) await sandboxTransaction(inv.transaction_id);
      if (status === 'cancelled') await sb.store.invoices.update(id, { cancelled: true });
      if (status === 'expired') {
        const dueAt = sb.now() - INVOICE_LIFE_MS - 1000;
        await sb.store.invoices.update(id, { due_at: dueAt, expires_at: dueAt + INVOICE_LIFE_MS });
      }
      if (status === 'pending_confirmation' || status === 'completed' || (confirmed as readonly string[]).includes(status)) await invoiceFound(sb, id);
      if (status === 'completed' || (confirmed as readonly string[]).includes(status)) await invoiceConfirmed(sb, id);
      if (status === 'completed') await sb.store.transactions.update(inv.transaction_id, { status: 'completed' });
      const view = await handlers.getInvoice({ ...input, params: { id }, principal } as never);
      return view.body as Invoice;
    },

    async loadRefund(apiKey, transactionId, status, body) {
      const principal = principalOf(apiKey);
      if (!principal) return undefined;
      const created = await handlers.createRefund({ ...input, params: { transaction_id: transactionId }, body, principal } as never);
      const id = (created.body as Refund).id;
      if (status === 'email_opened' || status === 'problem') await sb.store.refunds.update(id, { status });
      if (status === 'refunded' || status === 'cancelled') await finishRefund(sb, id, principal.webhookSigningSecret, status);
      const view = await handlers.getRefund({ ...input, params: { refund_id: id }, principal } as never);
      return view.body as Refund;
    },
  };
}
