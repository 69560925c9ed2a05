// The control API's merchant fixtures: a payment of a sandbox merchant key in any
// blockchain status the merchant document defines. Spread into sandboxOperations.
import * as mx from '../merchant/examples.ts';
import { BLOCKCHAIN_STATUSES, INVOICE_STATUSES, REFUND_STATUSES } from '../merchant/enums.ts';
import { CreateInvoiceFieldsSchema, InvoiceSchema } from '../merchant/invoices.ts';
import { CreateRefundRequestSchema, RefundSchema } from '../merchant/refunds.ts';
import { recordId } from '../shared/primitives.ts';
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

export const InvoiceFixtureRequestSchema = z
  .object({
    status: z.enum(INVOICE_STATUSES).openapi({
      description:
        '`unpaid`: created, the simulated recipient still ahead (amount 300: never paid); `pending_confirmation`: paid now, ' +
        'unconfirmed; `paid`, `overpaid` (amount 100), `underpaid` (amount 200): paid and confirmed now (the status must be ' +
        "the one the amount gives, M2); `completed`: confirmed and settled; `cancelled`; `expired`: 90 days past `due_at`, never paid. " +
        'A `due_at` more than 90 days ago allows only `expired` and `cancelled`.',
      example: 'paid',
    }),
    invoice: CreateInvoiceFieldsSchema,
  })
  .strict()
  .openapi('InvoiceFixtureRequest', { description: 'An invoice as POST /merchant/v2/invoices takes it, and the status to load it in' });

export const RefundFixtureRequestSchema = z
  .object({
    status: z.enum(REFUND_STATUSES).openapi({
      description:
        '`pending`: created, the link still ahead; `email_opened`: the link opened; `refunded`: sent now (refundProcessed ' +
        'webhook); `cancelled`: expired unanswered now (refundProcessed webhook); `problem`: processing failed.',
      example: 'refunded',
    }),
    refund: CreateRefundRequestSchema,
  })
  .strict()
  .openapi('RefundFixtureRequest', { description: 'An e-mail refund as POST /merchant/v2/transactions/{transaction_id}/refunds takes it, and its status' });

const { webhook_url: _, ...examplePayment } = mx.createPaymentBody.payment;
const { webhook_url: __, ...exampleRefund } = mx.createRefundBody;
const { due_at: ___, ...exampleInvoice } = mx.createInvoiceBody.invoice;
const apiKey = z.object({ api_key: z.string().min(1).max(128).openapi({ description: 'A merchant API key configured with `sandbox: true`', example: 'demo-merchant' }) });
const bodyErrors = () => partnerErrors({}, 400, 401, 404, 405, 413, 415, 422, 500, 503);

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
      params: apiKey,
      body: { schema: PaymentFixtureRequestSchema, example: { blockchain_status: 'Confirmed', payment: examplePayment } },
    },
    responses: {
      201: { description: 'The payment, in the status asked for', schema: PaymentSchema, example: mx.payment },
      ...bodyErrors(),
    },
  },
  loadInvoice: {
    method: 'post',
    path: '/merchants/{api_key}/invoices',
    summary: 'Load an invoice in a given status',
    description:
      'Creates an invoice of a sandbox merchant key exactly as `POST /merchant/v2/invoices` does, then moves it to `status` ' +
      'at once by the sandbox recipient\'s own steps. Answers the invoice as `GET /merchant/v2/invoices/{id}` shows it.',
    tags: ['Fixtures'],
    security: SANDBOX_SECURITY,
    request: { params: apiKey, body: { schema: InvoiceFixtureRequestSchema, example: { status: 'paid', invoice: { ...exampleInvoice, amount: '10.00' } } } },
    responses: {
      201: { description: 'The invoice, in the status asked for', schema: InvoiceSchema, example: mx.invoice },
      ...bodyErrors(),
    },
  },
  loadRefund: {
    method: 'post',
    path: '/merchants/{api_key}/transactions/{transaction_id}/refunds',
    summary: 'Load a refund in a given status',
    description:
      'Creates an e-mail refund of a paid transaction of a sandbox merchant key exactly as ' +
      '`POST /merchant/v2/transactions/{transaction_id}/refunds` does (the key needs the Refund Create permission; a paid ' +
      'transaction comes from `loadPayment` with `Confirmed`), then moves it to `status` at once. Answers the refund.',
    tags: ['Fixtures'],
    security: SANDBOX_SECURITY,
    request: {
      params: apiKey.extend({ transaction_id: recordId().openapi({ description: 'A paid transaction of the key', example: 7001 }) }),
      body: { schema: RefundFixtureRequestSchema, example: { status: 'refunded', refund: exampleRefund } },
    },
    responses: {
      201: { description: 'The refund, in the status asked for', schema: RefundSchema, example: mx.refund },
      ...bodyErrors(),
    },
  },
});
