// The bodies of the delivery log of the control API (decision S-listen): one
// record per attempt of a merchant sandbox webhook, with the exact bytes and headers sent.
import { paymentWebhookUrl } from '../merchant/enums.ts';
import { WEBHOOK_ENCODINGS } from '../merchant/webhook-encoding.ts';
import { TEXT_LIMITS } from '../shared/limits.ts';
import { boundedInt, recordId } from '../shared/primitives.ts';
import { z } from '../shared/zod.ts';

export const WEBHOOK_EVENTS = ['paymentFound', 'paymentConfirmed', 'refundProcessed'] as const;
/** Page size of the log: default and maximum. */
export const DELIVERIES_LIMIT = { default: 20, max: 100 } as const;
/** Longest wait of one stream request, in seconds. */
export const STREAM_MAX_WAIT_SECONDS = 30;
/** Longest body the log keeps (a webhook body is about 2 kB). */
export const MAX_DELIVERY_BODY = 65_536;

const iso = (description: string) => z.string().max(TEXT_LIMITS.dateTime).openapi({ description, example: '2026-11-25T10:00:02.000Z' });
const merchantKey = (description: string) => z.string().min(1).max(128).openapi({ description, example: 'demo-merchant' });

export const DeliveryHeadersSchema = z
  .object({
    'content-type': z.string().max(TEXT_LIMITS.code * 4).openapi({ example: 'application/json' }),
    accept: z.string().max(TEXT_LIMITS.code * 4).openapi({ example: 'application/json' }),
    'user-agent': z.string().max(TEXT_LIMITS.code * 4).openapi({ example: 'merchant-sandbox-webhooks/2' }),
  })
  .strict()
  .openapi('DeliveryHeaders', { description: 'The request headers the attempt was sent with (besides Host and Content-Length)' });

export const DeliverySchema = z
  .object({
    id: recordId().openapi({ description: 'The attempt (delivery id)', example: 12 }),
    webhook_id: z.string().min(1).max(TEXT_LIMITS.reference).openapi({ description: 'The webhook: every attempt of one event shares it', example: 'wh_3' }),
    merchant: merchantKey('The merchant API key the webhook belongs to'),
    event: z.enum(WEBHOOK_EVENTS).openapi({ description: 'The event' }),
    payment_id: recordId().nullable().openapi({ description: 'The payment the event is about (payment events)', example: 1001 }),
    refund_id: recordId().nullable().openapi({ description: 'The refund the event is about (refundProcessed)', example: null }),
    attempt: boundedInt(1, 1000).openapi({ description: 'Attempt number of this webhook (1 to 6 by the retry schedule; a replay adds one)', example: 1 }),
    replay_of: recordId().nullable().openapi({ description: 'The delivery this attempt replayed (POST /deliveries/{id}/replay); null otherwise', example: null }),
    at: iso('When the attempt was made (sandbox time)'),
    target_url: z.string().max(TEXT_LIMITS.url).nullable().openapi({ description: 'Where it was sent, its userinfo and every query value shown as `***`; null: held for listeners (listen mode, no webhook_url)', example: 'http://127.0.0.1:4000/hooks' }),
    encoding: z.enum(WEBHOOK_ENCODINGS).openapi({ description: 'Body encoding (decision M-webhook-form)' }),
    outcome: z.enum(['delivered', 'failed', 'held']).openapi({ description: '`delivered`: a 2xx answer; `failed`: another status, a network error or a timeout; `held`: not sent (no target), kept for listeners' }),
    response_status: boundedInt(100, 599).nullable().openapi({ description: 'HTTP status of the answer; null on a network error, a timeout or when held', example: 200 }),
    error: z.string().max(TEXT_LIMITS.message).nullable().openapi({ description: 'Why the attempt failed; null when delivered or held', example: null }),
    duration_ms: boundedInt(0).nullable().openapi({ description: 'Wall time from sending to the whole answer, in ms; null when held', example: 4 }),
    next_attempt_at: iso('When the next attempt is due; null when delivered, given up, held or a replay').nullable(),
    signature: z.string().max(TEXT_LIMITS.token).openapi({ description: 'The envelope\'s signature as sent, `t=<unix s>,s1=<hex>` (decision M3)', example: 't=1764064802,s1=5f0c…' }),
    headers: DeliveryHeadersSchema,
    body: z.string().max(MAX_DELIVERY_BODY).openapi({ description: 'The exact body sent (ASCII): the JSON or form envelope `{signature, data}`', example: '{"signature":"t=1764064802,s1=5f0c…","data":"eyJ…"}' }),
  })
  .strict()
  .openapi('Delivery', { description: 'One attempt of one webhook, as sent' });

