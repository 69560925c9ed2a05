import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DecimalError, divide, formatDecimal, minBig, mulDiv, parseDecimal, pow10, rescale, formatAmount } from './decimal.ts';

describe('parseDecimal', () => {
  const cases: { text: string; places: number; want: bigint }[] = [
    { text: '0', places: 8, want: 0n },
    { text: '1', places: 8, want: 100_000_000n },
    { text: '1.5', places: 8, want: 150_000_000n },
    { text: '0.00000001', places: 8, want: 1n },
    { text: '30000.00', places: 2, want: 3_000_000n },
    { text: '30000.10000', places: 2, want: 3_000_010n }, // trailing zeros beyond the places are exact
    { text: '007.1', places: 1, want: 71n },
    { text: '12', places: 0, want: 12n },
    { text: '123456789012345678901234.5', places: 1, want: 1234567890123456789012345n },
    { text: '9999999.99999999', places: 8, want: 999999999999999n }, // 15 digits: the exact fast path
    { text: '99999999.99999999', places: 8, want: 9999999999999999n }, // 16 digits: the string path
    { text: '1000000000000', places: 2, want: 100000000000000n },
  ];
  it.each(cases)('$text at $places places -> $want', ({ text, places, want }) => {
    expect(parseDecimal(text, places)).toBe(want);
  });

  const rejected: { text: string; places: number; message: string }[] = [
    { text: '0.000000001', places: 8, message: "volume: '0.000000001' has more than 8 decimal places (at most 8 allowed)" },
    { text: '1.005', places: 2, message: "volume: '1.005' has more than 2 decimal places (at most 2 allowed)" },
    { text: '-1', places: 2, message: "volume: '-1' is not a decimal number (1 to 24 digits, optionally '.' and more digits)" },
    { text: '1e5', places: 2, message: "volume: '1e5' is not a decimal number (1 to 24 digits, optionally '.' and more digits)" },
    { text: '.5', places: 2, message: "volume: '.5' is not a decimal number (1 to 24 digits, optionally '.' and more digits)" },
    { text: '5.', places: 2, message: "volume: '5.' is not a decimal number (1 to 24 digits, optionally '.' and more digits)" },
    { text: '', places: 2, message: "volume: '' is not a decimal number (1 to 24 digits, optionally '.' and more digits)" },
    { text: ' 1', places: 2, message: "volume: ' 1' is not a decimal number (1 to 24 digits, optionally '.' and more digits)" },
    { text: '1.2.3', places: 2, message: "volume: '1.2.3' is not a decimal number (1 to 24 digits, optionally '.' and more digits)" },
    { text: '.', places: 2, message: "volume: '.' is not a decimal number (1 to 24 digits, optionally '.' and more digits)" },
    { text: '1.50x', places: 2, message: "volume: '1.50x' is not a decimal number (1 to 24 digits, optionally '.' and more digits)" },
    { text: '1'.repeat(25), places: 2, message: `volume: '${'1'.repeat(25)}' is not a decimal number (1 to 24 digits, optionally '.' and more digits)` },
  ];
  it.each(rejected)('rejects $text at $places places', ({ text, places, message }) => {
    const error = (() => {
      try {
        parseDecimal(text, places, 'volume');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(DecimalError);
    expect((error as DecimalError).message).toBe(message);
    expect((error as DecimalError).field).toBe('volume');
    expect((error as DecimalError).kind).toBe(message.includes('decimal places') ? 'precision' : 'syntax');
  });
});

describe('formatDecimal', () => {
  const cases: { units: bigint; places: number; want: string }[] = [
    { units: 0n, places: 2, want: '0.00' },
    { units: 0n, places: 8, want: '0.00000000' },
    { units: 0n, places: 0, want: '0' },
    { units: 1n, places: 8, want: '0.00000001' },
    { units: 3_000_000n, places: 2, want: '30000.00' },
    { units: 150_000_000n, places: 8, want: '1.50000000' },
    { units: -5n, places: 2, want: '-0.05' },
    { units: 42n, places: 0, want: '42' },
  ];
  it.each(cases)('$units at $places places -> $want', ({ units, places, want }) => {
    expect(formatDecimal(units, places)).toBe(want);
  });

  /** The obvious implementation, to check the hand-written parser against. */
  function reference(text: string, places: number): bigint | 'invalid' | 'too precise' {
    const m = /^([0-9]{1,24})(?:\.([0-9]+))?$/.exec(text);
    if (m === null) return 'invalid';
    const fraction = m[2] ?? '';
    if (/[1-9]/.test(fraction.slice(places))) return 'too precise';
    return BigInt((m[1] as string) + fraction.slice(0, places).padEnd(places, '0'));
  }

  it('agrees with the reference on any string', () => {
    const text = fc.oneof(fc.stringMatching(/^[0-9]{0,26}(\.[0-9]{0,12})?$/), fc.stringMatching(/^[0-9.a -]{0,12}$/));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 20 }), (input, places) => {
        let got: bigint | string;
        try {
          got = parseDecimal(input, places);
        } catch (e) {
          got = (e as DecimalError).reason.includes('decimal places') ? 'too precise' : 'invalid';
        }
        expect(got).toBe(reference(input, places));
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips every amount through parse', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n - 1n }), fc.integer({ min: 0, max: 18 }), (units, places) => {
        expect(parseDecimal(formatDecimal(units, places), places)).toBe(units);
      }),
    );
  });
});

