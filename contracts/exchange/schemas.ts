// Exchange resources and enumerations of section 2 of the exchange document. Request parameters
// and bodies live in requests.ts; the operations that use both in operations.ts.
import { exchangeDecimal, isoDateTime, boundedInt } from '../shared/primitives.ts';
import { TEXT_LIMITS, UNPAGED_LIST_MAX } from '../shared/limits.ts';
import { z } from '../shared/zod.ts';

/** Price levels per side of an order book at most (X-limits; the order_book `limit` maximum). */
export const ORDER_BOOK_LEVELS_MAX = 1000;

// ---- Enumerations (section 2, "Enumerations") ----

export const MARKETS = [
  'btcusd', 'btccad', 'btceur', 'ethusd', 'ethcad', 'etheur', 'ethbtc', 'ltcusd', 'ltccad', 'ltceur', 'ltcbtc',
  'xembtc', 'bchusd', 'bchcad', 'bcheur', 'bchbtc', 'xvgbtc', 'xvgeth', 'xvgcad', 'xvgeur', 'xvgusd',
] as const;
export const MarketIdSchema = z.enum(MARKETS).openapi('MarketId', {
  description: 'Market id: base currency code followed by quote currency code, lower case',
  example: 'btcusd',
});
export type MarketId = z.infer<typeof MarketIdSchema>;

export const STATES = ['wait', 'done', 'cancel'] as const;
export const StateSchema = z.enum(STATES).openapi('State', {
  description:
    'Order state: `wait` active, waiting for fulfilment; `done` fulfilled; `cancel` cancelled. ' +
    'Transitions: `wait` → `done` (fully filled) or `wait` → `cancel` (cancelled, or the unfilled rest of a ' +
    'market order); `done` and `cancel` are final (decision X-transitions).',
  example: 'wait',
});
export type State = z.infer<typeof StateSchema>;

export const SIDES = ['sell', 'buy'] as const;
export const SideSchema = z.enum(SIDES).openapi('Side', { description: 'Order side', example: 'buy' });
export type Side = z.infer<typeof SideSchema>;

export const ORDER_TYPES = ['limit', 'market'] as const;
export const OrderTypeSchema = z.enum(ORDER_TYPES).openapi('OrderType', { description: 'Order type', example: 'limit' });
export type OrderType = z.infer<typeof OrderTypeSchema>;

export const ORDER_BYS = ['asc', 'desc'] as const;
// The default lives in the named enum, its only use being `order_by` (default `desc` everywhere,
// X-limits): a default is read from the schema a plain $ref names (the server's coercion plan,
// server/validation/scalar-coercion.ts, follows the $ref), not from one zod-to-openapi would attach
// beside the $ref in an allOf.
export const OrderBySchema = z.enum(ORDER_BYS).default('desc').openapi('OrderBy', {
  description: 'Sort order by creation: `asc` oldest first, `desc` newest first (default)',
  example: 'desc',
});
export type OrderBy = z.infer<typeof OrderBySchema>;

export const TradeSideSchema = z.enum(['bid', 'ask']).openapi('TradeSide', {
  description: "Side of the user's order in a trade: `bid` (buy) or `ask` (sell)",
  example: 'bid',
});
export const TrendSchema = z.enum(['up', 'down']).openapi('Trend', {
  description: 'Which incoming order triggered the trade: `up` a buy, `down` a sell',
  example: 'up',
});

// ---- Exchange data ----

export const TimestampSchema = boundedInt(0)
  .openapi('Timestamp', { description: 'Server time in seconds since the Unix epoch', example: 1700000000 });

const precision = (description: string) => boundedInt(0, 18).openapi({ description, example: 8 });

export const MarketSchema = z
  .object({
    id: MarketIdSchema,
    name: z.string().max(TEXT_LIMITS.code).openapi({ description: 'Market name as used in the UI', example: 'BTC/USD' }),
    base_unit: z.string().max(TEXT_LIMITS.code).openapi({ description: 'Currency code of the base unit', example: 'btc' }),
    quote_unit: z.string().max(TEXT_LIMITS.code).openapi({ description: 'Currency code of the quote unit', example: 'usd' }),
    base_precision: precision('Decimal precision of the base unit'),
    quote_precision: precision('Decimal precision of the quote unit'),
  })
  .openapi('Market', { description: 'A market: a pair of base and quote currency.' });
export type Market = z.infer<typeof MarketSchema>;

export const CurrencySchema = z
  .object({
    symbol: z.string().max(TEXT_LIMITS.code).openapi({ description: 'Currency code', example: 'btc' }),
    name: z.string().max(TEXT_LIMITS.code).openapi({ description: 'Currency name', example: 'Bitcoin' }),
    deposit_enabled: z.boolean().openapi({ description: 'Whether deposits are enabled', example: true }),
    withdrawal_enabled: z.boolean().openapi({ description: 'Whether withdrawals are enabled', example: true }),
  })
  .openapi('Currency', { description: 'A currency traded on the exchange.' });
