// Exact decimals as fixed-point bigints. An amount with `places` decimals is held as the integer
// value × 10^places (1.5 BTC at 8 places is 150000000n). Binary floats never touch money here.

/** A decimal string the engine cannot take: names the field and the cause. */
export class DecimalError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
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

// Same character class as the contracts' DECIMAL_PATTERN; at most 24 integer digits so a hostile
// string cannot make the engine do arithmetic on thousand-digit numbers.
const DECIMAL_RE = /^([0-9]{1,24})(?:\.([0-9]+))?$/;

/**
 * Parses a non-negative decimal string into units of 10^-places. Trailing zeros beyond `places`
 * are accepted (the value is still exact); a non-zero digit beyond `places` is rejected, because
 * rounding a user's amount silently would change what they asked for.
 */
export function parseDecimal(text: string, places: number, field = 'value'): bigint {
  const match = DECIMAL_RE.exec(text);
  if (match === null) {
    throw new DecimalError(field, `'${text}' is not a decimal number (digits, optionally '.' and more digits)`);
  }
  const whole = match[1] as string;
  let fraction = match[2] ?? '';
  if (fraction.length > places) {
    if (/[1-9]/.test(fraction.slice(places))) {
      throw new DecimalError(field, `'${text}' has more than ${places} decimal places (at most ${places} allowed)`);
    }
    fraction = fraction.slice(0, places);
  }
  if (fraction.length < places) fraction = fraction.padEnd(places, '0');
  return BigInt(whole + fraction);
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
