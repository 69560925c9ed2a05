// The engine's output shapes are the exchange contract's own types (z.infer of the Zod schemas
// in contracts/exchange), so what the engine returns is what the HTTP layer declares. Types
// only: the engine does not load zod at run time.
export type {
  Account,
  Currency,
  Market,
  MarketId,
  Order,
  OrderBook,
  OrderBy,
  OrderType as OrdType,
  OrderWithTrades,
  Side,
  State as OrderState,
  Ticker,
  Trade,
  UserTrade,
} from '../../../contracts/exchange/schemas.ts';

/** A currency code of the exchange (the control API's list of them). */
export type { ExchangeCurrency as CurrencyCode } from '../../../contracts/sandbox/exchange-fixtures.ts';

/** One order of POST /orders (without its market) and an element of POST /orders/multi's `orders`. */
export type { OrderItem as OrderInput } from '../../../contracts/exchange/requests.ts';
