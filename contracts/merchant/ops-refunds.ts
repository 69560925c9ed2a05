// Operations 4.13 to 4.16: e-mail-link refunds and instant refunds. Creating either needs the
// Refund Create permission on the API key (`x-required-permission`).
import { defineOperations } from '../shared/operation.ts';
import * as ex from './examples.ts';
import { BASIC_AUTH, REFUND_401, REFUND_422, REFUND_PERMISSION, errorsFor, withError } from './ops-common.ts';
import {
  CreateInstantRefundRequestSchema, CreateRefundRequestSchema, InstantRefundSchema, RefundIdParamsSchema, RefundListSchema,
  RefundSchema, TransactionRefundParamsSchema,
} from './refunds.ts';

const PERMISSION_NOTE =
  'Requires the **Refund Create** permission on the API key (`x-required-permission: refund:create`; without it 401 code 1003) ' +
  'and refunds enabled on the account (otherwise 422 code 2002).';

export const refundOperations = defineOperations({
  createRefund: {
    method: 'post',
    path: '/transactions/{transaction_id}/refunds',
    summary: 'Create a refund (e-mail link)',
    description:
      `The customer supplies the destination address through an e-mailed link (sent by the service when \`send_email\` is true). ${PERMISSION_NOTE} ` +
      'Give `amount_to_refund_fiat` for instant-settlement transactions, `amount_to_refund` for manual-settlement ones. ' +
      'A refund webhook is sent to `webhook_url` (https) when the refund is processed; none when omitted. Answers 201 Created (decision M-created).',
    tags: ['Refunds'],
    security: BASIC_AUTH,
    request: { params: TransactionRefundParamsSchema, body: { schema: CreateRefundRequestSchema, example: ex.createRefundBody } },
    responses: {
      201: { description: 'Refund created', schema: RefundSchema, example: ex.refund },
      ...withError(withError(errorsFor({ path: true, body: true }), 401, REFUND_401), 422, REFUND_422('amount_to_refund_fiat')),
    },
    extensions: { 'x-required-permission': REFUND_PERMISSION },
  },
  createInstantRefund: {
    method: 'post',
    path: '/transactions/instant_refund',
    summary: 'Create an instant refund',
    description:
      `Refunds to a given blockchain address. Asynchronous: the refund updates once on the blockchain. ${PERMISSION_NOTE} ` +
      'Set `refund_full_amount` to refund everything received, or give the amount field of the settlement method. ' +
      'An unknown transaction `id` answers 422 naming `id` (ids in a body are fields, decision M-errors). Answers 201 Created (decision M-created).',
    tags: ['Refunds'],
    security: BASIC_AUTH,
    request: { body: { schema: CreateInstantRefundRequestSchema, example: ex.createInstantRefundBody } },
    responses: {
      201: { description: 'Instant refund created', schema: InstantRefundSchema, example: ex.instantRefund },
      ...withError(withError(errorsFor({ body: true }), 401, REFUND_401), 422, REFUND_422('amount_to_refund_fiat')),
    },
    extensions: { 'x-required-permission': REFUND_PERMISSION },
  },
  getRefund: {
    method: 'get',
    path: '/refunds/{refund_id}',
    summary: 'Get a refund',
    description: 'Returns one refund, e-mail-link or instant (for an instant refund see decision M-instant-refund-record).',
    tags: ['Refunds'],
    security: BASIC_AUTH,
    request: { params: RefundIdParamsSchema },
    responses: { 200: { description: 'The refund', schema: RefundSchema, example: ex.refund }, ...errorsFor({ path: true }) },
  },
  listTransactionRefunds: {
    method: 'get',
    path: '/transactions/{transaction_id}/refunds',
    summary: 'List the refunds of a transaction',
    description: 'Returns the refunds of one transaction, newest first.',
    tags: ['Refunds'],
    security: BASIC_AUTH,
    request: { params: TransactionRefundParamsSchema },
    responses: { 200: { description: 'Refunds', schema: RefundListSchema, example: { refunds: [ex.refund] } }, ...errorsFor({ path: true }) },
  },
});
