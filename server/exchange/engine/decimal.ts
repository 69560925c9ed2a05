// Exact decimals as fixed-point bigints. An amount with `places` decimals is held as the integer
// value × 10^places (1.5 BTC at 8 places is 150000000n). Binary floats never touch money here.
import { EXCHANGE_INTEGER_DIGITS } from '../../../contracts/shared/primitives.ts';

/** A decimal string the engine cannot take: names the field and the cause. */
export class DecimalError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
    /** 'syntax': not a decimal string at all; 'precision': finer than the places allowed. */
    readonly kind: 'syntax' | 'precision' = 'syntax',
  ) {
    super(`${field}: ${reason}`);
    this.name = 'DecimalError';
  }
}

/** How a division or rescale that does not come out exact is rounded. */
export type Rounding = 'down' | 'up';

const POW10: readonly bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));

/** 10^n as a bigint (cached for the small n every market uses). */
export function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

const notDecimal = (field: string, text: string) =>
  new DecimalError(field, `'${text}' is not a decimal number (1 to ${EXCHANGE_INTEGER_DIGITS} digits, optionally '.' and more digits)`);

/** Most digits a double holds exactly (2^53 > 10^15), so small amounts skip string building. */
const EXACT_DIGITS = 15;

/**
 * Parses a non-negative decimal string into units of 10^-places. Accepts exactly the contracts'
 * EXCHANGE_DECIMAL_PATTERN (1 to EXCHANGE_INTEGER_DIGITS digits, leading zeros counted, optionally '.' and
 * more digits), so the document and the engine agree on every string, and a hostile string cannot
 * make the engine do arithmetic on thousand-digit numbers. Trailing zeros
 * beyond `places` are accepted (the value is still exact); a non-zero digit beyond `places` is
 * rejected, because rounding a user's amount silently would change what they asked for.
 * Hand-written rather than a RegExp: it runs for every order, and allocates nothing but the result.
 */
export function parseDecimal(text: string, places: number, field = 'value'): bigint {
  const length = text.length;
  let point = -1;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 && point === -1) point = i;
    else if (c < 48 || c > 57) throw notDecimal(field, text);
  }
  const wholeDigits = point === -1 ? length : point;
  if (wholeDigits === 0 || wholeDigits > EXCHANGE_INTEGER_DIGITS || point === length - 1) throw notDecimal(field, text);
  const fractionDigits = point === -1 ? 0 : length - point - 1;
  const kept = Math.min(fractionDigits, places);
  for (let i = point + 1 + kept; point !== -1 && i < length; i++) {
    if (text.charCodeAt(i) !== 48) {
      throw new DecimalError(field, `'${text}' has more than ${places} decimal places (at most ${places} allowed)`, 'precision');
    }
  }
  if (wholeDigits + places <= EXACT_DIGITS) {
    let units = 0;
    for (let i = 0; i < wholeDigits; i++) units = units * 10 + (text.charCodeAt(i) - 48);
    for (let i = 1; i <= kept; i++) units = units * 10 + (text.charCodeAt(point + i) - 48);
    for (let i = kept; i < places; i++) units *= 10;
    return BigInt(units);
  }
  const fraction = point === -1 ? '' : text.slice(point + 1, point + 1 + kept);
  return BigInt(text.slice(0, wholeDigits) + fraction.padEnd(places, '0'));
}

/** Formats units of 10^-places with exactly `places` decimals ('0.00' for zero at 2 places). */
export function formatDecimal(units: bigint, places: number): string {
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  const sign = negative ? '-' : '';
  if (places === 0) return sign + digits;
  if (digits.length <= places) digits = digits.padStart(places + 1, '0');
  const cut = digits.length - places;
  return `${sign}${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

/**
 * Formats an exact amount kept at `places` decimals with at least `minPlaces` of them: trailing
 * zeros beyond `minPlaces` are dropped ('2.1690747320' at 10 places, 2 shown -> '2.169074732';
 * '15000.0000000000' -> '15000.00'), so the text is the exact value, never rounded.
 */
export function formatAmount(units: bigint, places: number, minPlaces: number): string {
  const text = formatDecimal(units, places);
  if (places <= minPlaces) return text;
  let end = text.length;
  const keep = text.length - (places - minPlaces);
  while (end > keep && text.charCodeAt(end - 1) === 48) end--;
  return minPlaces === 0 && end === keep ? text.slice(0, keep - 1) : text.slice(0, end);
}

/** a / b with explicit rounding; 'down' truncates toward zero, 'up' rounds away from zero. */
export function divide(a: bigint, b: bigint, rounding: Rounding): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  const q = a / b;
  if (rounding === 'down' || q * b === a) return q;
  return (a < 0n) !== (b < 0n) ? q - 1n : q + 1n;
}

/** a × b / d with one rounding at the end (the product is exact, so no error accumulates). */
export function mulDiv(a: bigint, b: bigint, d: bigint, rounding: Rounding): bigint {
  return divide(a * b, d, rounding);
}

/** Moves units from `from` places to `to` places, rounding when places are dropped. */
export function rescale(units: bigint, from: number, to: number, rounding: Rounding): bigint {
  if (to >= from) return units * pow10(to - from);
  return divide(units, pow10(from - to), rounding);
}

/** The smaller of two bigints (Math.min does not take bigints). */
export function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
