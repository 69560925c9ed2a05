// The operations of section 4 of the exchange document, keyed by operationId. Public
// operations first (exchange and market data), then account info, then trading.
import { REFERENCE_LIST_MAX, UNPAGED_LIST_MAX } from '../shared/limits.ts';
import { defineOperations } from '../shared/operation.ts';
import { exchangeErrors, exchangeErrorsFor } from '../shared/responses.ts';
import { z } from '../shared/zod.ts';
import * as ex from './examples.ts';
import {
  CancelOrderRequestSchema,
  ClearOrdersRequestSchema,
  CreateOrderRequestSchema,
  CreateOrdersRequestSchema,
  LIMITS,
  MarketPathSchema,
  OrderBookQuerySchema,
  OrderIdQuerySchema,
  OrdersQuerySchema,
  TradesQuerySchema,
} from './requests.ts';
import {
  AccountSchema,
  CurrencySchema,
  MarketSchema,
  OrderBookSchema,
  OrderSchema,
  OrderWithTradesSchema,
  TickerSchema,
  TimestampSchema,
  TradeSchema,
  UserTradeSchema,
} from './schemas.ts';

/** The three HMAC parameters travel together: one requirement object (X1). */
const signed = [{ AccessKey: [], Nonce: [], Signature: [] }] as const;
const SIGNED = 'Authenticated: sign the request as described under Authentication (X1, X2).';
const TRADING =
  'Trading: the access key must carry the trading permission (`x-required-permission: trade`), otherwise 401 with code 2011.';
const trade = { 'x-required-permission': 'trade' } as const;

/** A 400 whose example shows the domain code (2002/2003) instead of the generic 1001. */
const domain400 = (component: string, code: 2002 | 2003, message: string) => ({
  400: { ...exchangeErrors(400)[400], component, example: { error: { code, message } } },
});

const tradesFilters =
  `\`limit\` defaults to ${LIMITS.trades.default} (at most ${LIMITS.trades.max}); \`timestamp\`, \`from\` and \`to\` are ` +
  'exclusive bounds and combine (AND); `order_by` defaults to `desc`, newest first (X4, X-limits).';

