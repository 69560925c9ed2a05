// The merchant sandbox's side of the control API's fixtures (server/sandbox/merchant-fixtures.ts):
// a payment created through the reference createPayment handler (same validation and records),
// then moved to the status asked for by the lifecycle's own steps (same webhooks).
import type { BlockchainStatus } from '../../../contracts/merchant/enums.ts';
import type { CreatePaymentRequest, Payment } from '../../../contracts/merchant/payments.ts';
import type { MerchantKey } from '../../auth/keys.ts';
import type { MerchantPrincipal } from '../../auth/principal.ts';
import type { MerchantHandlers } from '../handler-map.ts';
import { PAYMENT_WINDOW_SECONDS } from './handlers/payments.ts';
import { paymentConfirmed, paymentFound } from './lifecycle.ts';
import type { MerchantSandbox } from './sandbox.ts';

export interface MerchantFixtures {
  /** The payment as GET /payments/{id} shows it, or undefined when `apiKey` is no sandbox key. */
  loadPayment(apiKey: string, status: BlockchainStatus, fields: CreatePaymentRequest['payment']): Promise<Payment | undefined>;
}

export function merchantFixtures(sb: MerchantSandbox, handlers: MerchantHandlers, keys: readonly MerchantKey[]): MerchantFixtures {
  return {
    async loadPayment(apiKey, status, fields) {
      const key = keys.find((k) => k.sandbox && k.apiKey === apiKey);
      if (!key) return undefined;
      const { sandbox, permissions, hostedPaymentIds, webhookSigningSecret } = key;
      const principal: MerchantPrincipal = { api: 'merchant', apiKey, sandbox, permissions, hostedPaymentIds, webhookSigningSecret };
      const input = { params: {}, query: {}, req: undefined as never };
      // An Expired payment is never found: created as a live key's would be (no lifecycle), its window already over.
      const asCreated = status === 'Expired' ? { ...principal, sandbox: false } : principal;
      const created = await handlers.createPayment({ ...input, body: { payment: fields } as never, principal: asCreated });
      const id = (created.body as Payment).id;
      if (status === 'Expired') {
        const p = (await sb.store.payments.get(id))!;
        const ended = Math.floor(sb.now() / 1000) - 1;
        await sb.store.payments.update(id, { start_timestamp: ended - PAYMENT_WINDOW_SECONDS, expires_timestamp: ended });
        await sb.store.transactions.update(p.transaction_id, { sandbox: true });
      }
      if (status === 'Paid' || status === 'Confirmed') await paymentFound(sb, id, webhookSigningSecret);
      if (status === 'Confirmed') await paymentConfirmed(sb, id, webhookSigningSecret);
      const view = await handlers.getPayment({ ...input, params: { payment_id: String(id) }, query: { crypto_iso: fields.crypto_iso }, principal } as never);
      return view.body as Payment;
    },
  };
}
