// Payouts (sections 4.18 to 4.23): the payouts made (by the sandbox payout run), their
// transactions, and the estimate of the next payout computed from settled transactions.
import { merchantHandlers } from '../../handler-map.ts';
import { notFound } from '../problems.ts';
import type { MerchantSandbox } from '../sandbox.ts';
import { awaitsPayout, payoutGroups, pendingPayouts } from '../settlement.ts';
import { payoutDetailView, payoutListItem, payoutTransactionView } from '../views.ts';
import { newestFirst } from './transactions.ts';

export function payoutHandlers(sb: MerchantSandbox) {
  const owned = async (id: number, merchant: string) => {
    const p = await sb.store.payouts.get(id);
    if (!p || p.merchant !== merchant) throw notFound('Payout', id);
    return p;
  };
  const waiting = async (merchant: string) => (await sb.store.transactions.find({ merchant })).filter(awaitsPayout).sort(newestFirst);
  return merchantHandlers({
    async listPayouts({ principal }) {
      const all = (await sb.store.payouts.find({ merchant: principal.apiKey })).sort(newestFirst);
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
      const txs = await sb.store.transactions.find({ merchant });
      const refunds = await sb.store.refunds.find({ merchant });
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