export type Currency = z.infer<typeof CurrencySchema>;

// ---- Market data ----

export const TickerSchema = z
  .object({
    market: MarketIdSchema,
    at: boundedInt(0).openapi({ description: 'Unix timestamp (seconds) of the last ticker update', example: 1700000000 }),
    open: exchangeDecimal("Today's open price"),
    low: exchangeDecimal("Today's low price"),
    high: exchangeDecimal("Today's high price"),
    last: exchangeDecimal('Most recent trade price'),
    vol: exchangeDecimal('24-hour trading volume in the base currency'),
  })
  .openapi('Ticker', { description: 'Ticker of one market.' });
export type Ticker = z.infer<typeof TickerSchema>;

// minItems/maxItems state the tuple's length for validators: ajv (strictTuples) refuses a bare
// prefixItems, and zod-to-openapi writes only prefixItems.
export const PriceLevelSchema = z
  .tuple([exchangeDecimal('Price'), exchangeDecimal('Volume at that price')])
  .openapi('PriceLevel', {
    description: 'One price level: `[<price>, <volume>]`, both decimal strings',
    example: ['30000.00', '0.5'],
    minItems: 2,
    maxItems: 2,
  });
export type PriceLevel = z.infer<typeof PriceLevelSchema>;

export const OrderBookSchema = z
  .object({
    timestamp: boundedInt(0).openapi({ description: 'Time of the snapshot (Unix seconds)', example: 1700000000 }),
    bids: z.array(PriceLevelSchema).max(ORDER_BOOK_LEVELS_MAX).openapi({ description: 'Buy price levels, highest price first' }),
    asks: z.array(PriceLevelSchema).max(ORDER_BOOK_LEVELS_MAX).openapi({ description: 'Sell price levels, lowest price first' }),
  })
  .openapi('OrderBook', { description: 'Depth of a market: aggregated price levels of the open orders.' });
export type OrderBook = z.infer<typeof OrderBookSchema>;

export const TradeSchema = z
  .object({
    id: boundedInt(1).openapi({ description: 'Unique trade id', example: 501 }),
    price: exchangeDecimal('Unit price of execution'),
    volume: exchangeDecimal('Amount of base currency traded'),
    funds: exchangeDecimal('Amount of quote currency traded (price × volume)'),
    market: MarketIdSchema,
    trend: TrendSchema,
    created_at: isoDateTime('ISO 8601 creation time'),
  })
  .openapi('Trade', { description: 'A public trade.' });
export type Trade = z.infer<typeof TradeSchema>;

export const UserTradeSchema = TradeSchema.extend({
  side: TradeSideSchema,
  fee: exchangeDecimal('Fee, in quote currency: 0.25% of `funds` (decision X-fee)'),
  order_id: boundedInt(1).openapi({ description: 'Id of the order the trade belongs to', example: 42 }),
}).openapi('UserTrade', { description: "A trade of the user's own order: Trade plus side, fee and order_id." });
export type UserTrade = z.infer<typeof UserTradeSchema>;

// ---- Account ----

export const AccountSchema = z
  .object({
    currency: z.string().max(TEXT_LIMITS.code).openapi({ description: 'Currency code', example: 'btc' }),
    balance: exchangeDecimal('Total balance (available + locked)'),
    locked: exchangeDecimal('Amount locked by open orders'),
    available: exchangeDecimal('Amount available for new orders'),
  })
  .openapi('Account', { description: 'Balance of one currency.' });
export type Account = z.infer<typeof AccountSchema>;

export const OrderSchema = z
  .object({
    id: boundedInt(1).openapi({ description: 'Unique order id', example: 42 }),
    side: SideSchema,
    ord_type: OrderTypeSchema,
    price: exchangeDecimal('Price per unit of base currency, in quote currency. Absent for market orders').optional(),
    avg_price: exchangeDecimal("Average execution price over the order's trades; `0` before the first trade"),
    state: StateSchema,
    market: MarketIdSchema,
    created_at: isoDateTime('ISO 8601 creation time'),
    volume: exchangeDecimal('Base-currency quantity when submitted'),
    remaining_volume: exchangeDecimal('Remaining volume'),
    executed_volume: exchangeDecimal('Executed volume'),
    trades_count: boundedInt(0).openapi({ description: 'Number of executed trades of the order', example: 1 }),
  })
  .openapi('Order', { description: 'An order of the user.' });
export type Order = z.infer<typeof OrderSchema>;

export const OrderWithTradesSchema = OrderSchema.extend({
  trades: z.array(UserTradeSchema).max(UNPAGED_LIST_MAX).openapi({ description: 'The trades associated with the order' }),
}).openapi('OrderWithTrades', { description: 'An order with its trades.' });
export type OrderWithTrades = z.infer<typeof OrderWithTradesSchema>;
