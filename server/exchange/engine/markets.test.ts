import { describe, expect, it } from 'vitest';
import { EXCHANGE_CURRENCIES } from '../../../contracts/sandbox/exchange-fixtures.ts';
import { EngineError } from './errors.ts';
import { CURRENCIES, CURRENCY_CODES, MARKET_IDS, MARKETS, currencyPrecision, isFiat, isMarketId, ledgerPlaces, marketSpec } from './markets.ts';

// The Market enum as section 2 of the exchange document lists it.
const DOCUMENT_MARKETS =
  'btcusd, btccad, btceur, ethusd, ethcad, etheur, ethbtc, ltcusd, ltccad, ltceur, ltcbtc, xembtc, bchusd, bchcad, bcheur, bchbtc, xvgbtc, xvgeth, xvgcad, xvgeur, xvgusd';

describe('markets', () => {
  it('lists the 21 markets of the document in its order', () => {
    expect(MARKET_IDS.join(', ')).toBe(DOCUMENT_MARKETS);
    expect(MARKETS.map((m) => m.id)).toEqual(MARKET_IDS);
  });

  const samples = [
    { id: 'btcusd', name: 'BTC/USD', base_unit: 'btc', quote_unit: 'usd', base_precision: 8, quote_precision: 2 },
    { id: 'ethbtc', name: 'ETH/BTC', base_unit: 'eth', quote_unit: 'btc', base_precision: 8, quote_precision: 8 },
    { id: 'xembtc', name: 'XEM/BTC', base_unit: 'xem', quote_unit: 'btc', base_precision: 4, quote_precision: 8 },
    { id: 'xvgeth', name: 'XVG/ETH', base_unit: 'xvg', quote_unit: 'eth', base_precision: 4, quote_precision: 8 },
    { id: 'bcheur', name: 'BCH/EUR', base_unit: 'bch', quote_unit: 'eur', base_precision: 8, quote_precision: 2 },
  ];
  it.each(samples)('$id is $name with precisions $base_precision/$quote_precision', (want) => {
    expect(MARKETS.find((m) => m.id === want.id)).toEqual(want);
  });

  it('gives every market the precision of its currencies', () => {
    for (const m of MARKETS) {
      expect(m.base_precision).toBe(currencyPrecision(m.base_unit as never));
      expect(m.quote_precision).toBe(currencyPrecision(m.quote_unit as never));
    }
  });

  it('precomputes the spec the hot path needs', () => {
    expect(marketSpec('ltccad')).toEqual({
      id: 'ltccad', base: 'ltc', quote: 'cad', basePlaces: 8, quotePlaces: 2, baseScale: 100_000_000n,
      baseLedgerPlaces: 8, quoteLedgerPlaces: 10, baseUnit: 1n, fundsUnit: 1n,
    });
  });

  it('keeps each currency at the places that make price × volume exact in every market quoted in it (X-fee)', () => {
    const places = Object.fromEntries(CURRENCY_CODES.map((c) => [c, ledgerPlaces(c)]));
    expect(places).toEqual({ btc: 16, eth: 12, ltc: 8, bch: 8, xem: 4, xvg: 4, usd: 10, cad: 10, eur: 10 });
  });

  it('answers 1001 naming market for an unknown id', () => {
    expect(() => marketSpec('dogeusd')).toThrow(new EngineError(1001, "market: unknown market 'dogeusd'"));
    expect(isMarketId('dogeusd')).toBe(false);
    expect(isMarketId('xvgusd')).toBe(true);
  });
});

describe('currencies', () => {
  it('lists every currency any market uses, once', () => {
    const used = new Set(MARKETS.flatMap((m) => [m.base_unit, m.quote_unit]));
    expect(new Set(CURRENCY_CODES)).toEqual(used);
    expect(CURRENCIES).toHaveLength(9);
  });

  it('are the currencies the control API sets balances in (the type both name), in the same order', () => {
    expect(CURRENCY_CODES).toEqual(EXCHANGE_CURRENCIES);
  });

  it('has exactly the fields of the Currency resource', () => {
    expect(CURRENCIES[0]).toEqual({ symbol: 'btc', name: 'Bitcoin', deposit_enabled: true, withdrawal_enabled: true });
    expect(CURRENCIES.find((c) => c.symbol === 'usd')).toEqual({
      symbol: 'usd', name: 'US Dollar', deposit_enabled: false, withdrawal_enabled: false,
    });
  });

  it('tells fiat from crypto', () => {
    expect(['usd', 'cad', 'eur'].every((c) => isFiat(c as never))).toBe(true);
    expect(['btc', 'xvg'].some((c) => isFiat(c as never))).toBe(false);
    expect(() => currencyPrecision('doge' as never)).toThrow("currency: unknown currency 'doge'");
  });
});
