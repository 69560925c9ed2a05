// Operations 4.17 to 4.23: currencies and payouts.
import { defineOperations } from '../shared/operation.ts';
import { CurrencyListSchema } from './currencies.ts';
import * as ex from './examples.ts';
import { BASIC_AUTH, INVALID_CURRENCY_422, errorsFor, withError } from './ops-common.ts';
import {
  PayoutDetailSchema, PayoutIdParamsSchema, PayoutListSchema, PayoutTransactionListSchema, PendingManualParamsSchema,
  PendingPayoutsSchema,
} from './payouts.ts';

const payoutTransactions = { transactions: [ex.payoutTransaction] };

export const payoutOperations = defineOperations({
  listCurrencies: {
    method: 'get',
    path: '/currencies',
    summary: 'List currencies',
    description: 'Cryptocurrencies enabled for payments; `online` is false while one is under maintenance.',
    tags: ['Currencies'],
    security: BASIC_AUTH,
    responses: { 200: { description: 'Currencies', schema: CurrencyListSchema, example: { currencies: ex.currencies } }, ...errorsFor({}) },
  },
  listPayouts: {
    method: 'get',
    path: '/payouts',
    summary: 'List payouts',
    description: 'Payouts of the merchant, newest first.',
    tags: ['Payouts'],
    security: BASIC_AUTH,
    responses: {
      200: {
        description: 'Payouts',
        schema: PayoutListSchema,
        example: { payouts: [{ id: 801, payment_made_at: '2026-02-01T00:00:00.000Z', status: 'completed', settled_amount: '990.00' }] },
      },
      ...errorsFor({}),
    },
  },
  getPayout: {
    method: 'get',
    path: '/payouts/{id}',
    summary: 'Get a payout',
    description: 'One payout in detail.',
    tags: ['Payouts'],
    security: BASIC_AUTH,
    request: { params: PayoutIdParamsSchema },
    responses: { 200: { description: 'The payout', schema: PayoutDetailSchema, example: ex.payoutDetail }, ...errorsFor({ path: true }) },
  },
  listPayoutTransactions: {
    method: 'get',
    path: '/payouts/{id}/transactions',
    summary: 'List the transactions of a payout',
    description: 'Transactions included in one payout.',
    tags: ['Payouts'],
    security: BASIC_AUTH,
    request: { params: PayoutIdParamsSchema },
    responses: {
      200: { description: 'Transactions of the payout', schema: PayoutTransactionListSchema, example: payoutTransactions },
      ...errorsFor({ path: true }),
    },
  },
  getPendingPayouts: {
    method: 'get',
    path: '/payouts/pending',
    summary: 'Estimate the next payout',
    description:
      'An estimate of the next payout: instant settlement in fiat, manual settlement per cryptocurrency. ' +
      'Overpaid and underpaid transactions are left out until the merchant marks them completed in the merchant account.',
    tags: ['Payouts'],
    security: BASIC_AUTH,
    responses: { 200: { description: 'Pending payouts', schema: PendingPayoutsSchema, example: ex.pendingPayouts }, ...errorsFor({}) },
  },
  listPendingPayoutTransactions: {
    method: 'get',
    path: '/payouts/pending/transactions',
    summary: 'List the transactions of the next instant payouts',
    description: 'Transactions that the next instant-settlement payouts will include.',
    tags: ['Payouts'],
    security: BASIC_AUTH,
    responses: {
      200: { description: 'Pending instant-settlement transactions', schema: PayoutTransactionListSchema, example: payoutTransactions },
      ...errorsFor({}),
    },
  },
  listPendingManualPayoutTransactions: {
    method: 'get',
    path: '/payouts/pending/transactions/manual/{currency_iso}',
    summary: 'List pending manual-settlement transactions of a currency',
    description: 'Pending manual-settlement transactions in one cryptocurrency.',
    tags: ['Payouts'],
    security: BASIC_AUTH,
    request: { params: PendingManualParamsSchema },
    responses: {
      200: {
        description: 'Pending manual-settlement transactions',
        schema: PayoutTransactionListSchema,
        example: { transactions: [{ ...ex.payoutTransaction, settlement_method: 'manual', fees: '0.0000025' }] },
      },
      ...withError(errorsFor({ pathValue: true }), 422, INVALID_CURRENCY_422('currency_iso')),
    },
  },
});
