// Webhooks (sections 5.6 and 6): the signed envelope, the decoded payment and refund payloads,
// and their examples. The receiver parses `data` (base64 JSON) with the payload schemas here.
import { TEXT_LIMITS, REFERENCE_LIST_MAX } from '../shared/limits.ts';
import { decimalString, fiatCurrency, isoDateTime, recordId } from '../shared/primitives.ts';
import { z } from '../shared/zod.ts';
import { BlockchainStatusSchema, CryptoIsoSchema, SIGNATURE_HEADER_PATTERN, TransactionStatusSchema } from './enums.ts';
import { refundFields } from './refunds.ts';

/** Longest base64 `data` of a webhook envelope: what fits the 100 kB body limit a receiver may set. */
export const WEBHOOK_DATA_MAX = 100_000;
export const BASE64_PATTERN = '^[A-Za-z0-9+/]*={0,2}$';

const envelopeSignature = () =>
  z.string().max(TEXT_LIMITS.token).regex(new RegExp(SIGNATURE_HEADER_PATTERN)).openapi({
    description:
      '`t=<unix seconds>,s1=<hex>`: s1 is the lower-case hex HMAC-SHA256 of `<t>.<data>` (data as received, still encoded) keyed with the signing secret (decision M3).',
    example: 't=1767225600,s1=1210f135ab8838d589530d87ad0760bca7caa802cbb08e4e1b99d9f1ec0360ae',
  });
const envelopeData = (payload?: WebhookPayloadName) =>
  z.string().max(WEBHOOK_DATA_MAX).regex(new RegExp(BASE64_PATTERN)).openapi({
    description: `Base64 encoding of the JSON payload (${payload ?? 'PaymentWebhookPayload or RefundWebhookPayload'})`,
    // JSON Schema 2020-12 keywords the metadata type (OpenAPI 3.0 based) does not list; spread to pass them through.
    // contentSchema is the standard place of the decoded payload's schema: generators, docs, the diff and the
    // contract runner read it there.
    ...({
      contentEncoding: 'base64',
      contentMediaType: 'application/json',
      ...(payload ? { contentSchema: { $ref: `#/components/schemas/${payload}` } } : {}),
    } as object),
  });

/** The payload schemas a webhook's `data` decodes to. */
export type WebhookPayloadName = 'PaymentWebhookPayload' | 'RefundWebhookPayload';

/** Any webhook's envelope: what a receiver parses before it knows which event it got. */
export const WebhookEnvelopeSchema = z
  .object({ signature: envelopeSignature(), data: envelopeData() })
  .openapi('WebhookEnvelope', { description: 'Body of every webhook POST: `{signature, data}`' });

/** The envelope of one kind of webhook: its `data` names the payload schema it decodes to (`contentSchema`). */
export const webhookEnvelopeOf = (payload: WebhookPayloadName) =>
  z
    .object({ signature: envelopeSignature(), data: envelopeData(payload) })
    .openapi(payload.replace(/Payload$/, 'Envelope'), { description: `Body of a webhook POST whose \`data\` decodes to a ${payload}: \`{signature, data}\`` });
export const PaymentWebhookEnvelopeSchema = webhookEnvelopeOf('PaymentWebhookPayload');
export const RefundWebhookEnvelopeSchema = webhookEnvelopeOf('RefundWebhookPayload');
export type WebhookEnvelope = z.infer<typeof WebhookEnvelopeSchema>;

