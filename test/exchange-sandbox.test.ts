// The exchange sandbox end to end: the reference handlers over the matching engine, served by the
// real server (auth, OpenAPI request and response validation on, so a response that breaks its
// schema answers 500 and fails the test), called with signed requests over HTTP on 127.0.0.1.
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateOrderRequest, CreateOrdersRequest, OrderItem } from '../contracts/exchange/requests.ts';
import type { Account, MarketId, Order, OrderBook, OrderWithTrades, Ticker, Trade, UserTrade } from '../contracts/exchange/schemas.ts';
import { sign, signaturePayload } from '../contracts/exchange/signing.ts';
import type { ExchangeError } from '../contracts/shared/errors.ts';
import { resolveConfig } from '../server/config/config.ts';
import { createExchangeReference } from '../server/exchange/reference/index.ts';
import { manualClock, testServer } from '../server/testing.ts';

const SECRETS = { 'demo-trader': 'demo-trader-secret', 'demo-trader-2': 'demo-trader-2-secret', 'demo-viewer': 'demo-viewer-secret' } as const;
type User = keyof typeof SECRETS;
const DAY_MS = 24 * 3600_000;

const clock = manualClock(1_700_000_000_000);
/** Start of the current test: each starts two days after the previous one, so nonces stay fresh and unique and no trade of it is in a ticker window. */
let T0 = 0;
const config = resolveConfig({ logRequests: false, validate: 'all', rateLimit: { enabled: false } });
const { engine, handlers } = createExchangeReference(config, { now: clock });

let http: Server;
let base = '';
let logs: string[] = [];

/** Serves `app` on an ephemeral loopback port. */
async function listen(app: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
}

beforeAll(async () => {
  const built = testServer({ config, now: clock, handlers: { exchange: handlers } });
  logs = built.logs;
  ({ server: http, url: base } = await listen(built.app));
});

afterAll(() => close(http));

beforeEach(() => {
  clock.advance(2 * DAY_MS);
  T0 = clock();
  engine.reset();
});

// No 500s (a response that broke its schema, a bug) went by unnoticed.
afterEach(() => expect(logs.splice(0)).toEqual([]));

// ---- Signed calls (X1): nonces strictly increasing and within the window of the server clock ----

let lastNonce = 0;
const nextNonce = () => (lastNonce = Math.max(lastNonce + 1, clock()));

interface Reply<B> {
  status: number;
  body: B;
}

async function call<B>(
  method: 'GET' | 'POST',
  path: string,
  { as, query = {}, body, url = base }: { as?: User; query?: Record<string, string | number>; body?: object; url?: string } = {},
): Promise<Reply<B>> {
  const params: Record<string, string> = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  if (as) {
    params.access_key = as;
    params.nonce = String(nextNonce());
    params.signature = sign(signaturePayload({ method, path: `/api/v1${path}`, query: params, body }), SECRETS[as]);
  }
  const qs = new URLSearchParams(params).toString();
  const res = await fetch(`${url}/api/v1${path}${qs ? `?${qs}` : ''}`, {
    method,
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as B };
}

const ok = <B>(reply: Reply<B>): B => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
};

const place = async (as: User, order: CreateOrderRequest) => ok(await call<Order>('POST', '/orders', { as, body: order }));
const limit = (side: 'buy' | 'sell', volume: string, price: string, market: MarketId = 'btcusd'): CreateOrderRequest => ({ market, side, ord_type: 'limit', volume, price });
const getOrder = async (as: User, id: number) => ok(await call<OrderWithTrades>('GET', '/order', { as, query: { id } }));
const ordersOf = async (as: User, query: Record<string, string | number>) => ok(await call<Order[]>('GET', '/orders', { as, query }));

/** The user's accounts of the given currencies, keyed by currency. */
async function balances(as: User, ...currencies: string[]): Promise<Record<string, Omit<Account, 'currency'>>> {
  const all = ok(await call<Account[]>('GET', '/balances', { as }));
  return Object.fromEntries(all.filter((a) => currencies.includes(a.currency)).map(({ currency, ...rest }) => [currency, rest]));
}

