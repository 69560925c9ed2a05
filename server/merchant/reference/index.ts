// The merchant reference implementation: the complete handler map over a MerchantSandbox. Pass a
// sandbox you made (tests keep it to move time, read the delivery log and run payouts) or the
// options to make one (config, clock, log, store). The server's default set over its stores: defaults.ts.
import { currencyHandlers } from './handlers/currencies.ts';
import { invoiceHandlers } from './handlers/invoices.ts';
import { paymentHandlers } from './handlers/payments.ts';
import { payoutHandlers } from './handlers/payouts.ts';
import { recipientHandlers } from './handlers/recipients.ts';
import { refundHandlers } from './handlers/refunds.ts';
import { transactionHandlers } from './handlers/transactions.ts';
import type { MerchantHandlers } from '../handler-map.ts';
import { MerchantSandbox, type MerchantSandboxOptions } from './sandbox.ts';

export type MerchantReferenceDeps = MerchantSandboxOptions | { sandbox: MerchantSandbox };

export function merchantReferenceHandlers(deps: MerchantReferenceDeps): MerchantHandlers {
  const sb = 'sandbox' in deps ? deps.sandbox : new MerchantSandbox(deps);
  return {
    ...paymentHandlers(sb),
    ...transactionHandlers(sb),
    ...invoiceHandlers(sb),
    ...recipientHandlers(sb),
    ...refundHandlers(sb),
    ...currencyHandlers(),
    ...payoutHandlers(sb),
  };
}

export { MerchantSandbox, createMerchantSandbox, DEFAULT_ACCOUNT, type MerchantAccount, type MerchantSandboxOptions } from './sandbox.ts';
export { ManualTimers, realTimers, type Timers } from './timers.ts';
export { type WebhookTransport, type WebhookPolicy } from './webhooks.ts';
export { guardedTransport, addressProblem, TargetRefusedError, type TargetPolicy } from './webhook-transport.ts';
export { createMemoryMerchantStore } from './store.ts';
export type { MerchantStore } from '../../ports/merchant-store.ts';
export { SANDBOX_CURRENCIES } from './currencies.ts';
export type { MerchantHandlers } from '../handler-map.ts';
