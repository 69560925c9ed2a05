// Transactions (sections 4.4, 4.5): newest first, filtered, paged.
import { merchantHandlers } from '../../handler-map.ts';
import { notFound } from '../problems.ts';
import type { TransactionRecord } from '../records.ts';
import type { MerchantSandbox } from '../sandbox.ts';
import { transactionView } from '../views.ts';

/** Newest first; equal creation times (one request creating several) by id, highest first. */
export const newestFirst = <R extends { id: number; created_at: number }>(a: R, b: R): number => b.created_at - a.created_at || b.id - a.id;

export function transactionHandlers(sb: MerchantSandbox) {
  return merchantHandlers({
    async listTransactions({ query, principal }) {
      const matches = (tx: TransactionRecord) =>
        (query.currency_iso === undefined || tx.currency === query.currency_iso) &&
        (query.status === undefined || tx.status === query.status) &&
        (query.external_id === undefined || tx.external_id === query.external_id) &&
        (query.transaction_id === undefined || tx.txid === query.transaction_id) &&
        (query.invoice_number === undefined || tx.invoice_number === query.invoice_number);
      const all = (await sb.store.transactions.find({ merchant: principal.apiKey })).filter(matches).sort(newestFirst);
      return { status: 200, body: { transactions: all.slice(query.offset, query.offset + query.limit).map(transactionView) } };
    },

    async getTransaction({ params, principal }) {
      const tx = await sb.store.transactions.get(params.id);
      if (!tx || tx.merchant !== principal.apiKey) throw notFound('Transaction', params.id);
      return { status: 200, body: transactionView(tx) };
    },
  });
}