/** A trade at `price`: demo-trader's resting sell taken by demo-trader-2's buy. */
async function tradeAt(price: string, volume: string): Promise<void> {
  await place('demo-trader', limit('sell', volume, price));
  expect((await place('demo-trader-2', limit('buy', volume, price))).state).toBe('done');
}

const SEED = '1000000';
const untouched = (places: number) => {
  const v = `${SEED}.${'0'.repeat(places)}`;
  return { balance: v, locked: `0.${'0'.repeat(places)}`, available: v };
};
const expectError = (reply: Reply<unknown>, status: number, code: number, message?: RegExp) => {
  expect(reply.status).toBe(status);
  const { error } = reply.body as ExchangeError;
  expect(error.code).toBe(code);
  if (message) expect(error.message).toMatch(message);
};

// ---- Public data ----

describe('public operations', () => {
  it('answers time, markets, currencies from the engine', async () => {
    expect(ok(await call<number>('GET', '/timestamp'))).toBe(T0 / 1000);
    const markets = ok(await call<{ id: string }[]>('GET', '/markets'));
    expect(markets).toHaveLength(21);
    expect(markets[0]).toMatchObject({ id: 'btcusd', base_unit: 'btc', quote_unit: 'usd', base_precision: 8, quote_precision: 2 });
    const currencies = ok(await call<{ symbol: string }[]>('GET', '/currencies')).map((c) => c.symbol);
    expect(currencies).toEqual(expect.arrayContaining(['btc', 'eth', 'usd', 'eur', 'xem']));
  });
});

// ---- A trade, to the last digit ----

describe('a trade between demo-trader and demo-trader-2', () => {
  it('moves exact funds, fees (0.25 % in quote, to the ledger unit) and locks', async () => {
    expect(await balances('demo-trader', 'btc', 'usd')).toEqual({ btc: untouched(8), usd: untouched(2) });

    const ask = await place('demo-trader', limit('sell', '1', '30000.00'));
    expect(ask).toMatchObject({ state: 'wait', volume: '1.00000000', remaining_volume: '1.00000000', executed_volume: '0.00000000', trades_count: 0, avg_price: '0.00' });
    expect(await balances('demo-trader', 'btc')).toEqual({
      btc: { balance: '1000000.00000000', locked: '1.00000000', available: '999999.00000000' },
    });

    // Buys at up to 30100.00, fills at the resting 30000.00: funds 0.33333333 × 30000 = 9999.9999 exactly, fee 24.99999975 (X-fee).
    const bid = await place('demo-trader-2', limit('buy', '0.33333333', '30100.00'));
    expect(bid).toMatchObject({ state: 'done', executed_volume: '0.33333333', remaining_volume: '0.00000000', trades_count: 1, avg_price: '30000.00' });

    expect(await balances('demo-trader', 'btc', 'usd')).toEqual({
      btc: { balance: '999999.66666667', locked: '0.66666667', available: '999999.00000000' },
      usd: { balance: '1009974.99990025', locked: '0.00', available: '1009974.99990025' }, // + 9999.9999 - 24.99999975
    });
    expect(await balances('demo-trader-2', 'btc', 'usd')).toEqual({
      btc: { balance: '1000000.33333333', locked: '0.00000000', available: '1000000.33333333' },
      usd: { balance: '989975.00010025', locked: '0.00', available: '989975.00010025' }, // - 9999.9999 - 24.99999975, the 30100.00 lock released
    });

    const maker = await getOrder('demo-trader', ask.id);
    expect(maker).toMatchObject({ state: 'wait', executed_volume: '0.33333333', remaining_volume: '0.66666667', trades_count: 1, avg_price: '30000.00' });
    expect(maker.trades).toEqual([
      expect.objectContaining({ price: '30000.00', volume: '0.33333333', funds: '9999.9999', fee: '24.99999975', side: 'ask', trend: 'up', order_id: ask.id }),
    ]);
    const [taker] = ok(await call<UserTrade[]>('GET', '/trades', { as: 'demo-trader-2', query: { market: 'btcusd' } }));
    expect(taker).toMatchObject({ id: maker.trades[0]!.id, side: 'bid', fee: '24.99999975', order_id: bid.id, created_at: new Date(T0).toISOString() });
  });

  it('leaves the balances of markets it did not touch and of the viewer alone', async () => {
    await tradeAt('30000.00', '0.5');
    expect(await balances('demo-trader', 'eth', 'eur')).toEqual({ eth: untouched(8), eur: untouched(2) });
    expect(await balances('demo-viewer', 'btc', 'usd')).toEqual({ btc: untouched(8), usd: untouched(2) });
  });
});

