// The sandbox's cryptocurrencies (section 2.9) and its fixed exchange rates per fiat currency.
// Rates are exact decimals, the same on every run, so a test (or an integrator) can compute the
// expected amount due by hand: 10.00 USD in BTC at 40000.00 is 0.00025.
import type { Currency } from '../../../contracts/merchant/currencies.ts';
import type { CryptoIso, NetworkType } from '../../../contracts/merchant/enums.ts';
import { NETWORK_TYPES } from '../../../contracts/merchant/enums.ts';
import type { Fiat } from '../../ports/merchant-records.ts';
import { Big, ceilQuotient, cryptoString, fixedString } from './money.ts';

export type { Fiat };

export interface SandboxCurrency {
  currency: Currency;
  /** Fixed sandbox price of one unit, per fiat, at `price_precision` places. */
  rates: Record<Fiat, string>;
  /** Simulated blockchain fee of a refund, in the currency. */
  networkFee: string;
}

/**
 * Precision: the currency's smallest unit (satoshi, wei, drop, USDT's 6 places). Confirmations:
 * the document's recommendation for BTC 3, ETH 24, LTC 12, BCH 3; XRP 1 (a validated ledger is
 * final); USDT 24, as its default network ERC-20 follows Ethereum.
 */
export const SANDBOX_CURRENCIES: Record<CryptoIso, SandboxCurrency> = {
  BTC: { currency: c('BTC', 'Bitcoin', 8, 2, 3), rates: { USD: '40000.00', CAD: '54000.00', EUR: '37000.00' }, networkFee: '0.00001' },
  ETH: { currency: c('ETH', 'Ethereum', 18, 2, 24), rates: { USD: '2500.00', CAD: '3375.00', EUR: '2300.00' }, networkFee: '0.0005' },
  LTC: { currency: c('LTC', 'Litecoin', 8, 2, 12), rates: { USD: '80.00', CAD: '108.00', EUR: '74.00' }, networkFee: '0.0001' },
  BCH: { currency: c('BCH', 'Bitcoin Cash', 8, 2, 3), rates: { USD: '250.00', CAD: '337.50', EUR: '230.00' }, networkFee: '0.00001' },
  XRP: { currency: c('XRP', 'XRP', 6, 4, 1), rates: { USD: '0.5000', CAD: '0.6750', EUR: '0.4600' }, networkFee: '0.000012' },
  USDT: { currency: c('USDT', 'Tether', 6, 4, 24, NETWORK_TYPES), rates: { USD: '1.0000', CAD: '1.3500', EUR: '0.9200' }, networkFee: '1' },
};

function c(iso: CryptoIso, name: string, precision: number, pricePrecision: number, confirmations: number, networks: readonly NetworkType[] = []): Currency {
  return { iso, name, online: true, precision, price_precision: pricePrecision, confirmations_required: confirmations, network_types: [...networks] };
}

export const currencyOf = (iso: CryptoIso): Currency => SANDBOX_CURRENCIES[iso].currency;
export const rateOf = (iso: CryptoIso, fiat: Fiat): Big => new Big(SANDBOX_CURRENCIES[iso].rates[fiat]);
export const rateString = (iso: CryptoIso, fiat: Fiat): string => fixedString(rateOf(iso, fiat), currencyOf(iso).price_precision);

/**
 * The crypto amount due for a fiat amount: amount / rate rounded UP to the currency's precision,
 * so the merchant never receives less than the price (the customer pays at most one smallest unit more).
 */
export function amountDue(fiatAmount: string, iso: CryptoIso, fiat: Fiat): string {
  const { precision } = currencyOf(iso);
  return cryptoString(ceilQuotient(new Big(fiatAmount), rateOf(iso, fiat), precision), precision);
}
