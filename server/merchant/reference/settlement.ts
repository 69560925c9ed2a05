// Fees and payouts of the sandbox. A transaction is settled once confirmed `paid`, or `completed`
// after being over- or underpaid (those wait until the merchant marks them completed, section 3).
// Instant settlement pays the merchant's account currency; manual settlement pays each
// cryptocurrency. Refunds not yet deducted are deducted from the next payouts that can carry them:
// an instant refund (fiat) from the instant payouts together, a manual refund from the payout of
// its cryptocurrency; one that cannot be carried yet waits for the next run, so nothing is ever
// lost to a payout floored at zero.
import type { PendingPayouts } from '../../../contracts/merchant/payouts.ts';
import type { CryptoIso, SettlementMethod } from '../../../contracts/merchant/enums.ts';
import { currencyOf, rateOf, type Fiat } from './currencies.ts';
import { Big, cryptoString, fixedString, maxBig, roundTo, sum } from './money.ts';
import { awaitsDeduction, awaitsPayout, type RefundRecord, type TransactionRecord } from '../../ports/merchant-records.ts';
import type { MerchantStore } from '../../ports/merchant-store.ts';

export { awaitsDeduction, awaitsPayout };

/** The sandbox's processing fee: 1% of what was received, in fiat (instant) or in the cryptocurrency (manual). */
export const SANDBOX_FEE_RATE = '0.01';

export function transactionFee(method: SettlementMethod, crypto: CryptoIso, received: string, exchangeRate: string): string {
  const base = new Big(received).times(SANDBOX_FEE_RATE);
  return method === 'instant'
    ? fixedString(roundTo(base.times(exchangeRate), 2), 2)
    : cryptoString(roundTo(base, currencyOf(crypto).precision), currencyOf(crypto).precision);
}

const cryptoOf = (tx: TransactionRecord): CryptoIso => {
  if (tx.currency === 'USD' || tx.currency === 'CAD' || tx.currency === 'EUR') throw new Error(`transaction ${tx.id} has no cryptocurrency`);
  return tx.currency;
};

/** What a settled transaction is worth in the account currency (instant settlement), at the sandbox rate. */
export const settlementValue = (tx: TransactionRecord, account: Fiat): Big =>
  roundTo(new Big(tx.amount_received!).times(rateOf(cryptoOf(tx), account)), 2);

/**
 * Instant fee in the account currency: the transaction's own fee when it is in that currency (so a
 * payout's fees are the sum of its transactions' fees), else 1 % of the value, rounded once.
 */
const instantFee = (tx: TransactionRecord, account: Fiat): Big =>
  tx.fiat === account ? new Big(tx.fees) : roundTo(new Big(tx.amount_received!).times(rateOf(cryptoOf(tx), account)).times(SANDBOX_FEE_RATE), 2);

/** A refund's fiat amount (in its transaction's fiat) in the account currency. */
function refundInAccount(r: RefundRecord, tx: TransactionRecord, account: Fiat): Big {
  const fiat = new Big(r.amount_to_refund_fiat);
  return tx.fiat === account ? fiat : roundTo(fiat.div(tx.exchange_rate).times(rateOf(r.currency, account)), 2);
}

export interface PayoutGroup {
  method: SettlementMethod;
  currency: CryptoIso;
  transactions: TransactionRecord[];
  refunds: RefundRecord[];
  /** Totals: `total` in the cryptocurrency, the others in the unit the method settles in. */
  total: string;
  totalFiat: string;
  fees: string;
  refundTotal: string;
  settled: string;
}

/**
 * What payoutGroups needs of a merchant, read from the tables' queues (an index in the databases)
 * instead of the merchant's whole history: the transactions awaiting payout and the refunds
 * awaiting deduction (both in id order), followed by the transactions those refunds belong to
 * (a refund of a transaction paid out before is still deducted, and needs its transaction's rate).
 */
export async function payoutInputs(
  store: Pick<MerchantStore, 'transactions' | 'refunds'>,
  merchant: string,
): Promise<{ txs: TransactionRecord[]; refunds: RefundRecord[] }> {
  const txs = await store.transactions.queued(merchant);
  const refunds = await store.refunds.queued(merchant);
  const known = new Set(txs.map((t) => t.id));
  for (const id of new Set(refunds.map((r) => r.transaction_id))) {
    if (known.has(id)) continue;
    const tx = await store.transactions.get(id);
    if (tx?.merchant === merchant) txs.push(tx);
  }
  return { txs, refunds };
}

