// The money arithmetic of a trade, in one place (decision X-fee). Every quantity is a
// non-negative bigint in ledger units of its currency (markets.ts ledgerPlaces: fine enough that
// price × volume is exact in every market). So:
//   funds = price × volume                  exact: neither side gets a worse price than its limit,
//                                           and a seller receives the exact product
//   fee   = floor(F × rate) - feePaid        cumulative per order and side: F is the order's funds
//                                           so far with this fill, feePaid what its earlier fills
//                                           paid; so an order's fees always total floor(rate × its
//                                           funds), however it is split into fills
// The buyer pays funds + its fee, the seller gets funds - its fee, the house gets both fees: the
// movements sum to zero in each currency.
import { parseDecimal, pow10 } from './decimal.ts';
import type { MarketSpec } from './markets.ts';

/** A fee rate as an exact fraction num/den of the trade's funds. */
export interface FeeRate {
  readonly num: bigint;
  readonly den: bigint;
  /** The rate as given, e.g. '0.0025'. */
  readonly text: string;
}

const RATE_PLACES = 8;

/** Parses a rate such as '0.0025' (0.25 %); at most 8 places, below 1. */
export function feeRate(text: string): FeeRate {
  const num = parseDecimal(text, RATE_PLACES, 'feeRate');
  const den = pow10(RATE_PLACES);
  if (num >= den) throw new RangeError(`feeRate: '${text}' must be below 1`);
  return { num, den, text };
}

/** 0.25 % of the funds, charged in quote currency on each side of each trade. */
export const DEFAULT_FEE_RATE: FeeRate = feeRate('0.0025');

/** Exact funds of price × volume, in quote ledger units. */
export function fundsOf(price: bigint, volume: bigint, market: MarketSpec): bigint {
  return price * volume * market.fundsUnit;
}

/** What an order owes in fees once its trades total `funds`: floor(funds × rate), in ledger units. */
export function feeOf(funds: bigint, rate: FeeRate): bigint {
  return (funds * rate.num) / rate.den;
}

/** One fill's fee for an order that had `fundsBefore` executed and `feePaid` charged before it. */
export function fillFee(fundsBefore: bigint, feePaid: bigint, funds: bigint, rate: FeeRate): bigint {
  return feeOf(fundsBefore + funds, rate) - feePaid;
}

/**
 * What a limit buy locks: funds at its limit price plus the fee on them. This covers every way
 * the order can fill: fills happen at the limit or better, and the fees of all fills together are
 * floor(rate × total funds), which grows with the funds.
 */
export function buyLock(price: bigint, volume: bigint, market: MarketSpec, rate: FeeRate): bigint {
  const funds = fundsOf(price, volume, market);
  return funds + feeOf(funds, rate);
}

/** The largest funds F with F + fee(F) <= budget. */
export function maxFundsWithin(budget: bigint, rate: FeeRate): bigint {
  // F × (1 + rate) <= budget is enough; the floored fee may leave room for a unit or two more.
  let funds = (budget * rate.den) / (rate.den + rate.num);
  while (funds + 1n + feeOf(funds + 1n, rate) <= budget) funds++;
  return funds;
}

/** What a buy order has spent and still holds: the input of affordableVolume. */
export interface BuyerSpend {
  /** Funds of its trades so far. */
  readonly funds: bigint;
  /** Fees charged so far. */
  readonly feePaid: bigint;
  /** What it still holds locked. */
  readonly locked: bigint;
}

/**
 * The largest volume a buy order can still take at `price` out of what it holds locked, its fee
 * included: a fill of funds F costs F + floor(rate × (funds + F)) - feePaid, so the order's funds
 * after the fill may reach maxFundsWithin(locked + funds + feePaid).
 */
export function affordableVolume(price: bigint, buyer: BuyerSpend, market: MarketSpec, rate: FeeRate): bigint {
  const funds = maxFundsWithin(buyer.locked + buyer.funds + buyer.feePaid, rate) - buyer.funds;
  return funds / (price * market.fundsUnit);
}

/** True when `volume` at `price` is worth less than one quote unit (its currency's precision): too small to trade. */
export function isDust(price: bigint, volume: bigint, market: MarketSpec): boolean {
  return price * volume < market.baseScale;
}
