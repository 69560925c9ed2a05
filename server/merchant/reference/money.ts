// Exact decimal arithmetic for the sandbox (big.js, never binary floats): rounding to a number of
// decimal places in a chosen direction, and the two ways amounts are written on the wire.
import Big from 'big.js';

export { Big };

/** Rounds down (toward zero) to `dp` decimal places. */
export const floorTo = (x: Big, dp: number): Big => x.round(dp, Big.roundDown);
/** Rounds up (away from zero) to `dp` decimal places. */
export const ceilTo = (x: Big, dp: number): Big => x.round(dp, Big.roundUp);
/** Rounds half up to `dp` decimal places. */
export const roundTo = (x: Big, dp: number): Big => x.round(dp, Big.roundHalfUp);

/** The smallest positive amount with `dp` decimal places: 10^-dp. */
export const unitOf = (dp: number): Big => new Big(1).div(new Big(10).pow(dp));

/**
 * The smallest multiple of 10^-dp whose product with `rate` is at least `amount`: `amount / rate`
 * rounded up, exactly. Division alone is not enough: big.js divides to Big.DP places, and a
 * quotient whose tail lies beyond them would round up by less than it must.
 */
export function ceilQuotient(amount: Big, rate: Big, dp: number): Big {
  let q = floorTo(amount.div(rate), dp);
  while (q.times(rate).lt(amount)) q = q.plus(unitOf(dp));
  return q;
}

/** A crypto amount: at most `dp` places, trailing zeros dropped (`0.00025`, `1`), never exponent notation. */
export function cryptoString(x: Big, dp: number): string {
  const s = floorTo(x, dp).toFixed(dp);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** A price or fiat amount: exactly `dp` places (`40000.00`). */
export const fixedString = (x: Big, dp: number): string => x.toFixed(dp, Big.roundHalfUp);

/** The larger of two values. */
export const maxBig = (a: Big, b: Big): Big => (a.gt(b) ? a : b);

export const sum = (xs: readonly Big[]): Big => xs.reduce((acc, x) => acc.plus(x), new Big(0));
