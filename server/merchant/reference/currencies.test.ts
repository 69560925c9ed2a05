import { describe, expect, it } from 'vitest';
import { CurrencySchema } from '../../../contracts/merchant/currencies.ts';
import { CRYPTO_ISOS } from '../../../contracts/merchant/enums.ts';
import { SANDBOX_CURRENCIES, amountDue, rateOf, rateString } from './currencies.ts';
import { Big, ceilQuotient, cryptoString } from './money.ts';

describe('sandbox currencies', () => {
  it('lists the six currencies of the document, each a valid Currency; only USDT has networks', () => {
    expect(Object.keys(SANDBOX_CURRENCIES)).toEqual([...CRYPTO_ISOS]);
    for (const { currency } of Object.values(SANDBOX_CURRENCIES)) CurrencySchema.parse(currency);
    expect(SANDBOX_CURRENCIES.USDT.currency.network_types).toEqual(['ERC-20', 'BEP-20', 'TRC-20']);
    expect(Object.values(SANDBOX_CURRENCIES).filter((c) => c.currency.network_types.length > 0)).toHaveLength(1);
  });

  it('requires the confirmations the document recommends', () => {
    const conf = Object.fromEntries(Object.values(SANDBOX_CURRENCIES).map((c) => [c.currency.iso, c.currency.confirmations_required]));
    expect(conf).toMatchObject({ BTC: 3, ETH: 24, LTC: 12, BCH: 3 });
  });

  it('writes rates at the price precision', () => {
    expect(rateString('BTC', 'USD')).toBe('40000.00');
    expect(rateString('XRP', 'EUR')).toBe('0.4600');
    expect(rateOf('BCH', 'CAD').toString()).toBe('337.5');
  });
});

describe('amountDue', () => {
  it.each([
    ['10.00', 'BTC', 'USD', '0.00025'],
    ['100', 'ETH', 'USD', '0.04'],
    // 10 / 54000 = 0.000185185..., rounded up at 8 places
    ['10', 'BTC', 'CAD', '0.00018519'],
    // 1 / 3 at 18 places, rounded up
    ['1', 'ETH', 'EUR', '0.000434782608695653'],
    ['0.01', 'USDT', 'CAD', '0.007408'],
    ['7', 'XRP', 'USD', '14'],
  ] as const)('%s %s in %s is %s', (amount, iso, fiat, want) => {
    expect(amountDue(amount, iso, fiat)).toBe(want);
    // Never short: due × rate covers the amount, and one unit less would not.
    const due = new Big(want);
    const rate = rateOf(iso, fiat);
    expect(due.times(rate).gte(amount)).toBe(true);
    const unit = new Big(1).div(new Big(10).pow(SANDBOX_CURRENCIES[iso].currency.precision));
    expect(due.minus(unit).times(rate).lt(amount)).toBe(true);
  });

  it('rounds up exactly even when the quotient runs past the division precision', () => {
    // 1e-30 / 3 has no digit in the first 20 places; it must still round up to one unit.
    expect(ceilQuotient(new Big('0.000000000000000000000000000001'), new Big(3), 8).toString()).toBe('1e-8');
    expect(cryptoString(new Big('1e-8'), 8)).toBe('0.00000001');
  });
});
