// Transactions (sections 2.3, 4.4, 4.5). Fields the document marks "may be null" are
// `z.union([X, z.null()])`; `status` also allows null because the vocabulary of section 3 has it.
import { TEXT_LIMITS } from '../shared/limits.ts';
import { decimalString, fiatCurrency, isoDateTime, boundedInt, recordId } from '../shared/primitives.ts';
import { z } from '../shared/zod.ts';
import { CryptoIsoSchema, SettlementMethodSchema, TransactionStatusSchema } from './enums.ts';

const nullableString = (description: string, example: string | null) =>
  z.union([z.string().max(TEXT_LIMITS.reference), z.null()]).openapi({ description, example });

export const TRANSACTIONS_LIMIT = { default: 100, max: 500 } as const;

export const TransactionSchema = z
  .object({
    created_at: isoDateTime('Creation time, ISO 8601 UTC'),
    id: recordId().openapi({ description: 'Unique transaction id', example: 7001 }),
    amount_due: decimalString('Amount due in cryptocurrency (`0` on an invoice transaction until a cryptocurrency is chosen)'),
    amount_in_fiat: decimalString('Amount due in fiat'),
    amount_received: z.union([decimalString(), z.null()]).openapi({ description: 'Amount received in cryptocurrency; null until found', example: '0.00025' }),
    status: z.union([TransactionStatusSchema, z.null()]).openapi({
      description: 'Transaction status (section 3); null while the payment is not found on the blockchain',
    }),
    external_id: nullableString("Merchant's reference for the payment", 'order-1001'),
    invoice_number: z.string().max(TEXT_LIMITS.invoiceNumber).openapi({ description: 'Invoice number', example: 'INV1001' }),
    device_id: nullableString('Device id when paid through a point-of-sale terminal', null),
    txid: nullableString('Blockchain transaction hash; null until found', 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16'),
    settlement_method: SettlementMethodSchema,
    exchange_rate: decimalString("Rate in the merchant's fiat currency"),
    is_sandbox: z.boolean().openapi({ description: 'True for a sandbox transaction', example: true }),
    fees: decimalString('Fees: in merchant fiat for instant settlement; in the transaction cryptocurrency for manual settlement'),
    description: z.string().max(TEXT_LIMITS.message).openapi({ description: 'Transaction type and user information if provided', example: 'Payment from Jane Doe' }),
    payout_id: z.union([recordId(), z.null()]).openapi({
      description: 'Id of the payout that includes the transaction; null until paid out (decision M-payout-id)',
      example: null,
    }),
    currency: z.union([CryptoIsoSchema, fiatCurrency()]).openapi({
      description:
        'Currency code of the transaction: its cryptocurrency; on an invoice transaction whose recipient has not chosen one yet, the invoice fiat currency (decision M-invoice-transaction)',
      example: 'BTC',
    }),
  })
  .openapi('Transaction', { description: 'A transaction (section 2.3)' });
export type Transaction = z.infer<typeof TransactionSchema>;

export const TransactionListSchema = z
  .object({ transactions: z.array(TransactionSchema).max(TRANSACTIONS_LIMIT.max) })
  .openapi('TransactionList', { description: 'Transactions, newest first' });
export type TransactionList = z.infer<typeof TransactionListSchema>;


export const ListTransactionsQuerySchema = z.object({
  limit: z.number().int().min(1).max(TRANSACTIONS_LIMIT.max).default(TRANSACTIONS_LIMIT.default).openapi({
    description: 'Page size; default 100, maximum 500',
    example: 100,
  }),
  offset: boundedInt(0).default(0).openapi({
    description: 'Number of transactions to skip; sorted by creation time, newest first',
    example: 0,
  }),
  currency_iso: CryptoIsoSchema.optional().openapi({ description: 'Currency the transaction was paid in' }),
  status: TransactionStatusSchema.optional().openapi({ description: 'Transaction status' }),
  external_id: z.string().min(1).max(TEXT_LIMITS.reference).optional().openapi({ description: "Merchant's reference", example: 'order-1001' }),
  transaction_id: z.string().min(1).max(TEXT_LIMITS.crypto).optional().openapi({ description: 'Blockchain transaction id (txid)' }),
  invoice_number: z.string().min(1).max(TEXT_LIMITS.invoiceNumber).optional().openapi({ description: 'Invoice number', example: 'INV1001' }),
});
export type ListTransactionsQuery = z.input<typeof ListTransactionsQuerySchema>;

export const TransactionIdParamsSchema = z.object({
  id: recordId().openapi({ description: 'Transaction id', example: 7001 }),
});