describe('divide, mulDiv, rescale', () => {
  const divisions: { a: bigint; b: bigint; down: bigint; up: bigint }[] = [
    { a: 7n, b: 2n, down: 3n, up: 4n },
    { a: 8n, b: 2n, down: 4n, up: 4n },
    { a: 0n, b: 3n, down: 0n, up: 0n },
    { a: 1n, b: 3n, down: 0n, up: 1n },
    { a: -7n, b: 2n, down: -3n, up: -4n },
    { a: -7n, b: -2n, down: 3n, up: 4n },
  ];
  it.each(divisions)('$a / $b rounds down to $down and up to $up', ({ a, b, down, up }) => {
    expect(divide(a, b, 'down')).toBe(down);
    expect(divide(a, b, 'up')).toBe(up);
  });

  it('refuses to divide by zero', () => {
    expect(() => divide(1n, 0n, 'down')).toThrow('division by zero');
  });

  it('multiplies exactly before rounding once', () => {
    // 30000.00 USD × 0.12345678 BTC = 3703.7034 USD -> 3703.70 at 2 places
    expect(mulDiv(3_000_000n, 12_345_678n, pow10(8), 'down')).toBe(370_370n);
    expect(mulDiv(3_000_000n, 12_345_678n, pow10(8), 'up')).toBe(370_371n);
    // 0.25 % fee of 3703.70 = 9.259250 -> 9.25 down
    expect(mulDiv(370_370n, 25n, 10_000n, 'down')).toBe(925n);
  });

  const rescales: { units: bigint; from: number; to: number; rounding: 'down' | 'up'; want: bigint }[] = [
    { units: 123n, from: 2, to: 4, rounding: 'down', want: 12_300n },
    { units: 12_345n, from: 4, to: 2, rounding: 'down', want: 123n },
    { units: 12_345n, from: 4, to: 2, rounding: 'up', want: 124n },
    { units: 12_300n, from: 4, to: 2, rounding: 'up', want: 123n },
  ];
  it.each(rescales)('$units from $from to $to places ($rounding) -> $want', ({ units, from, to, rounding, want }) => {
    expect(rescale(units, from, to, rounding)).toBe(want);
  });

  it('picks the smaller bigint', () => {
    expect(minBig(3n, 5n)).toBe(3n);
    expect(minBig(5n, 3n)).toBe(3n);
  });

  it('caches powers of ten and computes larger ones', () => {
    expect(pow10(0)).toBe(1n);
    expect(pow10(8)).toBe(100_000_000n);
    expect(pow10(45)).toBe(10n ** 45n);
  });
});

describe('formatAmount', () => {
  it('writes the exact value with at least the minimum places, trailing zeros beyond it dropped', () => {
    expect(formatAmount(21_690_747_320n, 10, 2)).toBe('2.169074732');
    expect(formatAmount(150_000_000_000_000n, 10, 2)).toBe('15000.00');
    expect(formatAmount(0n, 10, 2)).toBe('0.00');
    expect(formatAmount(1n, 10, 2)).toBe('0.0000000001');
    expect(formatAmount(123_450n, 4, 0)).toBe('12.345');
    expect(formatAmount(120_000n, 4, 0)).toBe('12');
    expect(formatAmount(5n, 2, 2)).toBe('0.05');
  });
});
