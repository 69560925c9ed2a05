// Statuses only move forward, enforced in one place: the sandbox's store refuses
// any update that would move a payment's blockchain status, a transaction's status or a refund's
// status backwards, whichever step, retry or process asks for it. A Pending payment past its window
// with no funds that arrived within it shows Expired, and Expired is final (decision M-expired):
// funds found later are recorded on its transaction, the status stays. A payment whose funds came
// in time stays Pending until its found step runs, however late (views.ts blockchainStatus).
import type { BlockchainStatus, RefundStatus, TransactionStatus } from '../../../contracts/merchant/enums.ts';
import type { Clock } from '../../core/clock.ts';
import type { MerchantStore } from '../../ports/merchant-store.ts';
import type { Table } from '../../ports/table.ts';
import { blockchainStatus } from './views.ts';

/** An update that would move a status backwards (or out of a final one); refused, nothing written. */
export class StatusRegressionError extends Error {
  override readonly name = 'StatusRegressionError';
  constructor(readonly what: string, readonly from: string, readonly to: string) {
    super(`${what}: status ${from} cannot become ${to} (statuses only move forward)`);
  }
}

const PAYMENT: Record<BlockchainStatus, number> = { Pending: 0, Paid: 1, Confirmed: 2, Expired: 3 };
const TRANSACTION: Record<TransactionStatus | 'null', number> = {
  null: 0, invoice_sent: 1, pending_confirmation: 2, paid: 3, overpaid: 3, underpaid: 3, cancelled: 3, completed: 4,
};
const REFUND: Record<RefundStatus, number> = { pending: 0, email_opened: 1, refunded: 2, cancelled: 2, problem: 2 };

/** Throws unless `to` is `from` itself or a later stage. Two different statuses of one stage (paid, overpaid) never replace each other. */
export function checkTransition<S extends string>(ranks: Record<S, number>, what: string, from: S, to: S): void {
  if (from === to) return;
  if (ranks[to] <= ranks[from]) throw new StatusRegressionError(what, from, to);
}

function guarded<R extends { id: number }>(table: Table<R>, check: (current: R, patch: Partial<Omit<R, 'id'>>) => void): Table<R> {
  return {
    ...table,
    update: async (id, patch) => {
      const current = await table.get(id);
      if (current) check(current, patch);
      return table.update(id, patch);
    },
  };
}

/** The store with forward-only statuses on payments, transactions and refunds. */
export function forwardOnlyStatuses(store: MerchantStore, now: Clock): MerchantStore {
  return {
    ...store,
    claimInvoiceNumber: (merchant, invoiceNumber) => store.claimInvoiceNumber(merchant, invoiceNumber),
    reset: () => store.reset(),
    payments: guarded(store.payments, (p, patch) => {
      if (patch.blockchain_status !== undefined) checkTransition(PAYMENT, `payment ${p.id}`, blockchainStatus(p, now()), patch.blockchain_status);
    }),
    transactions: guarded(store.transactions, (t, patch) => {
      if (patch.status !== undefined) checkTransition(TRANSACTION, `transaction ${t.id}`, t.status ?? 'null', patch.status ?? 'null');
    }),
    refunds: guarded(store.refunds, (r, patch) => {
      if (patch.status !== undefined) checkTransition(REFUND, `refund ${r.id}`, r.status, patch.status);
    }),
  };
}