// ---- Market orders (X6) ----

describe('market orders', () => {
  it('sweep the book level by level at the makers’ prices', async () => {
    await place('demo-trader', limit('sell', '0.1', '30000.00'));
    await place('demo-trader', limit('sell', '0.2', '30010.00'));
    const buy = await place('demo-trader-2', { market: 'btcusd', side: 'buy', ord_type: 'market', volume: '0.25' });
    // 0.1 × 30000.00 = 3000.00 + 0.15 × 30010.00 = 4501.50: 7501.50 / 0.25 = 30006.00; fees 7.50 + 11.25375 = 0.25 % of 7501.50.
    expect(buy).toMatchObject({ state: 'done', executed_volume: '0.25000000', trades_count: 2, avg_price: '30006.00' });
    expect(buy.price).toBeUndefined();
    expect(await balances('demo-trader-2', 'usd')).toEqual({ usd: { balance: '992479.74625', locked: '0.00', available: '992479.74625' } });
    const book = ok(await call<OrderBook>('GET', '/order_book', { query: { market: 'btcusd' } }));
    expect(book).toMatchObject({ bids: [], asks: [['30010.00', '0.05000000']] });
  });

  it('cancel whatever cannot fill and unlock it', async () => {
    await place('demo-trader-2', limit('buy', '0.3', '29000.00'));
    const sell = await place('demo-trader', { market: 'btcusd', side: 'sell', ord_type: 'market', volume: '1' });
    expect(sell).toMatchObject({ state: 'cancel', executed_volume: '0.30000000', remaining_volume: '0.70000000', trades_count: 1 });
    expect(ok(await call<Trade[]>('GET', '/trade_history', { query: { market: 'btcusd' } }))).toEqual([
      expect.objectContaining({ price: '29000.00', volume: '0.30000000', funds: '8700.00', trend: 'down' }),
    ]);
    expect(await balances('demo-trader', 'btc', 'usd')).toEqual({
      btc: { balance: '999999.70000000', locked: '0.00000000', available: '999999.70000000' },
      usd: { balance: '1008678.25', locked: '0.00', available: '1008678.25' }, // + 8700.00 - 21.75
    });
  });

  it('against an empty book fill nothing and end cancelled', async () => {
    const buy = await place('demo-trader', { market: 'ethusd', side: 'buy', ord_type: 'market', volume: '1' });
    expect(buy).toMatchObject({ state: 'cancel', executed_volume: '0.00000000', trades_count: 0 });
    expect(await balances('demo-trader', 'usd', 'eth')).toEqual({ usd: untouched(2), eth: untouched(8) });
  });
});

// ---- Cancels are asynchronous ----

describe('cancel', () => {
  it('answers the order still waiting; shortly after it is cancelled and its funds unlocked', async () => {
    const bid = await place('demo-trader', limit('buy', '1', '20000.00'));
    expect(await balances('demo-trader', 'usd')).toEqual({ usd: { balance: '1000000.00', locked: '20050.00', available: '979950.00' } });

    const answer = ok(await call<Order>('POST', '/order/delete', { as: 'demo-trader', body: { id: bid.id } }));
    expect(answer).toEqual({ ...bid, state: 'wait' });

    await vi.waitFor(async () => expect((await getOrder('demo-trader', bid.id)).state).toBe('cancel'), { timeout: 2000, interval: 10 });
    expect(await balances('demo-trader', 'usd')).toEqual({ usd: untouched(2) });

    expectError(await call('POST', '/order/delete', { as: 'demo-trader', body: { id: bid.id } }), 400, 2003, /already cancelled/);
  });

  it('of a done order is 2003, of an unknown or foreign order 2004 (404)', async () => {
    await tradeAt('30000.00', '0.1');
    const [done] = await ordersOf('demo-trader-2', { market: 'btcusd', state: 'done' });
    expectError(await call('POST', '/order/delete', { as: 'demo-trader-2', body: { id: done!.id } }), 400, 2003, /done/);

    expectError(await call('GET', '/order', { as: 'demo-trader', query: { id: 999 } }), 404, 2004, /Order 999 does not exist/);
    expectError(await call('POST', '/order/delete', { as: 'demo-trader', body: { id: 999 } }), 404, 2004);
    const mine = await place('demo-trader', limit('buy', '0.1', '20000.00'));
    expectError(await call('GET', '/order', { as: 'demo-trader-2', query: { id: mine.id } }), 404, 2004);
    expectError(await call('POST', '/order/delete', { as: 'demo-trader-2', body: { id: mine.id } }), 404, 2004);
  });
});

