// Read-side of the engine: trade and order lists with their filters, order book depth and
// tickers. Lists are kept oldest first by id, so id bounds are binary searches.
import type { Book } from './book.ts';
import { formatDecimal } from './decimal.ts';
import type { MarketSpec } from './markets.ts';
import type { OrderRec, TradeRec } from './records.ts';
import type { OrderBook, OrderBy, OrderState, Ticker } from './wire.ts';

/** Defaults and maxima of `limit` (decision X4); larger limits are cut to the maximum. */
export const LIMITS = {
  trades: { default: 50, max: 1000 },
  orders: { default: 100, max: 1000 },
  orderBook: { default: 100, max: 1000 },
} as const;

/** Every list is newest first unless `order_by` says `asc` (the document: "reverse creation order"). */
export const DEFAULT_ORDER_BY: OrderBy = 'desc';

export interface TradeQuery {
  limit?: number;
  /** Unix seconds: only trades executed strictly before it. */
  timestamp?: number;
  /** Trade id: only trades after it. */
  from?: number;
  /** Trade id: only trades before it. */
  to?: number;
  order_by?: OrderBy;
}

export interface OrderQuery {
  state?: OrderState;
  limit?: number;
  offset?: number;
  order_by?: OrderBy;
}

function clampLimit(limit: number | undefined, bounds: { default: number; max: number }): number {
  return Math.max(0, Math.min(limit ?? bounds.default, bounds.max));
}

/** First index whose trade id is greater than `id` (trades sorted by increasing id). */
function firstAfter(trades: readonly TradeRec[], id: number): number {
  let lo = 0;
  let hi = trades.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((trades[mid] as TradeRec).id <= id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Filters trades sorted oldest first (a market's, or a user's fill log's) and answers the
 * indices of the chosen ones in the requested order; walks only as far as `limit` needs.
 * `wholeTrades` (a user's fills, where a self-trade is two fills with one trade id): a page never
 * ends between the fills of one trade, since the next page's bound (`to`/`from`, a trade id,
 * exclusive) would skip the rest. It ends before them, or holds all of them when they would
 * otherwise be its only items; a page can so be one short of `limit` without being the last.
 */
export function queryTrades(trades: readonly TradeRec[], query: TradeQuery, wholeTrades = false): number[] {
  const limit = clampLimit(query.limit, LIMITS.trades);
  const lo = query.from === undefined ? 0 : firstAfter(trades, query.from);
  const hi = query.to === undefined ? trades.length : firstAfter(trades, query.to - 1);
  const before = query.timestamp === undefined ? Infinity : query.timestamp * 1000;
  const asc = (query.order_by ?? DEFAULT_ORDER_BY) === 'asc';
  const out: number[] = [];
  const idOf = (i: number) => (trades[i] as TradeRec).id;
  const shown = (i: number) => (trades[i] as TradeRec).createdAt < before;
  let i = asc ? lo : hi - 1;
  const step = asc ? 1 : -1;
  const inRange = (k: number) => (asc ? k < hi : k >= lo);
  for (; inRange(i) && out.length < limit; i += step) if (shown(i)) out.push(i);
  if (!wholeTrades || out.length === 0) return out;
  const last = idOf(out[out.length - 1]!);
  while (inRange(i) && !shown(i)) i += step;
  if (!inRange(i) || idOf(i) !== last) return out;
  // The next fill belongs to the page's last trade.
  const cut = out.filter((k) => idOf(k) !== last);
  if (cut.length > 0) return cut;
  for (; inRange(i) && idOf(i) === last; i += step) if (shown(i)) out.push(i);
  return out;
}

/**
 * A user's orders of one market (oldest first in the store), filtered and paged: read in place
 * from the requested end, skipping `offset` matches and stopping at `limit`, so an unfiltered page
 * costs offset + limit orders however long the history (a state filter walks until the page is full).
 */
export function queryOrders(orders: readonly OrderRec[], query: OrderQuery): OrderRec[] {
  const limit = clampLimit(query.limit, LIMITS.orders);
  const offset = Math.max(0, query.offset ?? 0);
  const desc = (query.order_by ?? DEFAULT_ORDER_BY) === 'desc';
  const out: OrderRec[] = [];
  const n = orders.length;
  if (query.state === undefined) {
    for (let k = offset; k < n && out.length < limit; k++) out.push(orders[desc ? n - 1 - k : k] as OrderRec);
    return out;
  }
  let skip = offset;
  for (let k = 0; k < n && out.length < limit; k++) {
    const order = orders[desc ? n - 1 - k : k] as OrderRec;
    if (order.state !== query.state) continue;
    if (skip > 0) skip--;
    else out.push(order);
  }
  return out;
}

/** GET /order_book: `limit` price levels per side, bids high to low, asks low to high. */
export function orderBookOf(book: Book, market: MarketSpec, limit: number | undefined, nowMs: number): OrderBook {
  const levels = clampLimit(limit, LIMITS.orderBook);
  return {
    timestamp: Math.floor(nowMs / 1000),
    bids: book.bids.depth(levels, market.quotePlaces, market.basePlaces),
    asks: book.asks.depth(levels, market.quotePlaces, market.basePlaces),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /tickers/{market} (decision X-ticker): open, low, high and vol over the trades of the last
 * 24 hours (open the first trade's price in that window, vol the summed base volume); last the
 * most recent trade's price, however old ("Most recent trade price"). With no trade in the window
 * those four are zero at their precision ('0.00' for a USD price, '0.00000000' for BTC volume),
 * and last too when the market never traded.
 */
export function tickerOf(trades: readonly TradeRec[], market: MarketSpec, nowMs: number): Ticker {
  const since = nowMs - DAY_MS;
  let open = 0n;
  let low = 0n;
  let high = 0n;
  let last = 0n;
  let vol = 0n;
  let seen = false;
  let lastSeen = false;
  // Newest first, stopping at the window's start: cost follows the day's trades, not history.
  for (let i = trades.length - 1; i >= 0; i--) {
    const trade = trades[i] as TradeRec;
    if (trade.createdAt > nowMs) continue;
    if (!lastSeen) {
      last = trade.price;
      lastSeen = true;
    }
    if (trade.createdAt <= since) break;
    if (!seen) {
      low = high = trade.price;
      seen = true;
    }
    open = trade.price;
    if (trade.price < low) low = trade.price;
    if (trade.price > high) high = trade.price;
    vol += trade.volume;
  }
  const places = market.quotePlaces;
  return {
    market: market.id,
    at: Math.floor(nowMs / 1000),
    open: formatDecimal(open, places),
    low: formatDecimal(low, places),
    high: formatDecimal(high, places),
    last: formatDecimal(last, places),
    vol: formatDecimal(vol, market.basePlaces),
  };
}
