// Async iterators over the paginated lists: merchant transactions and exchange orders by
// limit/offset, exchange trades by walking back in time (`to` = the last id seen, newest first),
// which stays exact while new trades arrive. Each page goes through the typed client, so signing,
// retries and rate limiting apply; a failed page throws the API's typed error (unwrap).
//
// limit/offset lists can shift while you iterate: a new order pushes the older ones one place
// down (the orders iterator skips ids it has already yielded), and with a `state` filter an order
// that leaves the state moves the rest up (one can be missed). Prefer order_by 'asc' for a stable walk.
//
// The client types are spelled from core.ts and the generated paths, not imported from
// exchange.ts/merchant.ts: those re-export the iterators, and a module must not import its importer.
import type { components as ExchangeComponents, operations as ExchangeOperations, paths as ExchangePaths } from '../generated/types/exchange.ts';
import type { components as MerchantComponents, operations as MerchantOperations, paths as MerchantPaths } from '../generated/types/merchant.ts';
import type { TypedClient } from './core.ts';
import { unwrap } from './errors.ts';

type ExchangeClient = TypedClient<ExchangePaths>;
type MerchantClient = TypedClient<MerchantPaths>;

export type Transaction = MerchantComponents['schemas']['Transaction'];
export type Order = ExchangeComponents['schemas']['Order'];
export type UserTrade = ExchangeComponents['schemas']['UserTrade'];
export type Trade = ExchangeComponents['schemas']['Trade'];

type TransactionsQuery = NonNullable<MerchantOperations['listTransactions']['parameters']['query']>;
type OrdersQuery = ExchangeOperations['getOrders']['parameters']['query'];
type TradesQuery = ExchangeOperations['getTrades']['parameters']['query'];

export interface PageOptions {
  /** Items asked per request (defaults: the API's default page size). */
  pageSize?: number;
  /** Stop after this many items in all. */
  max?: number;
}

/**
 * Pulls pages until one comes back shorter than `lastBelow` (default `pageSize`); yields at most `max` items.
 */
async function* pages<T>(fetchPage: (n: number) => Promise<T[]>, pageSize: number, max = Infinity, lastBelow = pageSize): AsyncGenerator<T> {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new RangeError(`pageSize must be a positive integer, got ${pageSize}`);
  let yielded = 0;
  for (let n = 0; yielded < max; n++) {
    const page = await fetchPage(n);
    for (const item of page) {
      if (yielded >= max) return;
      yield item;
      yielded++;
    }
    if (page.length < lastBelow || page.length === 0) return;
  }
}

/**
 * Each id once, at most `max` of them. Offset pages over a list that grows at the front shift: an
 * item created between two pages reappears at the top of the next one, and is skipped here.
 */
async function* distinctById<T extends { id: number }>(items: AsyncGenerator<T>, max = Infinity): AsyncGenerator<T> {
  const seen = new Set<number>();
  if (seen.size >= max) return;
  for await (const item of items) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    yield item;
    if (seen.size >= max) return;
  }
}

/** Every transaction matching `query`, newest first (GET /transactions, limit/offset); an id is yielded once. */
export function paginateTransactions(
  client: MerchantClient,
  query: Omit<TransactionsQuery, 'limit' | 'offset'> = {},
  { pageSize = 100, max }: PageOptions = {},
): AsyncGenerator<Transaction> {
  const all = pages(
    async (n) => (await unwrap(client.GET('/transactions', { params: { query: { ...query, limit: pageSize, offset: n * pageSize } } }))).transactions,
    pageSize,
  );
  return distinctById(all, max);
}

/** Every own order of a market matching `query` (GET /orders, limit/offset); an id is yielded once. */
export function paginateOrders(
  client: ExchangeClient,
  query: Omit<OrdersQuery, 'limit' | 'offset'>,
  { pageSize = 100, max }: PageOptions = {},
): AsyncGenerator<Order> {
  const all = pages(
    async (n) => unwrap(client.GET('/orders', { params: { query: { ...query, limit: pageSize, offset: n * pageSize } } })),
    pageSize,
  );
  return distinctById(all, max);
}

/**
 * Walks newest first with `to` = the last id seen, `from`/`timestamp` of `query` still applying.
 * Own trades (`fills`): a self-trade is two fills with one id, and the server never ends a page
 * between them (it ends one short instead), so only a page shorter than that is the last.
 */
async function* walkTrades<T extends { id: number }>(
  fetchPage: (q: TradesQuery) => Promise<T[]>,
  query: Omit<TradesQuery, 'limit' | 'order_by'>,
  { pageSize = 50, max }: PageOptions,
  fills = false,
): AsyncGenerator<T> {
  let to = query.to;
  yield* pages(
    async () => {
      const page = await fetchPage({ ...query, ...(to !== undefined ? { to } : {}), limit: pageSize, order_by: 'desc' });
      if (page.length > 0) to = page[page.length - 1]!.id;
      return page;
    },
    pageSize,
    max,
    fills ? pageSize - 1 : pageSize,
  );
}

/** Every own trade of a market, newest first (GET /trades, signed). */
export function paginateTrades(client: ExchangeClient, query: Omit<TradesQuery, 'limit' | 'order_by'>, options: PageOptions = {}): AsyncGenerator<UserTrade> {
  return walkTrades((q) => unwrap(client.GET('/trades', { params: { query: q } })), query, options, true);
}

/** Every public trade of a market, newest first (GET /trade_history). */
export function paginateTradeHistory(client: ExchangeClient, query: Omit<TradesQuery, 'limit' | 'order_by'>, options: PageOptions = {}): AsyncGenerator<Trade> {
  return walkTrades((q) => unwrap(client.GET('/trade_history', { params: { query: q } })), query, options);
}