describe('orders/clear', () => {
  const waiting = async (market: string) => (await ordersOf('demo-trader', { market, state: 'wait', order_by: 'asc' })).map((o) => o.id);

  it('cancels the waiting orders matching side and market, asynchronously', async () => {
    const btcBuy = await place('demo-trader', limit('buy', '0.1', '20000.00'));
    const btcSell = await place('demo-trader', limit('sell', '0.1', '40000.00'));
    const ethBuy = await place('demo-trader', limit('buy', '1', '1000.00', 'ethusd'));
    const ethSell = await place('demo-trader', limit('sell', '1', '5000.00', 'ethusd'));
    const other = await place('demo-trader-2', limit('sell', '0.1', '40000.00'));

    const first = ok(await call<Order[]>('POST', '/orders/clear', { as: 'demo-trader', body: { side: 'sell', market: 'btcusd' } }));
    expect(first.map((o) => [o.id, o.state])).toEqual([[btcSell.id, 'wait']]);
    await vi.waitFor(async () => expect(await waiting('btcusd')).toEqual([btcBuy.id]), { timeout: 2000, interval: 10 });
    expect(await waiting('ethusd')).toEqual([ethBuy.id, ethSell.id]);

    const second = ok(await call<Order[]>('POST', '/orders/clear', { as: 'demo-trader', body: { market: 'ethusd' } }));
    expect(second.map((o) => o.id).sort((a, b) => a - b)).toEqual([ethBuy.id, ethSell.id]);
    await vi.waitFor(async () => expect(await waiting('ethusd')).toEqual([]), { timeout: 2000, interval: 10 });

    // No body at all: both filters are optional, so the body is too (section 4.15).
    const rest = ok(await call<Order[]>('POST', '/orders/clear', { as: 'demo-trader' }));
    expect(rest.map((o) => o.id)).toEqual([btcBuy.id]);
    await vi.waitFor(async () => expect(await waiting('btcusd')).toEqual([]), { timeout: 2000, interval: 10 });
    expect(ok(await call<Order[]>('POST', '/orders/clear', { as: 'demo-trader', body: {} }))).toEqual([]);

    expect(await balances('demo-trader', 'btc', 'usd', 'eth')).toEqual({ btc: untouched(8), usd: untouched(2), eth: untouched(8) });
    expect((await getOrder('demo-trader-2', other.id)).state).toBe('wait'); // another user's orders are not touched
  });
});

// ---- Create: multi, funds, scope ----

describe('orders/multi', () => {
  const items: OrderItem[] = [
    { side: 'buy', ord_type: 'limit', volume: '0.1', price: '29000.00' },
    { side: 'sell', ord_type: 'limit', volume: '0.2', price: '31000.00' },
  ];

  it('places every order in request order', async () => {
    const placed = ok(await call<Order[]>('POST', '/orders/multi', { as: 'demo-trader', body: { market: 'btcusd', orders: items } }));
    expect(placed.map((o) => [o.side, o.price, o.state])).toEqual([['buy', '29000.00', 'wait'], ['sell', '31000.00', 'wait']]);
    expect(placed[0]!.id).toBeLessThan(placed[1]!.id);
  });

  it('is all or nothing: a failing element is 2002 naming orders[i], and no order is placed', async () => {
    const body: CreateOrdersRequest = { market: 'btcusd', orders: [...items, { side: 'sell', ord_type: 'limit', volume: '2000000', price: '31000.00' }] };
    expectError(await call('POST', '/orders/multi', { as: 'demo-trader', body }), 400, 2002, /orders\[2\]: insufficient btc/);
    expect(await ordersOf('demo-trader', { market: 'btcusd' })).toEqual([]);
    expect(await balances('demo-trader', 'btc', 'usd')).toEqual({ btc: untouched(8), usd: untouched(2) });
  });

  it('names the first failing order, whatever kind of failure a later one has', async () => {
    const body: CreateOrdersRequest = {
      market: 'btcusd',
      orders: [{ side: 'buy', ord_type: 'limit', volume: '100', price: '30000.00' }, { side: 'buy', ord_type: 'limit', volume: '0', price: '30000.00' }],
    };
    expectError(await call('POST', '/orders/multi', { as: 'demo-trader', body }), 400, 2002, /^Failed to create order: orders\[0\]: insufficient usd/);
  });
});

