// Vocabularies of the merchant document: the status vocabularies of section 3, the
// cryptocurrencies and networks of section 2.9, settlement methods, and two small field types
// (Unix timestamps, https-only webhook targets) reused by several resources.
import { TEXT_LIMITS } from '../shared/limits.ts';
import { boundedInt } from '../shared/primitives.ts';
import { z } from '../shared/zod.ts';

/** Cryptocurrencies the document lists (section 2.9). */
export const CRYPTO_ISOS = ['BTC', 'ETH', 'LTC', 'BCH', 'XRP', 'USDT'] as const;
export const CryptoIsoSchema = z.enum(CRYPTO_ISOS).openapi('CryptoIso', {
  description:
    'Cryptocurrency code. An unknown value answers 422 with code `2004` (Invalid currency type) naming the field (decision M1).',
  example: 'BTC',
});
export type CryptoIso = z.infer<typeof CryptoIsoSchema>;

/** Networks of USDT (section 2.9); other currencies have none. */
export const NETWORK_TYPES = ['ERC-20', 'BEP-20', 'TRC-20'] as const;
export const NetworkTypeSchema = z.enum(NETWORK_TYPES).openapi('NetworkType', {
  description: 'Network of a currency with several networks (USDT: ERC-20, BEP-20 or TRC-20)',
  example: 'ERC-20',
});
export type NetworkType = z.infer<typeof NetworkTypeSchema>;

export const SETTLEMENT_METHODS = ['instant', 'manual'] as const;
export const SettlementMethodSchema = z.enum(SETTLEMENT_METHODS).openapi('SettlementMethod', {
  description:
    '`instant`: settled in the merchant fiat currency (fees in fiat); `manual`: settled in the transaction cryptocurrency (fees in that cryptocurrency)',
  example: 'instant',
});
export type SettlementMethod = z.infer<typeof SettlementMethodSchema>;

// Section 3. `null` belongs to the transaction and delivery vocabularies; it is not an enum value
// here but written `z.union([Enum, z.null()])` on the fields that may carry it (zod-to-openapi renders `.nullable()` of a named schema depending on order).
export const TRANSACTION_STATUSES = [
  'invoice_sent', 'pending_confirmation', 'paid', 'overpaid', 'underpaid', 'completed', 'cancelled',
] as const;
export const TransactionStatusSchema = z.enum(TRANSACTION_STATUSES).openapi('TransactionStatus', {
  description:
    'Transaction status. `invoice_sent`: not found on the blockchain (invoices only); `pending_confirmation`: found, waiting for confirmation; ' +
    '`paid`: confirmed, received equals due; `overpaid` / `underpaid`: confirmed, received greater / less than due; ' +
    '`completed`: previously overpaid or underpaid, marked completed by the merchant; `cancelled`: found but never confirmed. ' +
    'Where a field allows `null`, null means the transaction is not created yet (payment not found on the blockchain).',
  example: 'paid',
});
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>;

export const BLOCKCHAIN_STATUSES = ['Pending', 'Paid', 'Confirmed', 'Expired'] as const;
export const BlockchainStatusSchema = z.enum(BLOCKCHAIN_STATUSES).openapi('BlockchainStatus', {
  description:
    'Blockchain status. `Pending`: not found; `Paid`: found, awaiting confirmation; `Confirmed`: required confirmations reached; ' +
    '`Expired`: the address window (`expires_timestamp`) passed with no funds received within it; final (decision M-expired).',
  example: 'Confirmed',
});
export type BlockchainStatus = z.infer<typeof BlockchainStatusSchema>;

export const PAYOUT_STATUSES = ['processing', 'completed', 'settlement_pending', 'settlement_error'] as const;
export const PayoutStatusSchema = z.enum(PAYOUT_STATUSES).openapi('PayoutStatus', {
  description:
    'Payout status. `settlement_pending`: generated, not processed; `processing`: being processed; `completed`: payment made; ' +
    '`settlement_error`: error while processing (manual payouts).',
  example: 'completed',
});
export type PayoutStatus = z.infer<typeof PayoutStatusSchema>;

