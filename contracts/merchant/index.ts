// The Merchant Payments API contract (the Merchant Payments API document). Exports the
// contract for the generator, and the schemas a client needs at runtime (webhook payloads, CSV).
import type { ApiContract } from '../shared/contract.ts';
import { InvoiceCsvRowSchema } from './csv.ts';
import { MERCHANT_RATE_LIMIT, merchantDecisions } from './decisions.ts';
import { merchantLinks } from './links.ts';
import { merchantOperations } from './operations.ts';
import { idempotencyDecision } from '../shared/idempotency.ts';
import { MerchantErrorSchema } from '../shared/errors.ts';
import { WEBHOOK_DELIVERY, WEBHOOK_SIGNING_TEXT, merchantWebhooks } from './ops-webhooks.ts';
import { PaymentWebhookPayloadSchema, RefundWebhookPayloadSchema } from './webhooks.ts';
import { versionedPath } from '../shared/release.ts';
import { release } from './release.ts';

const description = `Accept cryptocurrency payments priced in a fiat merchant currency (USD, CAD or EUR): hosted widget payments,
direct payments, invoices and invoice recipients, transactions, refunds, currencies and payouts, with webhooks on payment and refund events.

## Authentication

HTTP Basic on every request: \`Authorization: Basic base64(<API_KEY>:<API_SECRET>)\`. Missing or wrong credentials answer 401 code \`1001\`.
Requests and responses are JSON (\`Content-Type\` and \`Accept\`: \`application/json\`). Sandbox keys and live keys are separate; sandbox
keys act on sandbox transactions (\`is_sandbox: true\`), which are simulated without any blockchain transaction (decision M2).
Creating refunds needs the **Refund Create** permission on the key (\`x-required-permission: refund:create\`).

Sandbox credentials of the reference server: \`demo-merchant\` / \`demo-merchant-secret\` (Refund Create permission, hosted payment id 1,
webhook signing secret \`demo-signing-secret\`) and \`demo-merchant-norefund\` / \`demo-merchant-norefund-secret\` (no refund permission).

## Displaying a payment

Show the amount due to the currency precision and the address (for XRP also the destination tag, which the customer must use; the
X-address is provided). A QR code is optional. URI schemes: \`<currency name>:<address>[?amount=<amount>][?label=<label>][?message=<message>]\`
for Bitcoin, Litecoin and Bitcoin Cash; \`ethereum:<address>[?value=<value>][?gas=<suggestedGas>][?data=<bytecode>]\` for Ethereum.
The customer must pay within five minutes of display; a payment sent in time is processed once found.

## Webhooks

${WEBHOOK_SIGNING_TEXT} Delivery: up to ${WEBHOOK_DELIVERY.maxAttempts} attempts (decision M-webhook-retries).

## Limits

| Limit | Value |
|---|---|
| GET /transactions \`limit\` | default 100, maximum 500 |
| Confirmations threshold | minimum 1 |
| Refund \`expires_in\` | 12 to 336 hours, default 24 |
| Invoice life | expires 90 days after \`due_at\` |
| Payment address window | five minutes from display (\`expires_timestamp\`) |
| Webhook timestamp tolerance (recommended) | ${WEBHOOK_DELIVERY.toleranceSeconds} seconds |
| Polling Query a Payment (recommended) | every 5 s until found, then about every minute |
| Rate limit | ${MERCHANT_RATE_LIMIT.requestsPerMinute} requests per minute per API key; then 429 code \`1007\` with \`Retry-After\` |
| Request body | 100 kB (413 code \`1008\`) |

Recommended confirmations (low risk): Bitcoin 3, Ethereum 24, Litecoin 12, Bitcoin Cash 3.`;

export const merchantContract = {
  id: 'merchant',
  title: 'Merchant Payments API',
  version: release.version,
  unreleased: release.unreleased,
  description,
  basePath: versionedPath('/merchant', release.version),
  tags: [
    { name: 'Payments', description: 'Hosted widget payments and direct payments' },
    { name: 'Transactions', description: 'Transactions and their blockchain status' },
    { name: 'Invoices', description: 'Invoices a recipient pays through a URL' },
    { name: 'Invoice recipients', description: 'Saved invoice recipients' },
    { name: 'Refunds', description: 'E-mail-link and instant refunds (Refund Create permission)' },
    { name: 'Currencies', description: 'Cryptocurrencies enabled for payments' },
    { name: 'Payouts', description: 'Payouts to the merchant and the estimate of the next one' },
    { name: 'Webhooks', description: 'Signed POSTs the service sends to the merchant' },
  ],
  securitySchemes: {
    BasicAuth: {
      type: 'http',
      scheme: 'basic',
      description: 'HTTP Basic: `base64(<API_KEY>:<API_SECRET>)`. Sandbox and live keys are separate.',
    },
  },
  operations: merchantOperations,
  links: merchantLinks,
  idempotentPosts: { errorSchema: MerchantErrorSchema },
  webhooks: merchantWebhooks,
  extraSchemas: {
    PaymentWebhookPayload: PaymentWebhookPayloadSchema,
    RefundWebhookPayload: RefundWebhookPayloadSchema,
  },
  schemaFiles: { InvoiceCsvRow: InvoiceCsvRowSchema },
  decisions: [...merchantDecisions, idempotencyDecision('M-idempotency')],
  extensions: {
    'x-rate-limit': { requestsPerMinute: MERCHANT_RATE_LIMIT.requestsPerMinute, per: MERCHANT_RATE_LIMIT.per, errorCode: MERCHANT_RATE_LIMIT.errorCode },
    'x-webhook-delivery': WEBHOOK_DELIVERY,
  },
} satisfies ApiContract<typeof merchantOperations>;

// Runtime schemas and types for clients and the server.
export { merchantOperations, type MerchantOperationId, type MerchantOperations } from './operations.ts';
export { merchantWebhooks, WEBHOOK_DELIVERY } from './ops-webhooks.ts';
export {
  PaymentWebhookPayloadSchema, RefundWebhookPayloadSchema, WebhookEnvelopeSchema, BlockchainTransactionSchema,
  type PaymentWebhookPayload, type RefundWebhookPayload, type WebhookEnvelope,
} from './webhooks.ts';
export { InvoiceCsvRowSchema, INVOICE_CSV_COLUMNS, INVOICE_CSV_MAX_ROWS, type InvoiceCsvRow, type InvoiceCsvColumn } from './csv.ts';
export * from './enums.ts';
export * from './payments.ts';
export * from './transactions.ts';
export * from './invoices.ts';
export * from './recipients.ts';
export * from './refunds.ts';
export * from './currencies.ts';
export * from './payouts.ts';
