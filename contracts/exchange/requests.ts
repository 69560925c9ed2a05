// Request parameters and bodies of section 4 of the exchange document. Defaults and maxima the
// document leaves open are decision X-limits (index.ts); they live here once, as constants.
import { absentField } from '../shared/conditional.ts';
import { exchangeDecimal, boundedInt } from '../shared/primitives.ts';
import { z } from '../shared/zod.ts';
import { MarketIdSchema, ORDER_BOOK_LEVELS_MAX, OrderBySchema, SideSchema, StateSchema } from './schemas.ts';

export const LIMITS = {
  orderBook: { default: 100, max: ORDER_BOOK_LEVELS_MAX },
  trades: { default: 50, max: 1000 },
  orders: { default: 100, max: 1000 },
  multiOrders: { max: 100 },
} as const;

const limit = (range: { default: number; max: number }, what: string) =>
  z
    .number()
    .int()
    .min(1)
    .max(range.max)
    .default(range.default)
    .openapi({ description: `Maximum number of ${what} returned (default ${range.default}, at most ${range.max})` });

const tradeId = (description: string) => boundedInt(1).optional().openapi({ description, example: 500 });

// ---- Query parameters ----

export const MarketPathSchema = z.object({ market: MarketIdSchema });

export const OrderBookQuerySchema = z.object({
  market: MarketIdSchema,
  limit: limit(LIMITS.orderBook, 'price levels per side (bids and asks each)'),
});

/** trade_history and trades share their filters (4.7, 4.11). */
export const TradesQuerySchema = z.object({
  market: MarketIdSchema,
  limit: limit(LIMITS.trades, 'trades'),
  timestamp: boundedInt(0)
    .optional()
    .openapi({ description: 'Unix seconds; when set, only trades executed before that time are returned', example: 1700000000 }),
  from: tradeId('Trade id; when set, only trades created after that trade are returned (exclusive)'),
  to: tradeId('Trade id; when set, only trades created before that trade are returned (exclusive)'),
  order_by: OrderBySchema,
});

export const OrdersQuerySchema = z.object({
  market: MarketIdSchema,
  state: StateSchema.optional().openapi({ description: 'Filter by order state; all states when absent' }),
  limit: limit(LIMITS.orders, 'orders'),
  offset: boundedInt(0).default(0).openapi({ description: 'Number of orders to skip (pagination); default 0' }),
  order_by: OrderBySchema,
});

export const OrderIdQuerySchema = z.object({
  id: boundedInt(1).openapi({ description: 'Order id', example: 42 }),
});

// ---- Bodies ----

const side = SideSchema;
const volume = exchangeDecimal('Base-currency quantity');
const price = exchangeDecimal('Price per base unit in quote currency');
// "Absent" as a schema: both forms from absentField (Zod refines a value away, the document says `not: {}`).
const noPrice = absentField('market orders take no price', { description: 'Market orders take no price; a request that sends one is rejected (1001)' });

// One order of 4.12, with or without its market (4.13 carries the market once, beside `orders`).
// A discriminated union on ord_type says "price required when limit" as a schema the validator
// enforces. The variants are flat objects, not `.extend()`s: an allOf variant would hide
// `ord_type` from discriminator-aware validators, which look for it under `properties`.
const limitShape = { side, volume, ord_type: z.literal('limit'), price };
const marketShape = { side, volume, ord_type: z.literal('market'), price: noPrice };
const MARKET_ORDER = 'A market order: no `price`; executes immediately against the book, whatever cannot fill is cancelled (X6).';

export const LimitOrderItemSchema = z.object(limitShape).openapi('LimitOrderItem', { description: 'A limit order: `price` required.' });
export const MarketOrderItemSchema = z.object(marketShape).openapi('MarketOrderItem', { description: MARKET_ORDER });
export const OrderItemSchema = z
  .discriminatedUnion('ord_type', [LimitOrderItemSchema, MarketOrderItemSchema])
  .openapi('OrderItem', { description: 'One order of a multi-order request; `ord_type` selects the variant.' });
export type OrderItem = z.infer<typeof OrderItemSchema>;

const market = MarketIdSchema;
export const LimitOrderRequestSchema = z
  .object({ market, ...limitShape })
  .openapi('LimitOrderRequest', { description: 'Create a limit order: `price` required.' });
export const MarketOrderRequestSchema = z.object({ market, ...marketShape }).openapi('MarketOrderRequest', { description: MARKET_ORDER });
export const CreateOrderRequestSchema = z
  .discriminatedUnion('ord_type', [LimitOrderRequestSchema, MarketOrderRequestSchema])
  .openapi('CreateOrderRequest', { description: 'Body of POST /orders; `ord_type` selects the variant.' });
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;

export const CreateOrdersRequestSchema = z
  .object({
    market: MarketIdSchema.openapi({ description: 'Market for all orders' }),
    orders: z
      .array(OrderItemSchema)
      .min(1)
      .max(LIMITS.multiOrders.max)
      .openapi({ description: `The orders, 1 to ${LIMITS.multiOrders.max}; accepted all or none (X-multi)` }),
  })
  .openapi('CreateOrdersRequest', { description: 'Body of POST /orders/multi.' });
export type CreateOrdersRequest = z.infer<typeof CreateOrdersRequestSchema>;

export const CancelOrderRequestSchema = z
  .object({ id: boundedInt(1).openapi({ description: 'Id of the order to cancel', example: 42 }) })
  .openapi('CancelOrderRequest', { description: 'Body of POST /order/delete.' });
export type CancelOrderRequest = z.infer<typeof CancelOrderRequestSchema>;

export const ClearOrdersRequestSchema = z
  .object({
    side: SideSchema.optional().openapi({
      description: 'When present, only sell orders (asks) or only buy orders (bids) are cancelled',
    }),
    market: MarketIdSchema.optional().openapi({ description: 'When present, only orders on this market are cancelled' }),
  })
  .openapi('ClearOrdersRequest', { description: 'Body of POST /orders/clear; `{}` cancels every open order.' });
export type ClearOrdersRequest = z.infer<typeof ClearOrdersRequestSchema>;
