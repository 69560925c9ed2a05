// The 21 markets and 9 currencies of the exchange document, as data. A currency has one
// precision, used for balances and for every amount in that currency in every market, so a
// market's base/quote precision is its currencies' precision and no amount is ever rescaled.
import { pow10 } from './decimal.ts';
import { invalidParameter } from './errors.ts';
import type { Currency, CurrencyCode, Market, MarketId } from './wire.ts';

export type { CurrencyCode };

interface CurrencyDef extends Currency {
  symbol: CurrencyCode;
  /** Decimal places of every amount in this currency (balances, volumes, prices, funds, fees). */
  precision: number;
  fiat: boolean;
}

// Crypto with 8 places (satoshi-style units); XEM and XVG trade in whole-ish lots at 4 places;
// fiat in cents. Fiat deposits and withdrawals go through banking, not this API: disabled.
const CURRENCY_DEFS: readonly CurrencyDef[] = [
  { symbol: 'btc', name: 'Bitcoin', precision: 8, fiat: false, deposit_enabled: true, withdrawal_enabled: true },
  { symbol: 'eth', name: 'Ether', precision: 8, fiat: false, deposit_enabled: true, withdrawal_enabled: true },
  { symbol: 'ltc', name: 'Litecoin', precision: 8, fiat: false, deposit_enabled: true, withdrawal_enabled: true },
  { symbol: 'bch', name: 'Bitcoin Cash', precision: 8, fiat: false, deposit_enabled: true, withdrawal_enabled: true },
  { symbol: 'xem', name: 'NEM', precision: 4, fiat: false, deposit_enabled: true, withdrawal_enabled: true },
  { symbol: 'xvg', name: 'Verge', precision: 4, fiat: false, deposit_enabled: true, withdrawal_enabled: true },
  { symbol: 'usd', name: 'US Dollar', precision: 2, fiat: true, deposit_enabled: false, withdrawal_enabled: false },
  { symbol: 'cad', name: 'Canadian Dollar', precision: 2, fiat: true, deposit_enabled: false, withdrawal_enabled: false },
  { symbol: 'eur', name: 'Euro', precision: 2, fiat: true, deposit_enabled: false, withdrawal_enabled: false },
];

export const CURRENCY_CODES: readonly CurrencyCode[] = CURRENCY_DEFS.map((c) => c.symbol);

/** GET /currencies, in this order. */
export const CURRENCIES: readonly Currency[] = CURRENCY_DEFS.map(
  ({ symbol, name, deposit_enabled, withdrawal_enabled }) => ({ symbol, name, deposit_enabled, withdrawal_enabled }),
);

const DEF_BY_CODE = new Map<string, CurrencyDef>(CURRENCY_DEFS.map((c) => [c.symbol, c]));

function currencyDef(code: string): CurrencyDef {
  const def = DEF_BY_CODE.get(code);
  if (def === undefined) throw invalidParameter('currency', `unknown currency '${code}'`);
  return def;
}

export function currencyPrecision(code: CurrencyCode): number {
  return currencyDef(code).precision;
}

export function isFiat(code: CurrencyCode): boolean {
  return currencyDef(code).fiat;
}

/** The Market enum of the document, in its order. */
export const MARKET_IDS: readonly MarketId[] = [
  'btcusd', 'btccad', 'btceur', 'ethusd', 'ethcad', 'etheur', 'ethbtc', 'ltcusd', 'ltccad', 'ltceur', 'ltcbtc',
  'xembtc', 'bchusd', 'bchcad', 'bcheur', 'bchbtc', 'xvgbtc', 'xvgeth', 'xvgcad', 'xvgeur', 'xvgusd',
];

/** GET /markets, in the enum's order. Every id is a 3-letter base code then a 3-letter quote code. */
export const MARKETS: readonly Market[] = MARKET_IDS.map((id) => {
  const base = currencyDef(id.slice(0, 3));
  const quote = currencyDef(id.slice(3));
  return {
    id,
    name: `${base.symbol.toUpperCase()}/${quote.symbol.toUpperCase()}`,
    base_unit: base.symbol,
    quote_unit: quote.symbol,
    base_precision: base.precision,
    quote_precision: quote.precision,
  };
});

/**
 * Decimal places at which every balance, lock, funds and fee in a currency is kept (decision
 * X-fee): the finest places price × volume takes in any market quoted in that currency, so the
 * funds of every trade are exact (usd, cad, eur 10; btc 16; eth 12), and never fewer than the
 * currency's own precision (ltc, bch 8; xem, xvg 4). Fees are rounded down to this unit.
 */
const LEDGER_PLACES = new Map<string, number>(
  CURRENCY_DEFS.map((c) => [
    c.symbol,
    Math.max(c.precision, ...MARKETS.filter((m) => m.quote_unit === c.symbol).map((m) => m.quote_precision + m.base_precision)),
  ]),
);

export function ledgerPlaces(code: CurrencyCode): number {
  return LEDGER_PLACES.get(code) ?? currencyDef(code).precision;
}

/** A market with what the hot path needs precomputed (never leaves the engine). */
export interface MarketSpec {
  readonly id: MarketId;
  readonly base: CurrencyCode;
  readonly quote: CurrencyCode;
  readonly basePlaces: number;
  readonly quotePlaces: number;
  /** 10^basePlaces: price × volume / baseScale is funds in quote units. */
  readonly baseScale: bigint;
  /** Ledger places of the base and the quote currency (see ledgerPlaces). */
  readonly baseLedgerPlaces: number;
  readonly quoteLedgerPlaces: number;
  /** A volume (base precision) × baseUnit is base ledger units. */
  readonly baseUnit: bigint;
  /** price × volume × fundsUnit is the exact funds in quote ledger units. */
  readonly fundsUnit: bigint;
}

const SPECS = new Map<string, MarketSpec>(
  MARKETS.map((m) => {
    const baseLedgerPlaces = ledgerPlaces(m.base_unit as CurrencyCode);
    const quoteLedgerPlaces = ledgerPlaces(m.quote_unit as CurrencyCode);
    return [
      m.id,
      {
        id: m.id,
        base: m.base_unit as CurrencyCode,
        quote: m.quote_unit as CurrencyCode,
        basePlaces: m.base_precision,
        quotePlaces: m.quote_precision,
        baseScale: pow10(m.base_precision),
        baseLedgerPlaces,
        quoteLedgerPlaces,
        baseUnit: pow10(baseLedgerPlaces - m.base_precision),
        fundsUnit: pow10(quoteLedgerPlaces - m.quote_precision - m.base_precision),
      },
    ];
  }),
);

export function isMarketId(id: string): id is MarketId {
  return SPECS.has(id);
}

/** The spec of a market id; an unknown id is a 1001 naming `market`. */
export function marketSpec(id: string): MarketSpec {
  const spec = SPECS.get(id);
  if (spec === undefined) throw invalidParameter('market', `unknown market '${id}'`);
  return spec;
}
