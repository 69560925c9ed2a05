// What may be refunded (decision M4 and M-refund-amounts): only a confirmed payment with something
// received; the amount in the unit of its settlement method (instant: fiat, manual: crypto); all
// its refunds together (cancelled and failed ones excepted) at most what was received.
import type { CryptoIso } from '../../../contracts/merchant/enums.ts';
import { currencyOf, rateOf } from './currencies.ts';
import { Big, ceilTo, cryptoString, fixedString, floorTo, maxBig, sum } from './money.ts';
import { invalid, refundNotAllowed } from './problems.ts';
import type { RefundRecord, TransactionRecord } from '../../ports/merchant-records.ts';

const REFUNDABLE = new Set(['paid', 'overpaid', 'underpaid', 'completed']);

export interface Refundable {
  tx: TransactionRecord;
  crypto: CryptoIso;
  /** The amount field the settlement method requires. */
  field: 'amount_to_refund_fiat' | 'amount_to_refund';
  /** What is left to refund, in that field's unit. */
  remaining: Big;
  /** Decimal places of that unit. */
  dp: number;
}

/** Throws 2002 naming `field` when the transaction cannot be refunded at all. */
export function refundable(tx: TransactionRecord, refunds: readonly RefundRecord[], field: string): Refundable {
  if (tx.kind === 'refund') throw refundNotAllowed(field, 'is a refund transaction; refunds cannot be refunded');
  if (tx.status === null || !REFUNDABLE.has(tx.status) || tx.amount_received === null) {
    throw refundNotAllowed(field, `has not been confirmed (status ${tx.status ?? 'null'}); nothing received to refund yet`);
  }
  const crypto = tx.currency as CryptoIso;
  const active = refunds.filter((r) => r.transaction_id === tx.id && r.status !== 'cancelled' && r.status !== 'problem');
  if (tx.settlement_method === 'instant') {
    const received = floorTo(new Big(tx.amount_received).times(tx.exchange_rate), 2);
    const used = sum(active.map((r) => new Big(r.amount_to_refund_fiat)));
    return { tx, crypto, field: 'amount_to_refund_fiat', remaining: maxBig(received.minus(used), new Big(0)), dp: 2 };
  }
  const used = sum(active.map((r) => new Big(r.amount_to_refund ?? '0')));
  const dp = currencyOf(crypto).precision;
  return { tx, crypto, field: 'amount_to_refund', remaining: maxBig(new Big(tx.amount_received).minus(used), new Big(0)), dp };
}

/** The amount asked for: the method's field (required, positive, within what is left), or everything left. */
export function refundAmount(r: Refundable, body: { amount_to_refund_fiat?: string | undefined; amount_to_refund?: string | undefined }, full: boolean): Big {
  if (full) {
    if (r.remaining.lte(0)) throw refundNotAllowed('refund_full_amount', 'nothing is left to refund');
    return r.remaining;
  }
  const given = body[r.field];
  const method = r.field === 'amount_to_refund_fiat' ? 'instant' : 'manual';
  if (given === undefined) throw invalid(r.field, `is required for ${method}-settlement transactions`);
  // More decimal places than the unit has would be rounded when stored: to nothing, or to more than asked.
  const places = given.split('.')[1]?.length ?? 0;
  if (places > r.dp) throw invalid(r.field, `must have at most ${r.dp} decimal places (${method === 'instant' ? r.tx.fiat : r.crypto})`);
  const amount = new Big(given);
  if (amount.lte(0)) throw invalid(r.field, 'must be greater than 0');
  if (amount.gt(r.remaining)) {
    const unit = method === 'instant' ? r.tx.fiat : r.crypto;
    throw refundNotAllowed(r.field, `exceeds what is left to refund: ${r.remaining.toFixed(r.dp)} ${unit}`);
  }
  return amount;
}

/** Both amounts of a refund: the asked one as given, the other converted at the transaction's rate (rounded down). */
export function refundAmounts(r: Refundable, amount: Big): { fiat: string; crypto: string } {
  const { precision } = currencyOf(r.crypto);
  return r.field === 'amount_to_refund_fiat'
    ? { fiat: fixedString(amount, 2), crypto: cryptoString(floorTo(amount.div(r.tx.exchange_rate), precision), precision) }
    : { fiat: fixedString(floorTo(amount.times(r.tx.exchange_rate), 2), 2), crypto: cryptoString(amount, precision) };
}

/** The simulated blockchain fee: in fiat for instant settlement (rounded up), in the cryptocurrency for manual. */
export function refundFee(tx: TransactionRecord, crypto: CryptoIso, networkFee: string): string {
  return tx.settlement_method === 'instant'
    ? fixedString(ceilTo(new Big(networkFee).times(rateOf(crypto, tx.fiat)), 2), 2)
    : cryptoString(new Big(networkFee), currencyOf(crypto).precision);
}