export const BlockchainTransactionSchema = z
  .object({
    id: recordId().openapi({ description: 'Blockchain transaction record id', example: 1 }),
    status: BlockchainStatusSchema,
    amount_received: decimalString('Amount received by this blockchain transaction'),
    txid: z.string().max(TEXT_LIMITS.crypto).openapi({ description: 'Blockchain transaction id', example: 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16' }),
    find_time: isoDateTime('When the transaction was found on the blockchain'),
  })
  .openapi('BlockchainTransaction', { description: 'A blockchain transaction paying into the payment address' });

export const PaymentWebhookPayloadSchema = z
  .object({
    external_id: z.string().max(TEXT_LIMITS.reference).openapi({ description: "Merchant's reference", example: 'order-1001' }),
    amount_due: decimalString('Amount due in cryptocurrency'),
    amount_received: decimalString('Amount received in cryptocurrency'),
    exchange_rate: decimalString('Rate in fiat'),
    exchange_rate_currency: fiatCurrency('USD, CAD or EUR'),
    invoice_number: z.string().max(TEXT_LIMITS.invoiceNumber).openapi({ description: 'Invoice number', example: 'INV1001' }),
    transaction_currency: CryptoIsoSchema,
    transaction_status: TransactionStatusSchema,
    payment_id: recordId().openapi({ description: 'Payment id', example: 1001 }),
    transaction_id: recordId().openapi({ description: 'Transaction id', example: 7001 }),
    txid: z.string().max(TEXT_LIMITS.crypto).openapi({ description: 'Blockchain transaction id', example: 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16' }),
    blockchain_transactions: z.array(BlockchainTransactionSchema).max(REFERENCE_LIST_MAX),
  })
  .openapi('PaymentWebhookPayload', { description: 'Decoded `data` of the paymentFound and paymentConfirmed webhooks (section 6)' });
export type PaymentWebhookPayload = z.infer<typeof PaymentWebhookPayloadSchema>;

export const RefundWebhookPayloadSchema = z
  .object({
    id: z.string().max(16).regex(/^[0-9]+$/).openapi({ description: 'Refund id, a string in the webhook', example: '9001' }),
    ...refundFields,
    currency_iso: CryptoIsoSchema.openapi({ description: 'Currency sent as refund' }),
    sandbox_mode: z.boolean().openapi({ description: 'Whether the refund was created in sandbox mode', example: true }),
  })
  .openapi('RefundWebhookPayload', { description: 'Decoded `data` of the refundProcessed webhook: the Refund fields (2.7) with id as a string' });
export type RefundWebhookPayload = z.infer<typeof RefundWebhookPayloadSchema>;

const TXID = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';
const foundPayload: PaymentWebhookPayload = {
  external_id: 'order-1001', amount_due: '0.00025', amount_received: '0.00025', exchange_rate: '40000.00',
  exchange_rate_currency: 'USD', invoice_number: 'INV1001', transaction_currency: 'BTC',
  transaction_status: 'pending_confirmation', payment_id: 1001, transaction_id: 7001, txid: TXID,
  blockchain_transactions: [{ id: 1, status: 'Paid', amount_received: '0.00025', txid: TXID, find_time: '2026-01-01T00:00:02.000Z' }],
};
const confirmedPayload: PaymentWebhookPayload = {
  ...foundPayload,
  transaction_status: 'paid',
  blockchain_transactions: [{ ...foundPayload.blockchain_transactions[0]!, status: 'Confirmed' }],
};
const refundPayload: RefundWebhookPayload = {
  id: '9001', amount_to_refund: '0.00025', amount_to_refund_fiat: '10.00', email: 'jane@example.com',
  expires_at: '2026-01-02T00:00:00.000Z', status: 'refunded', txid: TXID, transaction_fees: '0.10',
  created_at: '2026-01-01T00:00:00.000Z', url: 'https://portal.example.com/refunds/9001',
  webhook_url: 'https://merchant.example.com/hooks/refunds', currency_iso: 'BTC', sandbox_mode: true,
};

/** Time and secret the example envelopes are signed with (the sandbox signing secret of the sandbox defaults). */
export const WEBHOOK_EXAMPLE_SIGNING = { secret: 'demo-signing-secret', t: 1767225600 } as const;

// base64 via btoa keeps this module free of node:crypto (browser-safe); the signatures are
// fixed strings, checked against webhookSignature() by the tests.
const envelope = (payload: unknown, s1: string): WebhookEnvelope => ({
  signature: `t=${WEBHOOK_EXAMPLE_SIGNING.t},s1=${s1}`,
  data: btoa(JSON.stringify(payload)),
});

export const WEBHOOK_EXAMPLES = {
  paymentFound: { payload: foundPayload, envelope: envelope(foundPayload, '1210f135ab8838d589530d87ad0760bca7caa802cbb08e4e1b99d9f1ec0360ae') },
  paymentConfirmed: { payload: confirmedPayload, envelope: envelope(confirmedPayload, '57271e1f8185940e3aecfbf458e172d7559d3b6d6b559c610063b333b5893b10') },
  refundProcessed: { payload: refundPayload, envelope: envelope(refundPayload, '5b2649934d50c2fadd2b1b728845fb581826c05a81837f41dabbb5410c1b6f66') },
} as const;
