// The delivery log of the control API: list, read, stream and replay the merchant
// sandbox's webhook attempts, and listen mode (decision S-listen).
import type { Decision } from '../shared/contract.ts';
import { defineOperations } from '../shared/operation.ts';
import { partnerErrors } from '../shared/responses.ts';
import { z } from '../shared/zod.ts';
import {
  DeliveryIdParamsSchema, DeliveryListSchema, DeliverySchema, DeliveryStreamSchema, ListDeliveriesQuerySchema, ListenModeResultSchema,
  ListenModeSchema, ReplayRequestSchema, STREAM_MAX_WAIT_SECONDS, StreamDeliveriesQuerySchema, type Delivery,
} from './delivery-schemas.ts';

const SECURITY = [{ SandboxBasic: [] }, {}] as const;
const TAGS = ['Webhook deliveries'];
const errors = () => partnerErrors({}, 400, 401, 404, 405, 422, 500, 503);
const bodyErrors = () => partnerErrors({}, 400, 401, 404, 405, 413, 415, 422, 500, 503);

const signature = 't=1764064802,s1=0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c';
const data = 'eyJwYXltZW50X2lkIjoxMDAxfQ==';
const deliveryExample: Delivery = {
  id: 1, webhook_id: 'wh_1', merchant: 'demo-merchant', event: 'paymentFound', payment_id: 1001, refund_id: null, attempt: 1, replay_of: null,
  at: '2026-11-25T10:00:02.000Z', target_url: 'http://127.0.0.1:4000/hooks', encoding: 'json', outcome: 'delivered', response_status: 200,
  error: null, duration_ms: 4, next_attempt_at: null, signature,
  headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'merchant-sandbox-webhooks/2' },
  body: JSON.stringify({ signature, data }),
};

export const deliveryDecisions: Decision[] = [
  {
    id: 'S-listen',
    gap: 'How the delivery log is read, replayed and followed (`webhooks listen`, `webhooks replay`)',
    decision:
      'The merchant sandbox logs every webhook attempt with the exact body and headers it sent, its target, encoding, ' +
      'answer status or error and duration. `GET /deliveries` lists attempts newest first (filter by merchant, payment, ' +
      'refund, event; page with `before`); `GET /deliveries/{id}` reads one. `POST /deliveries/{id}/replay` sends the logged ' +
      'body and headers again, byte for byte (the signature keeps its original `t`), to the original target or `url`, ' +
      'once, without retries, and logs it as a new attempt of the same webhook with `replay_of`. `GET /deliveries/stream` ' +
      `is a long poll (up to ${STREAM_MAX_WAIT_SECONDS} s): the first attempt of each webhook and every replay of one ` +
      'merchant after a cursor (the last id seen), oldest first, so a listener forwards each webhook once, however often ' +
      'the sandbox retries it. `POST /merchants/{key}/listen` turns listen mode on: a payment or refund without a ' +
      '`webhook_url` still has its webhooks signed and logged, as `held` attempts with no target, so a listener receives ' +
      'them; nothing is sent and nothing is retried. Listen mode ends when turned off, at a reset or a restart. The log is the ' +
      "sandbox's store (kept in the state file when there is one): a reset empties it."
  },
];

export const deliveryOperations = defineOperations({
  listDeliveries: {
    method: 'get',
    path: '/deliveries',
    summary: 'List webhook delivery attempts',
    description: 'Every attempt of every webhook of the merchant sandbox, newest first: time, target, encoding, answer status or error, duration, and the exact bytes and headers sent (S-listen).',
    tags: TAGS,
    security: SECURITY,
    request: { query: ListDeliveriesQuerySchema },
    responses: {
      200: { description: 'A page of the log', schema: DeliveryListSchema, example: { deliveries: [deliveryExample], has_more: false } },
      ...errors(),
    },
  },
  streamDeliveries: {
    method: 'get',
    path: '/deliveries/stream',
    summary: "Receive a merchant's deliveries (long poll)",
    description:
      'The first attempt of each webhook and every replay of one merchant with an id above `after`, oldest first; when there is ' +
      'none yet, waits up to `wait` seconds for one. Answer with the deliveries and the cursor to give next time (S-listen).',
    tags: TAGS,
    security: SECURITY,
    request: { query: StreamDeliveriesQuerySchema },
    responses: {
      200: { description: 'Deliveries after the cursor (possibly none)', schema: DeliveryStreamSchema, example: { deliveries: [deliveryExample], cursor: 1 } },
      ...errors(),
    },
  },
  getDelivery: {
    method: 'get',
    path: '/deliveries/{delivery_id}',
    summary: 'Read one delivery attempt',
    description: 'One attempt of the log, with the exact body and headers sent.',
    tags: TAGS,
    security: SECURITY,
    request: { params: DeliveryIdParamsSchema },
    responses: {
      200: { description: 'The attempt', schema: DeliverySchema, example: deliveryExample },
      ...errors(),
    },
  },
  replayDelivery: {
    method: 'post',
    path: '/deliveries/{delivery_id}/replay',
    summary: 'Send a logged delivery again',
    description:
      'Sends the logged body and headers again, byte for byte, to the original target or to `url`, once, and logs the ' +
      'attempt (a new delivery with `replay_of`). A held delivery (no target) needs `url`. A failed send is still 201: ' +
      'the new attempt says how it failed.',
    tags: TAGS,
    security: SECURITY,
    request: { params: DeliveryIdParamsSchema, body: { schema: ReplayRequestSchema, example: { url: 'http://127.0.0.1:4000/hooks' } } },
    responses: {
      201: { description: 'The new attempt', schema: DeliverySchema, example: { ...deliveryExample, id: 2, attempt: 2, replay_of: 1 } },
      ...bodyErrors(),
    },
  },
  setListenMode: {
    method: 'post',
    path: '/merchants/{api_key}/listen',
    summary: 'Turn listen mode on or off',
    description: 'In listen mode the webhooks of a merchant\'s payments and refunds without a `webhook_url` are signed and logged as held deliveries, for `GET /deliveries/stream` (S-listen).',
    tags: TAGS,
    security: SECURITY,
    request: {
      params: z.object({ api_key: z.string().min(1).max(128).openapi({ description: 'A configured sandbox merchant key', example: 'demo-merchant' }) }),
      body: { schema: ListenModeSchema, example: { enabled: true } },
    },
    responses: {
      200: { description: 'Listen mode now', schema: ListenModeResultSchema, example: { merchant: 'demo-merchant', enabled: true } },
      ...bodyErrors(),
    },
  },
});