describe('order rules', () => {
  it('insufficient funds is 2002 and locks nothing', async () => {
    const reply = await call('POST', '/orders', { as: 'demo-trader', body: limit('buy', '100', '30000.00') });
    expectError(reply, 400, 2002, /insufficient usd: needs 3007500\.00, available 1000000\.00/);
    expect(await balances('demo-trader', 'usd')).toEqual({ usd: untouched(2) });
  });

  it('demo-viewer reads its account but cannot trade (2011)', async () => {
    expect(await balances('demo-viewer', 'btc')).toEqual({ btc: untouched(8) });
    expectError(await call('POST', '/orders', { as: 'demo-viewer', body: limit('buy', '0.1', '30000.00') }), 401, 2011);
    expectError(await call('POST', '/orders/clear', { as: 'demo-viewer', body: {} }), 401, 2011);
    expect(await ordersOf('demo-viewer', { market: 'btcusd' })).toEqual([]);
  });
});

// ---- Queries ----

describe('trade_history and trades', () => {
  beforeEach(async () => {
    // Trades 1..5 at 30000.00, 30001.00, ... ten seconds apart.
    for (let i = 0; i < 5; i++) {
      await tradeAt(`3000${i}.00`, '0.1');
      clock.advance(10_000);
    }
  });

  const history = async (query: Record<string, string | number>) =>
    ok(await call<Trade[]>('GET', '/trade_history', { query: { market: 'btcusd', ...query } })).map((t) => t.id);

  it('filter by limit, from, to (exclusive), timestamp, newest first unless order_by asc', async () => {
    expect(await history({})).toEqual([5, 4, 3, 2, 1]);
    expect(await history({ limit: 2 })).toEqual([5, 4]);
    expect(await history({ limit: 2, order_by: 'asc' })).toEqual([1, 2]);
    expect(await history({ from: 2, to: 5 })).toEqual([4, 3]);
    expect(await history({ from: 2, to: 5, order_by: 'asc', limit: 1 })).toEqual([3]);
    expect(await history({ timestamp: (T0 + 20_000) / 1000 })).toEqual([2, 1]); // strictly before trade 3
    expect(await history({ market: 'ethusd' })).toEqual([]);
  });

  it('a user sees only the trades of their own orders, with the same filters', async () => {
    const mine = ok(await call<UserTrade[]>('GET', '/trades', { as: 'demo-trader', query: { market: 'btcusd', limit: 3, order_by: 'asc', from: 1 } }));
    expect(mine.map((t) => [t.id, t.side, t.price, t.fee])).toEqual([
      [2, 'ask', '30001.00', '7.50025'],
      [3, 'ask', '30002.00', '7.5005'],
      [4, 'ask', '30003.00', '7.50075'],
    ]);
    expect(ok(await call<UserTrade[]>('GET', '/trades', { as: 'demo-viewer', query: { market: 'btcusd' } }))).toEqual([]);
  });

  it('orders pages with state, limit, offset and order_by', async () => {
    const ids = async (query: Record<string, string | number>) => (await ordersOf('demo-trader', { market: 'btcusd', ...query })).map((o) => o.id);
    // demo-trader's sells are orders 1, 3, 5, 7, 9 (each taken by demo-trader-2's next order).
    expect(await ids({})).toEqual([9, 7, 5, 3, 1]);
    expect(await ids({ limit: 2, offset: 1 })).toEqual([7, 5]);
    expect(await ids({ order_by: 'asc', limit: 2 })).toEqual([1, 3]);
    expect(await ids({ state: 'wait' })).toEqual([]);
  });
});

