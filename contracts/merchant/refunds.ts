// Refunds (sections 2.7, 2.8, 4.13 to 4.16): e-mail-link refunds and instant refunds. Which
// amount field is required depends on the transaction's settlement method, which only the
// server knows; the schema requires at least one of them and the server the matching one.
import { TEXT_LIMITS, UNPAGED_LIST_MAX } from '../shared/limits.ts';
import { decimalString, email, isoDateTime, positiveDecimalString, positiveFiatAmount, recordId } from '../shared/primitives.ts';
import { z } from '../shared/zod.ts';
import { InstantRefundStatusSchema, RefundStatusSchema, httpsUrl, reference } from './enums.ts';

const nullableDecimal = (description: string, example: string | null) =>
  z.union([decimalString(), z.null()]).openapi({ description, example });

/** Fields of 2.7 shared by the Refund resource and the refund webhook payload (whose id is a string). */
export const refundFields = {
  amount_to_refund: nullableDecimal('Amount in the transaction cryptocurrency', '0.00025'),
  amount_to_refund_fiat: decimalString('Amount in the transaction fiat currency, converted at processing time'),
  email: email('Customer e-mail address'),
  expires_at: isoDateTime('Expiry, ISO 8601 UTC: creation plus expires_in hours'),
  status: RefundStatusSchema,
  txid: z.union([z.string().max(TEXT_LIMITS.crypto), z.null()]).openapi({ description: "Refund's cryptocurrency transaction id; null until sent", example: null }),
  transaction_fees: decimalString('Blockchain fee: fiat for instant settlement, cryptocurrency for manual'),
  created_at: isoDateTime('Creation time, ISO 8601 UTC'),
  url: z.url().max(TEXT_LIMITS.url).openapi({ description: 'URL sent to the customer to process the refund', example: 'https://portal.example.com/refunds/9001' }),
  webhook_url: httpsUrl('Where the refund webhook is delivered; present when given').optional(),
};

export const RefundSchema = z
  .object({ id: recordId().openapi({ description: 'Refund id', example: 9001 }), ...refundFields })
  .openapi('Refund', { description: 'An e-mail-link refund (section 2.7)' });
export type Refund = z.infer<typeof RefundSchema>;

export const RefundListSchema = z
  .object({ refunds: z.array(RefundSchema).max(UNPAGED_LIST_MAX) })
  .openapi('RefundList', { description: 'Refunds of one transaction' });

export const InstantRefundSchema = z
  .object({
    refund_id: recordId().openapi({ description: 'Refund id for follow-up queries', example: 9002 }),
    transaction_id: recordId().openapi({ description: 'Id of the newly created refund transaction', example: 7002 }),
    amount_to_refund: nullableDecimal('Cryptocurrency amount', '0.00025'),
    amount_to_refund_fiat: decimalString('Fiat amount'),
    status: InstantRefundStatusSchema,
    blockchain_txid: z.union([z.string().max(TEXT_LIMITS.crypto), z.null()]).openapi({ description: 'Blockchain hash of the refunded crypto; null until sent', example: null }),
    created_at: isoDateTime('Creation time, ISO 8601 UTC'),
  })
  .openapi('InstantRefund', { description: 'An instant refund (section 2.8); asynchronous, updated once on the blockchain' });
export type InstantRefund = z.infer<typeof InstantRefundSchema>;

export const REFUND_EXPIRES_IN = { min: 12, max: 336, default: 24 } as const;
export const REFUND_AMOUNT_RULE =
  'Give `amount_to_refund_fiat` for an instant-settlement transaction, `amount_to_refund` for a manual-settlement one: ' +
  'the schema requires at least one, the server the one matching the settlement method (422 naming it) and ignores the other. ' +
  'Refunds cannot exceed what was received (422 code 2002, decision M4).';

