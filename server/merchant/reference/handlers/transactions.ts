// Transactions (sections 4.4, 4.5): newest first, filtered, paged.
import { merchantHandlers } from '../../handler-map.ts';
import { notFound } from '../problems.ts';
import type { TransactionRecord } from '../../../ports/merchant-records.ts';
import type { MerchantSandbox } from '../sandbox.ts';
import { transactionView } from '../views.ts';

/** Newest first; equal creation times (one request creating several) by id, highest first. */
export const newestFirst = <R extends { id: number; created_at: number }>(a: R, b: R): number => b.created_at - a.created_at || b.id - a.id;

export function transactionHandlers(sb: MerchantSandbox) {
  return merchantHandlers({
    async listTransactions({ query, principal }) {
      // Every filter is a field's equality: the store selects (the state file and PostgreSQL in SQL).
      const where: Partial<TransactionRecord> = { merchant: principal.apiKey };
      if (query.currency_iso !== undefined) where.currency = query.currency_iso;
      if (query.status !== undefined) where.status = query.status;
      if (query.external_id !== undefined) where.external_id = query.external_id;
      if (query.transaction_id !== undefined) where.txid = query.transaction_id;
      if (query.invoice_number !== undefined) where.invoice_number = query.invoice_number;
      // One page from the store (an index with an offset query in the databases), never every record.
      const page = await sb.store.transactions.page({ ...where, merchant: principal.apiKey }, query.offset, query.limit);
      return { status: 200, body: { transactions: page.map(transactionView) } };
    },

    async getTransaction({ params, principal }) {
      const tx = await sb.store.transactions.get(params.id);
      if (!tx || tx.merchant !== principal.apiKey) throw notFound('Transaction', params.id);
      return { status: 200, body: transactionView(tx) };
    },
  });
}
