// Operations 4.1 to 4.5: widget payments, direct payments, transactions.
import { defineOperations } from '../shared/operation.ts';
import * as ex from './examples.ts';
import {
  BASIC_AUTH, DUPLICATE_INVOICE_422, INVALID_CURRENCY_422, errorsFor, withError,
} from './ops-common.ts';
import {
  CreatePaymentRequestSchema, CreateWidgetPaymentRequestSchema, GetPaymentParamsSchema, GetPaymentQuerySchema, PaymentSchema,
  WidgetPaymentSchema,
} from './payments.ts';
import { ListTransactionsQuerySchema, TransactionIdParamsSchema, TransactionListSchema, TransactionSchema } from './transactions.ts';

export const paymentOperations = defineOperations({
  createWidgetPayment: {
    method: 'post',
    path: '/widget_payments',
    summary: 'Create a widget payment (hosted payment page)',
    description:
      'Creates a hosted payment and returns a token. Redirect the customer to `{portal_url}/widget/payment?data=<token>`. ' +
      'After paying, the customer is redirected to `callback_url` if given, otherwise to the plugin\'s Payment received URL, ' +
      'with `external_id=<external_id>` appended. The redirect happens when a crypto payment is found but not fully confirmed, ' +
      'and after a platform user completes a payment. Answers HTTP 200, matching the `status: 200` of the body (decision M-created).',
    tags: ['Payments'],
    security: BASIC_AUTH,
    request: { body: { schema: CreateWidgetPaymentRequestSchema, example: ex.createWidgetPaymentBody } },
    responses: {
      200: { description: 'Widget payment created', schema: WidgetPaymentSchema, example: ex.widgetPayment },
      ...withError(errorsFor({ body: true }), 422, DUPLICATE_INVOICE_422('invoice_number')),
    },
  },
  createPayment: {
    method: 'post',
    path: '/payments',
    summary: 'Create a payment (direct)',
    description:
      'Converts the fiat amount into the cryptocurrency at the current rate and issues an address. Show the customer the amount ' +
      'due (to the currency precision) and the address; for XRP also the destination tag, which the customer must use. ' +
      'The customer must pay within five minutes (`expires_timestamp`). Fields are nested under `payment`. ' +
      'Sandbox keys follow the simulated lifecycle of decision M2 (amount 100 ends overpaid, 200 underpaid).',
    tags: ['Payments'],
    security: BASIC_AUTH,
    request: { body: { schema: CreatePaymentRequestSchema, example: ex.createPaymentBody } },
    responses: {
      201: { description: 'Payment created', schema: PaymentSchema, example: ex.payment },
      ...withError(errorsFor({ body: true }), 422, INVALID_CURRENCY_422('payment.crypto_iso')),
    },
  },
  getPayment: {
    method: 'get',
    path: '/payments/{payment_id}',
    summary: 'Query a payment',
    description:
      'Returns a payment. Polling guidance: every 5 seconds until found, then about every minute or less often until confirmed. ' +
      'A missing record answers 404.',
    tags: ['Payments'],
    security: BASIC_AUTH,
    request: { params: GetPaymentParamsSchema, query: GetPaymentQuerySchema },
    responses: {
      200: { description: 'The payment', schema: PaymentSchema, example: ex.paymentConfirmed },
      ...withError(errorsFor({ path: true, query: true }), 422, INVALID_CURRENCY_422('crypto_iso')),
    },
  },
  listTransactions: {
    method: 'get',
    path: '/transactions',
    summary: 'List transactions',
    description: 'Transactions sorted by creation time, newest first; `limit` default 100, maximum 500.',
    tags: ['Transactions'],
    security: BASIC_AUTH,
    request: { query: ListTransactionsQuerySchema },
    responses: {
      200: { description: 'Transactions', schema: TransactionListSchema, example: { transactions: [ex.transaction] } },
      ...withError(errorsFor({ query: true }), 422, INVALID_CURRENCY_422('currency_iso')),
    },
  },
  getTransaction: {
    method: 'get',
    path: '/transactions/{id}',
    summary: 'Get a transaction',
    description: 'Returns one transaction.',
    tags: ['Transactions'],
    security: BASIC_AUTH,
    request: { params: TransactionIdParamsSchema },
    responses: {
      200: { description: 'The transaction', schema: TransactionSchema, example: ex.transaction },
      ...errorsFor({ path: true }),
    },
  },
});