type Amounts = { amount_to_refund_fiat?: string | undefined; amount_to_refund?: string | undefined };
function requireAnAmount(v: Amounts, ctx: z.RefinementCtx): void {
  if (v.amount_to_refund_fiat !== undefined || v.amount_to_refund !== undefined) return;
  for (const field of ['amount_to_refund_fiat', 'amount_to_refund'] as const) {
    ctx.addIssue({ code: 'custom', path: [field], message: 'give amount_to_refund_fiat (instant settlement) or amount_to_refund (manual settlement)' });
  }
}
const amountAnyOf = [{ required: ['amount_to_refund_fiat'] }, { required: ['amount_to_refund'] }];

export const CreateRefundRequestSchema = z
  .object({
    email: email('Customer address for the refund link'),
    amount_to_refund_fiat: positiveFiatAmount('Fiat amount. Required for instant-settlement transactions.').optional(),
    amount_to_refund: positiveDecimalString('Cryptocurrency amount. Required for manual-settlement transactions.').optional(),
    expires_in: z.number().int().min(REFUND_EXPIRES_IN.min).max(REFUND_EXPIRES_IN.max).default(REFUND_EXPIRES_IN.default).openapi({
      description: 'Hours the customer has to accept; 12 to 336, default 24 (decision M4)',
      example: 24,
    }),
    send_email: z.boolean().default(false).openapi({ description: 'The service e-mails the refund link to the customer; default false' }),
    webhook_url: httpsUrl('Refund webhook target; must use https. Omitted: no webhook.').optional(),
  })
  .superRefine(requireAnAmount)
  .openapi('CreateRefundRequest', { description: `Body of Create a Refund (section 4.13), flat. ${REFUND_AMOUNT_RULE}`, anyOf: amountAnyOf });
export type CreateRefundRequest = z.input<typeof CreateRefundRequestSchema>;

export const CreateInstantRefundRequestSchema = z
  .object({
    id: recordId().openapi({ description: 'Transaction id', example: 7001 }),
    refund_full_amount: z.boolean().default(false).openapi({
      description: 'True refunds the whole received amount; then the amount fields must be omitted. Default false.',
    }),
    amount_to_refund_fiat: positiveFiatAmount('Fiat amount. Required for instant settlement unless refund_full_amount.').optional(),
    amount_to_refund: positiveDecimalString('Cryptocurrency amount. Required for manual settlement unless refund_full_amount.').optional(),
    address: reference("Valid blockchain address for the transaction's currency (checked by the server)", 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'),
    destination_tag: z.string().max(TEXT_LIMITS.crypto).optional().openapi({ description: 'XRP destination tag' }),
    webhook_url: httpsUrl('Refund webhook target; must use https. Omitted: no webhook.').optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.refund_full_amount) return requireAnAmount(v, ctx);
    for (const field of ['amount_to_refund_fiat', 'amount_to_refund'] as const) {
      if (v[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'omit amounts when refund_full_amount is true' });
    }
  })
  .openapi('CreateInstantRefundRequest', {
    description: `Body of Create an Instant Refund (section 4.14), flat. With refund_full_amount true no amount is given; otherwise: ${REFUND_AMOUNT_RULE}`,
    // Full refund (amount fields forbidden: `not: {}`), or a partial one with an amount field.
    anyOf: [
      {
        required: ['refund_full_amount'],
        properties: { refund_full_amount: { const: true }, amount_to_refund_fiat: { not: {} }, amount_to_refund: { not: {} } },
      },
      { required: ['amount_to_refund_fiat'], properties: { refund_full_amount: { const: false } } },
      { required: ['amount_to_refund'], properties: { refund_full_amount: { const: false } } },
    ],
  });
export type CreateInstantRefundRequest = z.input<typeof CreateInstantRefundRequestSchema>;

export const TransactionRefundParamsSchema = z.object({
  transaction_id: recordId().openapi({ description: 'Transaction id', example: 7001 }),
});
export const RefundIdParamsSchema = z.object({
  refund_id: recordId().openapi({ description: 'Refund id', example: 9001 }),
});
