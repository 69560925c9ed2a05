// Payouts (sections 4.18 to 4.23): the payouts made (by the sandbox payout run), their
// transactions, and the estimate of the next payout computed from settled transactions.
import { merchantHandlers } from '../../handler-map.ts';
import { notFound } from '../problems.ts';
import type { MerchantSandbox } from '../sandbox.ts';
import { UNPAGED_LIST_MAX } from '../../../../contracts/shared/limits.ts';
import { payoutGroups, payoutInputs, pendingPayouts } from '../settlement.ts';
import { payoutDetailView, payoutListItem, payoutTransactionView } from '../views.ts';
import { newestFirst } from './transactions.ts';

export function payoutHandlers(sb: MerchantSandbox) {
  const owned = async (id: number, merchant: string) => {
    const p = await sb.store.payouts.get(id);
    if (!p || p.merchant !== merchant) throw notFound('Payout', id);
    return p;
  };
  // The transactions awaiting payout: the transactions table's queue (an index), not the merchant's history.
  const waiting = async (merchant: string) => (await sb.store.transactions.queued(merchant)).sort(newestFirst);
  return merchantHandlers({
    async listPayouts({ principal }) {
      // Newest first from the index, as many as the list may hold (the document does not page it).
      const all = await sb.store.payouts.page({ merchant: principal.apiKey }, 0, UNPAGED_LIST_MAX);
      return { status: 200, body: { payouts: all.map(payoutListItem) } };
    },

    async getPayout({ params, principal }) {
      return { status: 200, body: payoutDetailView(await owned(params.id, principal.apiKey)) };
    },

    async listPayoutTransactions({ params, principal }) {
      const p = await owned(params.id, principal.apiKey);
      const txs = await Promise.all(p.transaction_ids.map((id) => sb.store.transactions.get(id)));
      return { status: 200, body: { transactions: txs.filter((t) => t !== undefined).sort(newestFirst).map(payoutTransactionView) } };
    },

    async getPendingPayouts({ principal }) {
      const merchant = principal.apiKey;
      const { txs, refunds } = await payoutInputs(sb.store, merchant);
      return { status: 200, body: pendingPayouts(payoutGroups(txs, refunds, sb.account(merchant).currency)) };
    },

    async listPendingPayoutTransactions({ principal }) {
      const txs = (await waiting(principal.apiKey)).filter((t) => t.settlement_method === 'instant');
      return { status: 200, body: { transactions: txs.map(payoutTransactionView) } };
    },

    async listPendingManualPayoutTransactions({ params, principal }) {
      const txs = (await waiting(principal.apiKey)).filter((t) => t.settlement_method === 'manual' && t.currency === params.currency_iso);
      return { status: 200, body: { transactions: txs.map(payoutTransactionView) } };
    },
  });
}