describe('tickers', () => {
  it('summarise the last 24 h of trades', async () => {
    await tradeAt('29000.00', '1'); // falls out of the window below
    clock.advance(2 * 3600_000);
    for (const [price, volume] of [['30000.00', '0.1'], ['30100.00', '0.2'], ['29900.00', '0.3'], ['30050.00', '0.4']] as const) {
      await tradeAt(price, volume);
    }
    clock.advance(23 * 3600_000);
    const at = clock() / 1000;
    const want: Ticker = { market: 'btcusd', at, open: '30000.00', low: '29900.00', high: '30100.00', last: '30050.00', vol: '1.00000000' };
    expect(ok(await call<Ticker>('GET', '/tickers/btcusd'))).toEqual(want);

    const all = ok(await call<Ticker[]>('GET', '/tickers'));
    expect(all).toHaveLength(21);
    expect(all.find((t) => t.market === 'btcusd')).toEqual(want);
    expect(all.find((t) => t.market === 'ethbtc')).toEqual({
      market: 'ethbtc', at, open: '0.00000000', low: '0.00000000', high: '0.00000000', last: '0.00000000', vol: '0.00000000',
    });

    clock.advance(3600_000);
    // Nothing in the window any more; last is still the most recent trade price (X-ticker).
    expect(ok(await call<Ticker>('GET', '/tickers/btcusd'))).toMatchObject({ open: '0.00', low: '0.00', high: '0.00', last: '30050.00', vol: '0.00000000' });
  });
});

describe('order_book', () => {
  it('aggregates open orders by price level, best first, `limit` levels per side', async () => {
    await place('demo-trader', limit('sell', '0.1', '30010.00'));
    await place('demo-trader-2', limit('sell', '0.2', '30010.00'));
    await place('demo-trader', limit('sell', '0.5', '30020.00'));
    await place('demo-trader', limit('sell', '1', '30030.00'));
    await place('demo-trader-2', limit('buy', '0.1', '29990.00'));
    await place('demo-trader', limit('buy', '0.4', '29990.00'));
    await place('demo-trader', limit('buy', '0.2', '29980.00'));

    expect(ok(await call<OrderBook>('GET', '/order_book', { query: { market: 'btcusd' } }))).toEqual({
      timestamp: T0 / 1000,
      asks: [['30010.00', '0.30000000'], ['30020.00', '0.50000000'], ['30030.00', '1.00000000']],
      bids: [['29990.00', '0.50000000'], ['29980.00', '0.20000000']],
    });
    expect(ok(await call<OrderBook>('GET', '/order_book', { query: { market: 'btcusd', limit: 1 } }))).toEqual({
      timestamp: T0 / 1000,
      asks: [['30010.00', '0.30000000']],
      bids: [['29990.00', '0.50000000']],
    });
    expectError(await call('GET', '/order_book', { query: { market: 'btcusd', limit: 0 } }), 400, 1001, /limit/);
  });
});

// ---- The harness itself ----

describe('response validation', () => {
  // GET /orders (an array) and POST /orders (an object) share a path: each must be checked
  // against its own operation's schema, whichever was called first.
  it('checks each operation of a shared path against its own responses', async () => {
    await place('demo-trader', limit('buy', '0.1', '20000.00'));
    expect(await ordersOf('demo-trader', { market: 'btcusd' })).toHaveLength(1);
    await place('demo-trader', limit('buy', '0.1', '20000.00'));
  });

  it('is on: a handler answering off-schema makes a 500, not a wrong body', async () => {
    const broken = { ...handlers, getTimestamp: () => ({ status: 200, body: 'noon' }) } as unknown as typeof handlers;
    const built = testServer({ config, now: clock, handlers: { exchange: broken } });
    const { server, url } = await listen(built.app);
    try {
      expectError(await call('GET', '/timestamp', { url }), 500, 1005);
      expect(built.logs.join('\n')).toMatch(/response failed validation/);
    } finally {
      await close(server);
    }
  });
});