/** Groups what awaits payout by settlement method and cryptocurrency, with each group's totals. */
export function payoutGroups(txs: readonly TransactionRecord[], refunds: readonly RefundRecord[], account: Fiat): PayoutGroup[] {
  const byId = new Map(txs.map((t) => [t.id, t]));
  const groups = new Map<string, { method: SettlementMethod; currency: CryptoIso; transactions: TransactionRecord[]; refunds: RefundRecord[] }>();
  for (const tx of txs) {
    if (!awaitsPayout(tx)) continue;
    const key = `${tx.settlement_method}:${cryptoOf(tx)}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { method: tx.settlement_method, currency: cryptoOf(tx), transactions: [], refunds: [] }));
    g.transactions.push(tx);
  }
  const sorted = [...groups.values()].sort((a, b) => a.method.localeCompare(b.method) || a.currency.localeCompare(b.currency));
  const totals = sorted.map((g) => {
    const total = sum(g.transactions.map((t) => new Big(t.amount_received!)));
    const totalFiat = sum(g.transactions.map((t) => settlementValue(t, account)));
    const fees = g.method === 'instant' ? sum(g.transactions.map((t) => instantFee(t, account))) : sum(g.transactions.map((t) => new Big(t.fees)));
    // What the payout can still carry, in the unit it settles in.
    return { g, total, totalFiat, fees, left: (g.method === 'instant' ? totalFiat : total).minus(fees), refundTotal: new Big(0) };
  });
  // Oldest refunds first. A manual refund (crypto) is deducted whole from the payout of its
  // cryptocurrency. Instant refunds (fiat) are taken while all instant payouts together can carry
  // them, filling the payouts in order (a refund may span two; it belongs to the one where it
  // ends). A refund that cannot be carried yet waits for the next run.
  const instant = totals.filter((t) => t.g.method === 'instant');
  let capacity = sum(instant.map((t) => t.left));
  let at = 0;
  for (const r of refunds.filter(awaitsDeduction).sort((a, b) => a.id - b.id)) {
    const tx = byId.get(r.transaction_id);
    if (!tx) continue;
    if (tx.settlement_method === 'manual') {
      const amount = new Big(r.amount_to_refund ?? '0');
      const target = totals.find((t) => t.g.method === 'manual' && t.g.currency === r.currency && t.left.gte(amount));
      if (!target) continue;
      target.g.refunds.push(r);
      target.left = target.left.minus(amount);
      target.refundTotal = target.refundTotal.plus(amount);
      continue;
    }
    const amount = refundInAccount(r, tx, account);
    if (instant.length === 0 || amount.gt(capacity)) continue;
    capacity = capacity.minus(amount);
    let rest = amount;
    for (;;) {
      while (instant[at]!.left.lte(0) && at < instant.length - 1) at += 1;
      const t = instant[at]!;
      const take = rest.lt(t.left) ? rest : t.left;
      t.left = t.left.minus(take);
      t.refundTotal = t.refundTotal.plus(take);
      rest = rest.minus(take);
      if (rest.lte(0)) {
        t.g.refunds.push(r);
        break;
      }
    }
  }
  return totals.map(({ g, total, totalFiat, fees, left, refundTotal }) => {
    const { precision } = currencyOf(g.currency);
    const unit = (b: Big) => (g.method === 'instant' ? fixedString(b, 2) : cryptoString(b, precision));
    return {
      ...g, total: cryptoString(total, precision), totalFiat: fixedString(totalFiat, 2), fees: unit(fees),
      refundTotal: unit(refundTotal), settled: unit(maxBig(left, new Big(0))),
    };
  });
}

/** The estimate of the next payout (section 2.11): instant groups summed in fiat, manual ones per currency. */
export function pendingPayouts(groups: readonly PayoutGroup[]): PendingPayouts {
  const instant = groups.filter((g) => g.method === 'instant');
  const add = (pick: (g: PayoutGroup) => string) => fixedString(sum(instant.map((g) => new Big(pick(g)))), 2);
  return {
    pending_payouts: {
      instant_settlement: { transaction_total: add((g) => g.totalFiat), fees: add((g) => g.fees), total_pending_payout: add((g) => g.settled) },
      manual_settlement: groups
        .filter((g) => g.method === 'manual' && g.transactions.length > 0)
        .sort((a, b) => a.currency.localeCompare(b.currency))
        .map((g) => ({ currency_iso: g.currency, transaction_total: g.total, fees: g.fees, total_pending_payout: g.settled })),
    },
  };
}
