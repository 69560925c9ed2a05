// The webhooks of section 6 (OpenAPI 3.1 `webhooks`): POSTs the service sends to the
// merchant, each a signed WebhookEnvelope whose `data` decodes to the payload schema named.
import type { WebhookSpec } from '../shared/operation.ts';
import { WEBHOOK_CONTENT_TYPES } from './webhook-encoding.ts';
import { PaymentWebhookEnvelopeSchema, RefundWebhookEnvelopeSchema, WEBHOOK_EXAMPLES } from './webhooks.ts';

/** The media types a webhook body may have, per key (`x-webhook-encodings`). */
const WEBHOOK_ENCODING_TYPES = { default: WEBHOOK_CONTENT_TYPES.json, form: WEBHOOK_CONTENT_TYPES.form };

/** Delivery policy (decision M-webhook-retries). */
export const WEBHOOK_DELIVERY = {
  maxAttempts: 6,
  backoffSeconds: [1, 2, 4, 8, 16],
  attemptTimeoutSeconds: 10,
  toleranceSeconds: 300,
} as const;

export const WEBHOOK_DELIVERY_TEXT =
  `Delivery is at-least-once: up to ${WEBHOOK_DELIVERY.maxAttempts} attempts, the retries after ` +
  `${WEBHOOK_DELIVERY.backoffSeconds.join(' s, ')} s. An attempt fails on any status other than 2xx, a network error, or no answer within ` +
  `${WEBHOOK_DELIVERY.attemptTimeoutSeconds} s. Every attempt is logged and re-signed with its own \`t\`; \`data\` is the same bytes in every attempt, ` +
  'so a receiver can ignore one already processed.';

export const WEBHOOK_SIGNING_TEXT =
  'Verify before trusting: split `signature` on `,` then on `=`; compute the lower-case hex HMAC-SHA256 of `<t>.<data>` (data exactly as ' +
  'received, still base64) keyed with the signing secret shown with the hosted payment plugin; the webhook is authentic when it equals an ' +
  `\`s1\` (constant-time compare). Reject when |now − t| exceeds ${WEBHOOK_DELIVERY.toleranceSeconds} s. Then base64-decode \`data\` and parse the JSON.`;

/** Decision M-webhook-form: the form encoding, and why a receiver keyed by a posted `signing` field cannot verify. */
export const WEBHOOK_FORM_TEXT =
  'Encoding: JSON by default. An API key can be set to form encoding instead (server config `webhookEncoding: "form"` on the key; ' +
  'the sandbox keys use JSON): the same envelope is then POSTed as `application/x-www-form-urlencoded` with exactly two fields, ' +
  '`signature` and `data` (read them as `$_POST[\'signature\']` and `$_POST[\'data\']`), with the same signature, retries and delivery log. ' +
  'Verify exactly as for JSON: `data` is the base64 string as received. ' +
  'Receivers that key the HMAC with a posted `signing` field cannot verify these webhooks, and never will: the signing secret is what ' +
  'proves a webhook comes from us, so a webhook that carried it could be forged by anyone who saw one (a log, a proxy, a misdirected ' +
  'delivery). No webhook ever contains the signing secret or any other credential. Such a receiver must be given the signing secret ' +
  'of the API key in its own settings.';

const responses = {
  200: {
    description:
      'Any 2xx status acknowledges the delivery (the body is ignored). The receiver must accept POST without authorization. ' +
      'Anything else is a failed attempt and is retried.',
  },
};

const common = (payload: string) =>
  `The body is a ${payload.replace(/Payload$/, 'Envelope')} whose \`data\` decodes to a **${payload}** (its \`contentSchema\`; \`x-payload-schema\` repeats the name). ` +
  `${WEBHOOK_SIGNING_TEXT} ${WEBHOOK_DELIVERY_TEXT} ${WEBHOOK_FORM_TEXT} (Decisions M3, M-webhook-form.)`;

const target =
  'Sent to the `webhook_url` of Create a Payment or Create Widget Payment, else to the Webhook URL of the hosted payment plugin. ' +
  'Targets must use https; sandbox keys may target http on 127.0.0.1 or localhost.';

export const merchantWebhooks = {
  paymentFound: {
    summary: 'Payment found (first webhook)',
    description:
      `A payment is found on the blockchain: blockchain status Paid, transaction status pending_confirmation. ${target} ` +
      `Not sent for a payment by a platform user, which is confirmed immediately and gets only paymentConfirmed. ${common('PaymentWebhookPayload')}`,
    tags: ['Webhooks'],
    body: { schema: PaymentWebhookEnvelopeSchema, example: WEBHOOK_EXAMPLES.paymentFound.envelope },
    responses,
    extensions: { 'x-payload-schema': 'PaymentWebhookPayload', 'x-webhook-encodings': WEBHOOK_ENCODING_TYPES },
  },
  paymentConfirmed: {
    summary: 'Payment confirmed (second webhook)',
    description:
      'The required confirmations are reached: blockchain status Confirmed, transaction status paid, overpaid or underpaid. ' +
      `${target} ${common('PaymentWebhookPayload')}`,
    tags: ['Webhooks'],
    body: { schema: PaymentWebhookEnvelopeSchema, example: WEBHOOK_EXAMPLES.paymentConfirmed.envelope },
    responses,
    extensions: { 'x-payload-schema': 'PaymentWebhookPayload', 'x-webhook-encodings': WEBHOOK_ENCODING_TYPES },
  },
  refundProcessed: {
    summary: 'Refund processed',
    description:
      'A refund (e-mail-link or instant) reaches a final status (refunded, problem or cancelled) and a `webhook_url` (https) was given ' +
      `at its creation; nothing is sent when it was omitted. Sent once per refund. ${common('RefundWebhookPayload')}`,
    tags: ['Webhooks'],
    body: { schema: RefundWebhookEnvelopeSchema, example: WEBHOOK_EXAMPLES.refundProcessed.envelope },
    responses,
    extensions: { 'x-payload-schema': 'RefundWebhookPayload', 'x-webhook-encodings': WEBHOOK_ENCODING_TYPES },
  },
} satisfies Record<string, WebhookSpec>;
