import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_FEE_RATE, affordableVolume, buyLock, feeOf, feeRate, fillFee, fundsOf, isDust, maxFundsWithin } from './fees.ts';
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

describe('ledger units', () => {
  it('keeps usd at 10 places, btc at 16, so price × volume is exact in every market', () => {
    expect([btcusd.quoteLedgerPlaces, btcusd.baseLedgerPlaces, btcusd.fundsUnit, btcusd.baseUnit]).toEqual([10, 16, 1n, 100_000_000n]);
    expect([xvgbtc.quoteLedgerPlaces, xvgbtc.baseLedgerPlaces, xvgbtc.fundsUnit, xvgbtc.baseUnit]).toEqual([16, 4, 10_000n, 1n]);
  });
});

describe('funds and fees', () => {
  const cases: { market: typeof btcusd; price: bigint; volume: bigint; funds: bigint; fee: bigint; lock: bigint }[] = [
    // 30000.00 × 0.5 = 15000.00; fee 37.50; lock 15037.50 (USD ledger units: 10 places)
    { market: btcusd, price: 3_000_000n, volume: 50_000_000n, funds: 150_000_000_000_000n, fee: 375_000_000_000n, lock: 150_375_000_000_000n },
    // 100.40 × 0.02160433 = 2.169074732, exact (it was 2.16); fee 0.00542268683 -> 0.0054226868
    { market: btcusd, price: 10_040n, volume: 2_160_433n, funds: 21_690_747_320n, fee: 54_226_868n, lock: 21_744_974_188n },
    // 0.01 × 0.00000001 = 0.0000000001 USD, one ledger unit; its fee rounds down to 0 (dust: never traded)
    { market: btcusd, price: 1n, volume: 1n, funds: 1n, fee: 0n, lock: 1n },
    // XVG/BTC: 0.00000021 × 12345.6789 = 0.002592592569 BTC exactly (16 places); fee 0.0000064814814225
    { market: xvgbtc, price: 21n, volume: 123_456_789n, funds: 25_925_925_690_000n, fee: 64_814_814_225n, lock: 25_990_740_504_225n },
  ];
  it.each(cases)('$price × $volume -> funds $funds, fee $fee, buy lock $lock', ({ market, price, volume, funds, fee, lock }) => {
    expect(fundsOf(price, volume, market)).toBe(funds);
    expect(feeOf(funds, DEFAULT_FEE_RATE)).toBe(fee);
    expect(buyLock(price, volume, market, DEFAULT_FEE_RATE)).toBe(lock);
  });

  it('charges per fill what the rounded cumulative fee adds: 1,000 fills of 0.01 pay what one of 10.00 pays', () => {
    let funds = 0n;
    let paid = 0n;
    for (let i = 0; i < 1000; i++) {
      const fee = fillFee(funds, paid, 100_000_000n, DEFAULT_FEE_RATE); // 0.01 USD: fee 0.000025
      funds += 100_000_000n;
      paid += fee;
    }
    expect(paid).toBe(feeOf(100_000_000_000n, DEFAULT_FEE_RATE)); // 0.025 USD
    expect(paid).toBe(250_000_000n);
  });
});

describe('what a budget buys', () => {
  const cases: { budget: bigint; funds: bigint }[] = [
    { budget: 0n, funds: 0n },
    { budget: 100n, funds: 100n }, // fee on 100 units is 0.25 -> 0
    { budget: 401n, funds: 400n }, // fee on 400 units is 1
    { budget: 150_375_000_000_000n, funds: 150_000_000_000_000n }, // 15037.50 buys 15000.00 plus 37.50 fee
    { budget: 150_375_000_000_001n, funds: 150_000_000_000_001n }, // the fee on one unit more rounds to 0
  ];
  it.each(cases)('budget $budget buys funds $funds', ({ budget, funds }) => {
    expect(maxFundsWithin(budget, DEFAULT_FEE_RATE)).toBe(funds);
  });

  const fresh = (locked: bigint) => ({ funds: 0n, feePaid: 0n, locked });
  it('buys 0.5 BTC at 30000.00 with 15037.50, and not a satoshi more', () => {
    expect(affordableVolume(3_000_000n, fresh(150_375_000_000_000n), btcusd, DEFAULT_FEE_RATE)).toBe(50_000_000n);
    expect(affordableVolume(3_000_000n, fresh(150_375_000_000_000n - 1n), btcusd, DEFAULT_FEE_RATE)).toBe(49_999_999n);
    expect(affordableVolume(3_000_000n, fresh(0n), btcusd, DEFAULT_FEE_RATE)).toBe(0n);
  });

  it('is the largest volume, for any price, budget and earlier fills, whose cumulative cost fits what is locked', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 9n }), fc.bigInt({ min: 0n, max: 10n ** 16n }), fc.bigInt({ min: 0n, max: 10n ** 16n }), (price, locked, before) => {
        const buyer = { funds: before, feePaid: feeOf(before, DEFAULT_FEE_RATE), locked };
        const volume = affordableVolume(price, buyer, btcusd, DEFAULT_FEE_RATE);
        const cost = (v: bigint) => fundsOf(price, v, btcusd) + fillFee(buyer.funds, buyer.feePaid, fundsOf(price, v, btcusd), DEFAULT_FEE_RATE);
        expect(cost(volume) <= locked).toBe(true);
        expect(cost(volume + 1n) > locked).toBe(true);
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

describe('feeRate errors', () => {
  it('names the feeRate field when the text is no decimal', () => {
    expect(() => feeRate('abc')).toThrow(expect.objectContaining({ field: 'feeRate' }));
  });
});