export const INVOICE_STATUSES = [
  'unpaid', 'cancelled', 'expired', 'pending_confirmation', 'paid', 'overpaid', 'underpaid', 'completed',
] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES).openapi('InvoiceStatus', {
  description:
    'Invoice status. `unpaid`: created, not paid; `cancelled`: marked cancelled; `expired`: past `expires_at`; ' +
    'the payment statuses `pending_confirmation`, `paid`, `overpaid`, `underpaid`, `completed` follow the invoice transaction.',
  example: 'unpaid',
});
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

export const INVOICE_DELIVERY_STATUSES = ['sent', 'viewed', 'opened', 'error', 'bounced', 'delivered', 'spam'] as const;
export const InvoiceDeliveryStatusSchema = z.enum(INVOICE_DELIVERY_STATUSES).openapi('InvoiceDeliveryStatus', {
  description:
    'Delivery status of the invoice e-mail. `sent`, `delivered`; `opened`: e-mail viewed; `viewed`: link in the e-mail clicked; ' +
    '`bounced`: undeliverable; `error`, `spam`. Where the field is `null`, the e-mail is pending (if `send_customer_email` is true) or not sent by the service.',
  example: 'sent',
});
export type InvoiceDeliveryStatus = z.infer<typeof InvoiceDeliveryStatusSchema>;

export const REFUND_STATUSES = ['pending', 'cancelled', 'refunded', 'email_opened', 'problem'] as const;
export const RefundStatusSchema = z.enum(REFUND_STATUSES).openapi('RefundStatus', {
  description:
    'E-mail-link refund status: `pending` → `email_opened` → `refunded`; `cancelled` when `expires_at` passes unanswered; `problem` when processing fails (decision M-refund-transitions).',
  example: 'pending',
});
export type RefundStatus = z.infer<typeof RefundStatusSchema>;

export const INSTANT_REFUND_STATUSES = ['pending', 'refunded', 'problem'] as const;
export const InstantRefundStatusSchema = z.enum(INSTANT_REFUND_STATUSES).openapi('InstantRefundStatus', {
  description: 'Instant refund status: `pending` → `refunded` once on the blockchain, or `problem` (decision M-refund-transitions).',
  example: 'pending',
});
export type InstantRefundStatus = z.infer<typeof InstantRefundStatusSchema>;

/** Unix time in seconds. */
export const unixSeconds = (description: string, example = 1767225600) =>
  boundedInt(0).openapi({ description, example });

/** Refund webhook targets: the document says "must use https". */
export const HTTPS_URL_PATTERN = '^https://';
export const httpsUrl = (description: string, example = 'https://merchant.example.com/hooks/refunds') =>
  z.url().max(TEXT_LIMITS.url).regex(new RegExp(HTTPS_URL_PATTERN)).openapi({ format: 'uri', description, example });

/**
 * Redirect and payment-webhook targets: an http(s) URL. Which of them may be plain http is a
 * server rule (decision M3: https, or http on loopback for sandbox keys), not a schema rule.
 */
export const WEB_URL_PATTERN = '^https?://';
export const webUrl = (description: string, example = 'https://merchant.example.com/hooks/payments') =>
  z.url().max(TEXT_LIMITS.url).regex(new RegExp(WEB_URL_PATTERN)).openapi({ format: 'uri', description, example });

/** Required free-text references (external_id, addresses): the document gives no character class; empty is meaningless. */
export const reference = (description: string, example: string) => z.string().min(1).max(TEXT_LIMITS.reference).openapi({ description, example });

/** Webhook envelope `signature`: `t=<unix s>,s1=<64 hex>` (several s1 allowed), decision M3. */
// No leading zero in t: the signature covers the timestamp as written, so it has one spelling.
export const SIGNATURE_HEADER_PATTERN = '^t=(0|[1-9][0-9]*)(,s1=[0-9a-f]{64})+$';

/**
 * Payment-webhook targets (decision M3): https, or plain http on loopback (127.0.0.1, localhost,
 * [::1]) so local development works; the server further refuses the http form for live keys.
 */
export const PAYMENT_WEBHOOK_URL_PATTERN = '^(https://|http://(127\\.0\\.0\\.1|localhost|\\[::1\\])(:[0-9]+)?(/|$))';
export const paymentWebhookUrl = (description: string, example = 'https://merchant.example.com/hooks/payments') =>
  z.url().max(TEXT_LIMITS.url).regex(new RegExp(PAYMENT_WEBHOOK_URL_PATTERN)).openapi({ format: 'uri', description, example });
