import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_FEE_RATE, affordableVolume, buyLock, feeOf, feeRate, fundsOf, isDust, maxFundsWithin } from './fees.ts';
import { marketSpec } from './markets.ts';

const btcusd = marketSpec('btcusd');
const xvgbtc = marketSpec('xvgbtc');

describe('feeRate', () => {
  it('is 0.25 % by default', () => {
    expect(DEFAULT_FEE_RATE).toEqual({ num: 250_000n, den: 100_000_000n, text: '0.0025' });
  });

  it('takes other rates and refuses 100 % or more', () => {
    expect(feeRate('0').num).toBe(0n);
    expect(feeRate('0.001').num).toBe(100_000n);
    expect(() => feeRate('1')).toThrow("feeRate: '1' must be below 1");
    expect(() => feeRate('0.000000001')).toThrow('more than 8 decimal places');
  });
});

describe('funds and fees', () => {
  const cases: { market: typeof btcusd; price: bigint; volume: bigint; funds: bigint; fee: bigint; lock: bigint }[] = [
    // 30000.00 × 0.5 = 15000.00; fee 37.50; lock 15037.50
    { market: btcusd, price: 3_000_000n, volume: 50_000_000n, funds: 1_500_000n, fee: 3_750n, lock: 1_503_750n },
    // 30000.00 × 0.12345678 = 3703.7034 -> 3703.70; fee 9.25925 -> 9.25
    { market: btcusd, price: 3_000_000n, volume: 12_345_678n, funds: 370_370n, fee: 925n, lock: 371_295n },
    // 0.01 × 0.00000001 = 0.0000000001 -> 0.00: too small to cost anything, fee 0
    { market: btcusd, price: 1n, volume: 1n, funds: 0n, fee: 0n, lock: 0n },
    // XVG/BTC: 0.00000021 × 12345.6789 = 0.002592592569 -> 0.00259259; fee 0.0000064814 -> 0.00000648
    { market: xvgbtc, price: 21n, volume: 123_456_789n, funds: 259_259n, fee: 648n, lock: 259_907n },
  ];
  it.each(cases)('$price × $volume -> funds $funds, fee $fee, buy lock $lock', ({ market, price, volume, funds, fee, lock }) => {
    expect(fundsOf(price, volume, market)).toBe(funds);
    expect(feeOf(funds, DEFAULT_FEE_RATE)).toBe(fee);
    expect(buyLock(price, volume, market, DEFAULT_FEE_RATE)).toBe(lock);
  });
});

describe('what a budget buys', () => {
  const cases: { budget: bigint; funds: bigint }[] = [
    { budget: 0n, funds: 0n },
    { budget: 100n, funds: 100n }, // fee on 1.00 is 0.0025 -> 0.00
    { budget: 1_503_750n, funds: 1_500_000n }, // 15037.50 buys 15000.00 plus 37.50 fee
    { budget: 1_503_752n, funds: 1_500_002n }, // fee on 15000.02 floors to 37.50: two more cents fit
  ];
  it.each(cases)('budget $budget buys funds $funds', ({ budget, funds }) => {
    expect(maxFundsWithin(budget, DEFAULT_FEE_RATE)).toBe(funds);
  });

  it('buys 0.5 BTC at 30000.00 with 15037.50, and not a satoshi more', () => {
    expect(affordableVolume(3_000_000n, 1_503_750n, btcusd, DEFAULT_FEE_RATE)).toBe(50_000_000n);
    // 0.50000033 BTC would still cost 15000.00 (15000.0099 rounds down) but is worth more than
    // is paid for it: refused, so a spent budget cannot take sub-cent slices for free.
    expect(buyLock(3_000_000n, 50_000_033n, btcusd, DEFAULT_FEE_RATE)).toBe(1_503_750n);
    expect(affordableVolume(3_000_000n, 100n, btcusd, DEFAULT_FEE_RATE)).toBe(3_333n); // 1.00 buys 0.00003333
    expect(affordableVolume(3_000_000n, 0n, btcusd, DEFAULT_FEE_RATE)).toBe(0n);
  });

  it('is the largest volume, for any price and budget, that costs at most the budget and is worth at most what is paid', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), (price, budget) => {
        const volume = affordableVolume(price, budget, btcusd, DEFAULT_FEE_RATE);
        const paid = maxFundsWithin(budget, DEFAULT_FEE_RATE);
        expect(buyLock(price, volume, btcusd, DEFAULT_FEE_RATE) <= budget).toBe(true);
        expect(price * volume <= paid * btcusd.baseScale).toBe(true);
        expect(price * (volume + 1n) > paid * btcusd.baseScale).toBe(true);
      }),
    );
  });

  const dust: { price: bigint; volume: bigint; want: boolean }[] = [
    { price: 3_000_000n, volume: 33n, want: true }, // 0.0099 USD
    { price: 3_000_000n, volume: 34n, want: false }, // 0.0102 USD
    { price: 1n, volume: 100_000_000n, want: false }, // exactly 0.01
  ];
  it.each(dust)('$volume at $price is dust: $want', ({ price, volume, want }) => {
    expect(isDust(price, volume, btcusd)).toBe(want);
  });
});
