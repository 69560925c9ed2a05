// Fees and payouts of the sandbox. A transaction is settled once confirmed `paid`, or `completed`
// after being over- or underpaid (those wait until the merchant marks them completed, section 3).
// Instant settlement pays the merchant's account currency; manual settlement pays each
// cryptocurrency. Refunds not yet deducted are deducted from the next payout of their kind.
import type { PendingPayouts } from '../../../contracts/merchant/payouts.ts';
import type { CryptoIso, SettlementMethod } from '../../../contracts/merchant/enums.ts';
import { currencyOf, rateOf, type Fiat } from './currencies.ts';
import { Big, cryptoString, fixedString, maxBig, roundTo, sum } from './money.ts';
import type { RefundRecord, TransactionRecord } from './records.ts';

/** The sandbox's processing fee: 1% of what was received, in fiat (instant) or in the cryptocurrency (manual). */
export const SANDBOX_FEE_RATE = '0.01';

export function transactionFee(method: SettlementMethod, crypto: CryptoIso, received: string, exchangeRate: string): string {
  const base = new Big(received).times(SANDBOX_FEE_RATE);
  return method === 'instant'
    ? fixedString(roundTo(base.times(exchangeRate), 2), 2)
    : cryptoString(roundTo(base, currencyOf(crypto).precision), currencyOf(crypto).precision);
}

const SETTLED = new Set(['paid', 'completed']);

/** Settled, not yet paid out, and a payment (refund transactions are deducted, not paid). */
export const awaitsPayout = (tx: TransactionRecord): boolean =>
  tx.kind !== 'refund' && tx.status !== null && SETTLED.has(tx.status) && tx.payout_id === null && tx.amount_received !== null;

/** Refunds that still reduce a coming payout: not cancelled or failed, not deducted yet. */
export const awaitsDeduction = (r: RefundRecord): boolean => r.payout_id === null && r.status !== 'cancelled' && r.status !== 'problem';

const cryptoOf = (tx: TransactionRecord): CryptoIso => {
  if (tx.currency === 'USD' || tx.currency === 'CAD' || tx.currency === 'EUR') throw new Error(`transaction ${tx.id} has no cryptocurrency`);
  return tx.currency;
};

/** What a settled transaction is worth in the account currency (instant settlement), at the sandbox rate. */
export const settlementValue = (tx: TransactionRecord, account: Fiat): Big =>
  roundTo(new Big(tx.amount_received!).times(rateOf(cryptoOf(tx), account)), 2);

/** Instant fee in the account currency. */
const instantFee = (tx: TransactionRecord, account: Fiat): Big => roundTo(settlementValue(tx, account).times(SANDBOX_FEE_RATE), 2);

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

/** Groups what awaits payout by settlement method and cryptocurrency, with each group's totals. */
export function payoutGroups(txs: readonly TransactionRecord[], refunds: readonly RefundRecord[], account: Fiat): PayoutGroup[] {
  const byId = new Map(txs.map((t) => [t.id, t]));
  const groups = new Map<string, { method: SettlementMethod; currency: CryptoIso; transactions: TransactionRecord[]; refunds: RefundRecord[] }>();
  const group = (method: SettlementMethod, currency: CryptoIso) => {
    const key = `${method}:${currency}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { method, currency, transactions: [], refunds: [] }));
    return g;
  };
  for (const tx of txs) if (awaitsPayout(tx)) group(tx.settlement_method, cryptoOf(tx)).transactions.push(tx);
  for (const r of refunds) {
    const tx = byId.get(r.transaction_id);
    if (tx && awaitsDeduction(r)) group(tx.settlement_method, r.currency).refunds.push(r);
  }
  return [...groups.values()].map((g) => {
    const { precision } = currencyOf(g.currency);
    const total = sum(g.transactions.map((t) => new Big(t.amount_received!)));
    const totalFiat = sum(g.transactions.map((t) => settlementValue(t, account)));
    if (g.method === 'instant') {
      const fees = sum(g.transactions.map((t) => instantFee(t, account)));
      const refundTotal = sum(g.refunds.map((r) => refundInAccount(r, byId.get(r.transaction_id)!, account)));
      const settled = maxBig(totalFiat.minus(fees).minus(refundTotal), new Big(0));
      return { ...g, total: cryptoString(total, precision), totalFiat: fixedString(totalFiat, 2), fees: fixedString(fees, 2), refundTotal: fixedString(refundTotal, 2), settled: fixedString(settled, 2) };
    }
    const fees = sum(g.transactions.map((t) => new Big(t.fees)));
    const refundTotal = sum(g.refunds.map((r) => new Big(r.amount_to_refund ?? '0')));
    const settled = maxBig(total.minus(fees).minus(refundTotal), new Big(0));
    return {
      ...g, total: cryptoString(total, precision), totalFiat: fixedString(totalFiat, 2), fees: cryptoString(fees, precision),
      refundTotal: cryptoString(refundTotal, precision), settled: cryptoString(settled, precision),
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
