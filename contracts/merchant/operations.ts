// The operations of section 4, keyed by stable operationId; one file per resource group.
import { defineOperations } from '../shared/operation.ts';
import { invoiceOperations } from './ops-invoices.ts';
import { paymentOperations } from './ops-payments.ts';
import { payoutOperations } from './ops-payouts.ts';
import { refundOperations } from './ops-refunds.ts';

export const merchantOperations = defineOperations({
  ...paymentOperations,
  ...invoiceOperations,
  ...refundOperations,
  ...payoutOperations,
});
export type MerchantOperations = typeof merchantOperations;
export type MerchantOperationId = keyof MerchantOperations;
