// Payouts (sections 2.4, 2.10, 2.11, 4.18 to 4.23): payout list items and details, the
// transactions inside payouts, and the estimate of the next payout.
import { TEXT_LIMITS, UNPAGED_LIST_MAX, REFERENCE_LIST_MAX } from '../shared/limits.ts';
import { decimalString, isoDateTime, recordId } from '../shared/primitives.ts';
import { z } from '../shared/zod.ts';
import { CryptoIsoSchema, PayoutStatusSchema, SettlementMethodSchema, TransactionStatusSchema } from './enums.ts';

const payoutId = recordId().openapi({ description: 'Payout id (the document says number; ids are integers)', example: 801 });
const paymentMadeAt = z.union([isoDateTime(), z.null()]).openapi({
  description: 'When the payment was made, ISO 8601 UTC; null until the payout is completed (decision M-payout-made-at)',
  example: '2026-02-01T00:00:00.000Z',
});
const nullableString = (description: string, example: string | null) =>
  z.union([z.string().max(TEXT_LIMITS.reference), z.null()]).openapi({ description, example });

export const PayoutListItemSchema = z
  .object({ id: payoutId, payment_made_at: paymentMadeAt, status: PayoutStatusSchema, settled_amount: decimalString('Settled amount') })
  .openapi('PayoutListItem', { description: 'A payout in the list (section 2.10)' });
export const PayoutListSchema = z.object({ payouts: z.array(PayoutListItemSchema).max(UNPAGED_LIST_MAX) }).openapi('PayoutList', { description: 'Payouts of the merchant' });

export const PayoutDetailSchema = z
  .object({
    id: payoutId,
    payment_made_at: paymentMadeAt,
    monthly_fee: decimalString('Monthly fee'),
    status: PayoutStatusSchema,
    payout_info: nullableString('Payout information', null),
    settled_amount: decimalString('Settled amount'),
    settlement_method: SettlementMethodSchema,
    refund_total: decimalString('Total of refunds'),
    previous_reserve_amount: decimalString('Previous reserve amount'),
    txid: nullableString('Payout transaction id (manual settlement); null otherwise', null),
    created_at: isoDateTime('Creation time, ISO 8601 UTC'),
    transaction_total: decimalString('Total of the transactions'),
    transaction_total_fiat: decimalString('Total of the transactions in fiat'),
    transaction_fees: decimalString('Fees of the transactions'),
  })
  .openapi('PayoutDetail', { description: 'One payout in detail (section 2.10)' });
export type PayoutDetail = z.infer<typeof PayoutDetailSchema>;

export const PayoutTransactionSchema = z
  .object({
    created_at: isoDateTime('Creation time, ISO 8601 UTC'),
    id: recordId().openapi({ description: 'Transaction id', example: 7001 }),
    amount_due: decimalString('Amount due in cryptocurrency'),
    amount_in_fiat: decimalString('Amount due in fiat'),
    amount_in_fiat_received: decimalString('Amount received, in fiat'),
    amount_received: decimalString('Amount received in cryptocurrency'),
    status: TransactionStatusSchema,
    external_id: nullableString("Merchant's reference", 'order-1001'),
    invoice_number: z.string().max(TEXT_LIMITS.invoiceNumber).openapi({ description: 'Invoice number', example: 'INV1001' }),
    source: z.string().max(TEXT_LIMITS.reference).openapi({ description: 'Origin of the transaction (free text; the document gives no vocabulary)', example: 'payment' }),
    device_id: nullableString('Device id when paid through a point-of-sale terminal', null),
    transaction_id: z.string().max(TEXT_LIMITS.crypto).openapi({
      description: 'Blockchain transaction id, a string (as the `transaction_id` filter of GET /transactions; decision M-payout-transaction-id)',
      example: 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16',
    }),
    exchange_rate: decimalString("Rate in the merchant's fiat currency"),
    fees: decimalString('Fees: fiat for instant settlement, cryptocurrency for manual'),
    settlement_method: SettlementMethodSchema,
    description: z.string().max(TEXT_LIMITS.message).openapi({ description: 'Transaction type and user information if provided', example: 'Payment from Jane Doe' }),
  })
  .openapi('PayoutTransaction', { description: 'A transaction item inside a payout listing (section 2.4)' });
export type PayoutTransaction = z.infer<typeof PayoutTransactionSchema>;

export const PayoutTransactionListSchema = z
  .object({ transactions: z.array(PayoutTransactionSchema).max(UNPAGED_LIST_MAX) })
  .openapi('PayoutTransactionList', { description: 'Transactions of a payout, or pending for the next one' });

const pendingTotals = {
  transaction_total: decimalString('Total of the pending transactions'),
  fees: decimalString('Fees'),
  total_pending_payout: decimalString('Estimated payout'),
};
export const PendingInstantSettlementSchema = z
  .object(pendingTotals)
  .openapi('PendingInstantSettlement', { description: 'Next instant-settlement payout, in the merchant fiat currency' });
export const PendingManualSettlementSchema = z
  .object({ currency_iso: CryptoIsoSchema, ...pendingTotals })
  .openapi('PendingManualSettlement', { description: 'Next manual-settlement payout in one cryptocurrency' });

export const PendingPayoutsSchema = z
  .object({
    pending_payouts: z.object({
      instant_settlement: PendingInstantSettlementSchema,
      manual_settlement: z.array(PendingManualSettlementSchema).max(REFERENCE_LIST_MAX),
    }),
  })
  .openapi('PendingPayouts', { description: 'Estimate of the next payout (section 2.11)' });
export type PendingPayouts = z.infer<typeof PendingPayoutsSchema>;

export const PayoutIdParamsSchema = z.object({ id: payoutId });
export const PendingManualParamsSchema = z.object({
  currency_iso: CryptoIsoSchema.openapi({ description: 'Cryptocurrency of the manual-settlement transactions; unknown answers 422 code 2004' }),
});
