// The merchant quick start: one text, shown in the integrator guide and as a guide page of
// docs/merchant.html. quick-start.test.ts keeps the guide's copy equal to it, and the guides'
// ts blocks compile (test/readme-snippets.test.ts), so the snippets here are checked too.
import { SAMPLE_KEYS } from './sandbox.ts';

export const MERCHANT_QUICK_START = `Create a payment, poll it until it is confirmed, and receive its two webhooks. Against \`npm start\`
(the sandbox key \`demo-merchant\`), a payment is found after 2 s and confirmed after 5 s (decision M2).

\`\`\`ts
import { createMerchantClient, unwrap } from 'cryptopay-openapi-client/merchant';

const m = createMerchantClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'demo-merchant', apiSecret: 'demo-merchant-secret' });

// 1. Create it. Show the customer \`amount_due\` of \`crypto_address_info.iso\` to pay to \`crypto_address_info.address\`
//    before \`crypto_address_info.expires_timestamp\` (5 minutes).
const payment = await unwrap(m.POST('/payments', { body: { payment: {
  amount: '25.00', currency_iso: 'USD', crypto_iso: 'BTC', confirmations_required: '3', external_id: 'order-1001',
  invoice_number: 'INV1001', first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', ip: '203.0.113.7',
  webhook_url: 'https://shop.example.com/hooks/cryptopay',
} } }));

// 2. Poll it. \`status.blockchain_status\` is the field that says confirmed: \`Pending\` (nothing found yet),
//    \`Paid\` (found, not yet confirmed), \`Confirmed\` (the required confirmations reached: ship the order),
//    \`Expired\` (the window passed with nothing found). \`status.transaction_status\` says how much arrived:
//    \`paid\`, \`overpaid\` or \`underpaid\` (null before it is found).
const seen = await unwrap(m.GET('/payments/{payment_id}', { params: { path: { payment_id: String(payment.id) }, query: { crypto_iso: 'BTC' } } }));
const confirmed = seen.status.blockchain_status === 'Confirmed';
\`\`\`

Rather than poll, receive the webhooks: \`paymentFound\` (transaction_status \`pending_confirmation\`), then
\`paymentConfirmed\` (\`paid\`, \`overpaid\` or \`underpaid\`), each POSTed to the payment's \`webhook_url\` and signed with
your key's webhook signing secret (sandbox: \`${SAMPLE_KEYS.merchant.signingSecret}\`). \`payment_id\` in the payload is the \`id\` the
create call answered: that links a webhook to its payment.

\`\`\`ts
import express from 'express';
import { webhookHandler } from 'cryptopay-openapi-client/webhooks';

declare function markOrder(paymentId: number, confirmed: boolean, amount: string): Promise<void>; // your own logic

const app = express();
app.post('/hooks/cryptopay', webhookHandler({
  secret: process.env.SIGNING_SECRET!, // verifies the signature and the timestamp, skips a delivery already processed
  onPayment: async (p) => markOrder(p.payment_id, p.transaction_status !== 'pending_confirmation', p.amount_received),
}));
\`\`\`

In tests, skip the waiting: \`POST /sandbox/v1/clock/advance {"seconds": 5}\` runs found and confirmed (and their
webhooks) at once, and \`POST /sandbox/v1/merchants/demo-merchant/payments {"blockchain_status": "Confirmed", "payment": {…}}\`
loads a payment already confirmed (the sandbox control API, \`createSandboxClient\`).`;