export const exchangeOperations = defineOperations({
  getTimestamp: {
    method: 'get',
    path: '/timestamp',
    summary: 'Server time',
    description: 'Returns a bare integer: the server time in seconds since the Unix epoch.',
    tags: ['Exchange'],
    security: [],
    responses: { 200: { description: 'Server time', schema: TimestampSchema, example: 1700000000 }, ...exchangeErrorsFor({}) },
  },
  getMarkets: {
    method: 'get',
    path: '/markets',
    summary: 'All markets',
    description: 'Returns every market, in the order of the MarketId enumeration.',
    tags: ['Exchange'],
    security: [],
    responses: { 200: { description: 'All markets', schema: z.array(MarketSchema).max(REFERENCE_LIST_MAX), example: ex.marketsExample }, ...exchangeErrorsFor({}) },
  },
  getCurrencies: {
    method: 'get',
    path: '/currencies',
    summary: 'All currencies',
    description: 'Returns every currency traded on the exchange.',
    tags: ['Exchange'],
    security: [],
    responses: { 200: { description: 'All currencies', schema: z.array(CurrencySchema).max(REFERENCE_LIST_MAX), example: ex.currenciesExample }, ...exchangeErrorsFor({}) },
  },
  getTicker: {
    method: 'get',
    path: '/tickers/{market}',
    summary: 'Ticker of one market',
    description: 'Returns the ticker of one market.',
    tags: ['Market data'],
    security: [],
    request: { params: MarketPathSchema },
    responses: { 200: { description: 'Ticker', schema: TickerSchema, example: ex.tickerExample }, ...exchangeErrorsFor({}) },
  },
  getTickers: {
    method: 'get',
    path: '/tickers',
    summary: 'Tickers of all markets',
    description: 'Returns one ticker per market.',
    tags: ['Market data'],
    security: [],
    responses: { 200: { description: 'Tickers', schema: z.array(TickerSchema).max(REFERENCE_LIST_MAX), example: ex.tickersExample }, ...exchangeErrorsFor({}) },
  },
  getOrderBook: {
    method: 'get',
    path: '/order_book',
    summary: 'Depth of a market',
    description:
      `Returns the order book of a market: bids highest price first, asks lowest price first. \`limit\` caps the price ` +
      `levels of each side, default ${LIMITS.orderBook.default}, at most ${LIMITS.orderBook.max} (X-limits).`,
    tags: ['Market data'],
    security: [],
    request: { query: OrderBookQuerySchema },
    responses: { 200: { description: 'Order book', schema: OrderBookSchema, example: ex.orderBookExample }, ...exchangeErrorsFor({}) },
  },
  getTradeHistory: {
    method: 'get',
    path: '/trade_history',
    summary: 'Recent trades of a market',
    description: `Returns recent trades of a market as an array; each trade appears once. ${tradesFilters}`,
    tags: ['Market data'],
    security: [],
    request: { query: TradesQuerySchema },
    responses: { 200: { description: 'Trades', schema: z.array(TradeSchema).max(LIMITS.trades.max), example: ex.tradesExample }, ...exchangeErrorsFor({}) },
  },
  getBalances: {
    method: 'get',
    path: '/balances',
    summary: 'All balances',
    description: `Returns the balance of every currency of the account. ${SIGNED}`,
    tags: ['Account'],
    security: signed,
    responses: { 200: { description: 'Balances', schema: z.array(AccountSchema).max(REFERENCE_LIST_MAX), example: ex.balancesExample }, ...exchangeErrorsFor({ secured: true }) },
  },
  getOrders: {
    method: 'get',
    path: '/orders',
    summary: 'List own orders',
    description:
      `Returns the user's orders of a market, optionally filtered by state. \`limit\` defaults to ${LIMITS.orders.default} ` +
      `(at most ${LIMITS.orders.max}), \`offset\` to 0, \`order_by\` to \`desc\`, newest first (X-limits). ${SIGNED}`,
    tags: ['Account'],
    security: signed,
    request: { query: OrdersQuerySchema },
    responses: { 200: { description: 'Orders', schema: z.array(OrderSchema).max(LIMITS.orders.max), example: ex.ordersExample }, ...exchangeErrorsFor({ secured: true }) },
  },
  getOrder: {
    method: 'get',
    path: '/order',
    summary: 'One own order with its trades',
    description: `Returns one of the user's orders with its trades. An id of another user's order answers 404 (2004), as an unknown id does (X-ownership). ${SIGNED}`,
    tags: ['Account'],
    security: signed,
    request: { query: OrderIdQuerySchema },
    responses: {
      200: { description: 'Order with its trades', schema: OrderWithTradesSchema, example: ex.orderWithTradesExample },
      ...exchangeErrorsFor({ secured: true }),
    },
  },
  getTrades: {
    method: 'get',
    path: '/trades',
    summary: 'Own executed trades',
    description:
      `Returns the user's executed trades of a market as an array. ${tradesFilters} A self-trade (both orders the user's) is two ` +
      'entries with one trade id; a page never ends between them (it ends one entry short of `limit` instead), so paging with ' +
      `\`to\`/\`from\` set to the last id seen neither skips nor repeats one. ${SIGNED}`,
    tags: ['Account'],
    security: signed,
    request: { query: TradesQuerySchema },
    responses: { 200: { description: 'Trades', schema: z.array(UserTradeSchema).max(LIMITS.trades.max), example: ex.userTradesExample }, ...exchangeErrorsFor({ secured: true }) },
  },
  createOrder: {
    method: 'post',
    path: '/orders',
    summary: 'Create an order',
    description:
      'Creates an order and matches it at once; the response shows the order after matching. `price` is required for ' +
      'limit orders and not accepted for market orders. A market order executes immediately against the book; whatever ' +
      'cannot fill is cancelled (X6). Each trade costs a flat 0.25% fee in quote currency, on both sides (X-fee). ' +
      'A business rejection (market closed, insufficient balance, zero volume, too many decimals) answers 400 with code 2002. ' +
      `${TRADING} ${SIGNED}`,
    tags: ['Trading'],
    security: signed,
    extensions: trade,
    request: { body: { schema: CreateOrderRequestSchema, example: ex.createOrderBodyExample } },
    responses: {
      200: { description: 'The created order', schema: OrderSchema, example: ex.createdOrderExample },
      ...exchangeErrorsFor({ secured: true, body: true }),
      ...domain400('OrderCreateFailed', 2002, 'Failed to create order: insufficient balance'),
    },
  },
  createOrders: {
    method: 'post',
    path: '/orders/multi',
    summary: 'Create several orders',
    description:
      `Creates 1 to ${LIMITS.multiOrders.max} orders on one market, all or nothing: either every order is accepted or none ` +
      'is, and the 2002 message names the index of the first failing order (`orders[1]: ...`) (X-multi). Orders are ' +
      `matched in array order; the rules of POST /orders apply to each. ${TRADING} ${SIGNED}`,
    tags: ['Trading'],
    security: signed,
    extensions: trade,
    request: { body: { schema: CreateOrdersRequestSchema, example: ex.createOrdersBodyExample } },
    responses: {
      200: { description: 'The created orders, in request order', schema: z.array(OrderSchema).max(LIMITS.multiOrders.max), example: ex.createdOrdersExample },
      ...exchangeErrorsFor({ secured: true, body: true }),
      ...domain400('OrdersCreateFailed', 2002, 'Failed to create order: orders[1]: insufficient balance'),
    },
  },
  cancelOrder: {
    method: 'post',
    path: '/order/delete',
    summary: 'Cancel an order',
    description:
      'Requests cancellation of one order. Cancellation is asynchronous: the response is the order as it was when the ' +
      'request was accepted (usually still `wait`); poll GET /order until `cancel`, or `done` if it filled first. ' +
      "An order already `done` or `cancel` answers 400 (2003); an unknown id or another user's order 404 (2004) " +
      `(X-transitions, X-ownership). ${TRADING} ${SIGNED}`,
    tags: ['Trading'],
    security: signed,
    extensions: trade,
    request: { body: { schema: CancelOrderRequestSchema, example: ex.cancelOrderBodyExample } },
    responses: {
      200: { description: 'The order whose cancellation was requested', schema: OrderSchema, example: ex.limitOrderExample },
      ...exchangeErrorsFor({ secured: true, body: true }),
      ...domain400('OrderCancelFailed', 2003, 'Failed to cancel order: order 42 is already done'),
    },
  },
  clearOrders: {
    method: 'post',
    path: '/orders/clear',
    summary: 'Cancel many orders',
    description:
      "Requests cancellation of all the user's `wait` orders matching the filters; `{}` or no body matches every open order. " +
      'Asynchronous, like POST /order/delete: returns the orders whose cancellation was requested, `[]` when none ' +
      `matched (X-transitions). ${TRADING} ${SIGNED}`,
    tags: ['Trading'],
    security: signed,
    extensions: trade,
    // Both filters are optional (section 4.15), so the body is too: no body clears every order.
    request: { body: { schema: ClearOrdersRequestSchema, example: ex.clearOrdersBodyExample, required: false } },
    responses: {
      200: { description: 'The orders whose cancellation was requested', schema: z.array(OrderSchema).max(UNPAGED_LIST_MAX), example: ex.ordersExample },
      ...exchangeErrorsFor({ secured: true, body: true }),
    },
  },
});