export const DeliveryListSchema = z
  .object({
    deliveries: z.array(DeliverySchema).max(DELIVERIES_LIMIT.max).openapi({ description: 'Newest first' }),
    has_more: z.boolean().openapi({ description: 'True when older attempts match: ask again with `before` = the last id' }),
  })
  .strict()
  .openapi('DeliveryList');

export const DeliveryStreamSchema = z
  .object({
    deliveries: z.array(DeliverySchema).max(DELIVERIES_LIMIT.max).openapi({ description: 'Oldest first: first attempts and replays after the cursor' }),
    cursor: boundedInt(0).openapi({ description: 'Give it as `after` in the next request', example: 12 }),
  })
  .strict()
  .openapi('DeliveryStream');

export const ListDeliveriesQuerySchema = z.object({
  merchant: merchantKey('Only this merchant key\'s attempts').optional(),
  payment_id: recordId().optional().openapi({ description: 'Only the webhooks of this payment', example: 1001 }),
  refund_id: recordId().optional().openapi({ description: 'Only the webhooks of this refund', example: 9001 }),
  event: z.enum(WEBHOOK_EVENTS).optional().openapi({ description: 'Only this event' }),
  before: recordId().optional().openapi({ description: 'Only attempts with a smaller id (the next page)', example: 13 }),
  limit: boundedInt(1, DELIVERIES_LIMIT.max).default(DELIVERIES_LIMIT.default).openapi({ description: `Page size; default ${DELIVERIES_LIMIT.default}, maximum ${DELIVERIES_LIMIT.max}`, example: 20 }),
});

export const StreamDeliveriesQuerySchema = z.object({
  merchant: merchantKey('The merchant key whose deliveries to receive'),
  after: boundedInt(0).default(0).openapi({ description: 'The cursor: only deliveries with a larger id', example: 0 }),
  wait: boundedInt(0, STREAM_MAX_WAIT_SECONDS).default(0).openapi({ description: `Seconds to wait for a delivery when none is there yet (long poll; 0 to ${STREAM_MAX_WAIT_SECONDS}, default 0: answer at once)`, example: 0 }),
  limit: boundedInt(1, DELIVERIES_LIMIT.max).default(DELIVERIES_LIMIT.max).openapi({ description: `Most deliveries per answer; default and maximum ${DELIVERIES_LIMIT.max}`, example: 100 }),
});

export const DeliveryIdParamsSchema = z.object({
  delivery_id: recordId().openapi({ description: 'The delivery (attempt) id', example: 1 }),
});

export const ReplayRequestSchema = z
  .object({
    url: paymentWebhookUrl('Send here instead of the original target: https, or http on loopback (decision M3)', 'http://127.0.0.1:4000/hooks').optional(),
  })
  .strict()
  .openapi('ReplayRequest');

export const ListenModeSchema = z
  .object({
    enabled: z.boolean().openapi({ description: 'True: webhooks of payments and refunds without a webhook_url are signed and logged (held) for listeners' }),
  })
  .strict()
  .openapi('ListenModeRequest');

export const ListenModeResultSchema = z
  .object({ merchant: merchantKey('The merchant key'), enabled: z.boolean() })
  .strict()
  .openapi('ListenMode', { description: 'Whether a merchant is in listen mode' });

export type Delivery = z.infer<typeof DeliverySchema>;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];
