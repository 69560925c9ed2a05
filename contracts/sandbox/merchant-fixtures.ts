// The control API's merchant fixtures (issue 18 point 1): a payment of a sandbox merchant key in any
// blockchain status the merchant document defines. Spread into sandboxOperations.
import * as mx from '../merchant/examples.ts';
import { BLOCKCHAIN_STATUSES } from '../merchant/enums.ts';
import { CreatePaymentFieldsSchema, PaymentSchema } from '../merchant/payments.ts';
import { defineOperations } from '../shared/operation.ts';
import { partnerErrors } from '../shared/responses.ts';
import { z } from '../shared/zod.ts';
import { SANDBOX_SECURITY } from './security.ts';

export const PaymentFixtureRequestSchema = z
  .object({
    blockchain_status: z.enum(BLOCKCHAIN_STATUSES).openapi({
      description:
        '`Pending`: created, its lifecycle (M2) still ahead; `Paid`: found now (paymentFound sent), confirmed on schedule; ' +
        '`Confirmed`: found and confirmed now (both webhooks sent; transaction `paid`, or `overpaid`/`underpaid` for amounts ' +
        '100/200); `Expired`: its address window already over, never found.',
      example: 'Confirmed',
    }),
    payment: CreatePaymentFieldsSchema,
  })
  .strict()
  .openapi('PaymentFixtureRequest', { description: 'A payment as POST /merchant/v2/payments takes it, and the status to load it in' });

const { webhook_url: _, ...examplePayment } = mx.createPaymentBody.payment;

export const merchantFixtureOperations = defineOperations({
  loadPayment: {
    method: 'post',
    path: '/merchants/{api_key}/payments',
    summary: 'Load a payment in a given status',
    description:
      'Creates a payment of a sandbox merchant key exactly as `POST /merchant/v2/payments` does (same validation, same ' +
      'webhooks to its `webhook_url`), then moves it to `blockchain_status` at once. Answers the payment as ' +
      '`GET /merchant/v2/payments/{payment_id}` shows it; its `id` is the payment id.',
    tags: ['Fixtures'],
    security: SANDBOX_SECURITY,
    request: {
      params: z.object({ api_key: z.string().min(1).max(128).openapi({ description: 'A merchant API key configured with `sandbox: true`', example: 'demo-merchant' }) }),
      body: { schema: PaymentFixtureRequestSchema, example: { blockchain_status: 'Confirmed', payment: examplePayment } },
    },
    responses: {
      201: { description: 'The payment, in the status asked for', schema: PaymentSchema, example: mx.payment },
      ...partnerErrors({}, 400, 401, 404, 405, 413, 415, 422, 500, 503),
    },
  },
});
