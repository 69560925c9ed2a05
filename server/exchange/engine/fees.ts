// The money arithmetic of a trade, in one place. Every quantity is a non-negative bigint in
// units of its currency. Rounding always goes against creating value:
//   funds = floor(price × volume)      (at quote precision; one number both sides agree on)
//   fee   = floor(funds × rate)        (each side pays its own; buyer on top, seller deducted)
// so the buyer pays funds + fee, the seller gets funds - fee, the house gets both fees, and
// the three movements sum to zero in each currency. Funds rounding down favours the buyer by
// less than one quote unit per trade; matching never lets a trade be worth zero units (dust).
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

/** Quote units of price × volume, rounded down. */
export function fundsOf(price: bigint, volume: bigint, market: MarketSpec): bigint {
  return (price * volume) / market.baseScale;
}

/** One side's fee on `funds`, rounded down. */
export function feeOf(funds: bigint, rate: FeeRate): bigint {
  return (funds * rate.num) / rate.den;
}

/**
 * What a limit buy locks: funds at its limit price plus the fee on them. This covers every way
 * the order can fill: fills happen at the limit or better, and floor(a) + floor(b) <= floor(a + b)
 * for the funds of several fills and for their fees alike.
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

/**
 * The largest volume a buyer with `budget` quote units can take at `price`, fee included, whose
 * value price × volume does not exceed the funds paid for it (funds round down, so without this
 * bound a buyer whose budget is spent could take slices worth less than a unit for nothing).
 */
export function affordableVolume(price: bigint, budget: bigint, market: MarketSpec, rate: FeeRate): bigint {
  return (maxFundsWithin(budget, rate) * market.baseScale) / price;
}

/** True when `volume` at `price` is worth less than one quote unit: too small to ever trade. */
export function isDust(price: bigint, volume: bigint, market: MarketSpec): boolean {
  return price * volume < market.baseScale;
}
