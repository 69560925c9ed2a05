// The control API's exchange operations: one trader's data reset, balances loaded
// for a trader, and an order book of a given depth on a market. Spread into sandboxOperations.
import { MarketIdSchema, AccountSchema } from '../exchange/schemas.ts';
import { atLeastOneProperty, withRule } from '../shared/conditional.ts';
import { TEXT_LIMITS, REFERENCE_LIST_MAX } from '../shared/limits.ts';
import { exchangeDecimal } from '../shared/primitives.ts';
import { defineOperations } from '../shared/operation.ts';
import { partnerErrors } from '../shared/responses.ts';
import { z } from '../shared/zod.ts';
import { SANDBOX_SECURITY } from './security.ts';

/** The exchange's currencies, in GET /currencies order (the engine's CURRENCY_CODES, compared in server/exchange/engine/markets.test.ts). */
export const EXCHANGE_CURRENCIES = ['btc', 'eth', 'ltc', 'bch', 'xem', 'xvg', 'usd', 'cad', 'eur'] as const;
/** A currency code of the exchange: the engine's and the journal's currency type. */
export type ExchangeCurrency = (typeof EXCHANGE_CURRENCIES)[number];
/** Price levels per side an order-book fixture may place (the order book's own page limit). */
export const MAX_BOOK_DEPTH = 100;
/** The user that holds the orders of an order-book fixture: no access key, so only its orders are seen. */
export const BOOK_MAKER = 'sandbox-book-maker';

const accessKey = z.string().min(1).max(TEXT_LIMITS.token).openapi({ description: 'A configured exchange access key', example: 'demo-trader' });
const amount = (c: string) => exchangeDecimal(`New ${c} balance (at most the currency's decimal places)`, '100').optional();

export const TraderResetSchema = z
  .object({
    scope: z.literal('trader'),
    trader: z.string().max(TEXT_LIMITS.token).openapi({ description: 'The access key reset' }),
  })
  .strict()
  .openapi('TraderReset', { description: "One trader's data reset" });

export const TraderBalancesRequestSchema = withRule(
  z.object(Object.fromEntries(EXCHANGE_CURRENCIES.map((c) => [c, amount(c)])) as Record<ExchangeCurrency, ReturnType<typeof amount>>).strict(),
  atLeastOneProperty('give at least one currency'),
  'TraderBalancesRequest',
  { description: 'Balances to set, by currency; currencies left out keep theirs' },
);

export const TraderBalancesSchema = z
  .object({
    trader: z.string().max(TEXT_LIMITS.token),
    accounts: z.array(AccountSchema).max(REFERENCE_LIST_MAX).openapi({ description: 'Every balance of the trader after the change (GET /members/me)' }),
  })
  .strict()
  .openapi('TraderBalances');

export const OrderBookFixtureRequestSchema = z
  .object({
    depth: z.number().int().min(1).max(MAX_BOOK_DEPTH).openapi({ description: `Price levels per side (1 to ${MAX_BOOK_DEPTH})`, example: 5 }),
    mid_price: exchangeDecimal('The middle of the book: asks start one step above it, bids one step below', '100.00'),
    step: exchangeDecimal('Distance between two price levels, in the quote currency', '1.00'),
    volume: exchangeDecimal('Volume of each order, in the base currency', '0.1'),
  })
  .strict()
  .openapi('OrderBookFixtureRequest');

export const OrderBookFixtureSchema = z
  .object({
    market: MarketIdSchema,
    ask_ids: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).max(MAX_BOOK_DEPTH).openapi({ description: 'Ids of the asks placed, lowest price first' }),
    bid_ids: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).max(MAX_BOOK_DEPTH).openapi({ description: 'Ids of the bids placed, highest price first' }),
  })
  .strict()
  .openapi('OrderBookFixture', { description: 'The orders an order-book fixture placed' });

const bodyErrors = () => partnerErrors({}, 400, 401, 404, 405, 413, 415, 422, 500, 503);
const trader = z.object({ access_key: accessKey });

export const exchangeFixtureOperations = defineOperations({
  resetTrader: {
    method: 'post',
    path: '/traders/{access_key}/reset',
    summary: "Reset one trader's data",
    description:
      "Cancels the trader's waiting orders at once (their funds unlocked), empties their order and trade lists, and puts every " +
      'balance back to the seed (zero where the seed has none). Trades stay in the market history, where the other side still ' +
      'sees them. Other traders are untouched.',
    tags: ['Reset'],
    security: SANDBOX_SECURITY,
    request: { params: trader },
    responses: {
      200: { description: 'The trader reset', schema: TraderResetSchema, example: { scope: 'trader', trader: 'demo-trader' } },
      ...partnerErrors({}, 400, 401, 404, 405, 422, 500, 503),
    },
  },
  loadTraderBalances: {
    method: 'post',
    path: '/traders/{access_key}/balances',
    summary: "Set a trader's balances",
    description:
      'Sets the balance of each currency given (the exact decimal, at most the currency\'s places); a balance below what the ' +
      "trader's open orders hold locked is refused (422) and nothing changes.",
    tags: ['Fixtures'],
    security: SANDBOX_SECURITY,
    request: { params: trader, body: { schema: TraderBalancesRequestSchema, example: { btc: '2.5', usd: '50000.00' } } },
    responses: {
      200: {
        description: 'Every balance of the trader now',
        schema: TraderBalancesSchema,
        example: { trader: 'demo-trader', accounts: [{ currency: 'btc', balance: '2.50000000', locked: '0.00000000', available: '2.50000000' }] },
      },
      ...bodyErrors(),
    },
  },
  loadOrderBook: {
    method: 'post',
    path: '/markets/{market}/order-book',
    summary: 'Place an order book of a given depth',
    description:
      `Places \`depth\` limit asks (mid_price + step, + 2 step, ...) and \`depth\` limit bids (mid_price - step, ...) of \`volume\` each, ` +
      `held by the user \`${BOOK_MAKER}\` (funded for them), so traders can trade against a book. Prices at or below zero, or ` +
      "with more decimals than the market's quote currency, are refused (422). An ask at or under a waiting bid of another " +
      'trader (or a bid at or over an ask) trades at once, as any order does.',
    tags: ['Fixtures'],
    security: SANDBOX_SECURITY,
    request: { params: z.object({ market: MarketIdSchema }), body: { schema: OrderBookFixtureRequestSchema, example: { depth: 5, mid_price: '100.00', step: '1.00', volume: '0.1' } } },
    responses: {
      200: { description: 'The orders placed', schema: OrderBookFixtureSchema, example: { market: 'btcusd', ask_ids: [11, 12], bid_ids: [13, 14] } },
      ...bodyErrors(),
    },
  },
});
