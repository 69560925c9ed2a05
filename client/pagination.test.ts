import { describe, expect, it } from 'vitest';
import { ExchangeApiError } from './errors.ts';
import { createExchangeClient } from './exchange.ts';
import { fakeFetch, json } from './fake-fetch.ts';
import { createMerchantClient } from './merchant.ts';
import { paginateOrders, paginateTradeHistory, paginateTrades, paginateTransactions } from './pagination.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => n - i); // newest first: n, n-1, ..., 1

/** Serves `items` by limit/offset, as the APIs do. */
const byOffset = (items: unknown[], wrap: (page: unknown[]) => unknown = (p) => p) =>
  fakeFetch((request) => {
    const q = new URL(request.url).searchParams;
    const offset = Number(q.get('offset') ?? 0);
    return json(wrap(items.slice(offset, offset + Number(q.get('limit')))));
  });

/** Serves trades newest first below `to` (exclusive). */
const byTo = (tradeIds: number[]) =>
  fakeFetch((request) => {
    const q = new URL(request.url).searchParams;
    const to = q.has('to') ? Number(q.get('to')) : Infinity;
    return json(tradeIds.filter((id) => id < to).slice(0, Number(q.get('limit'))).map((id) => ({ id })));
  });

const collect = async <T>(it: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};

const exchange = (f: ReturnType<typeof fakeFetch>) =>
  createExchangeClient({ baseUrl: 'http://h', accessKey: 'k', secretKey: 's', fetch: f.fetch });
const merchant = (f: ReturnType<typeof fakeFetch>) => createMerchantClient({ baseUrl: 'http://h', apiKey: 'k', apiSecret: 's', fetch: f.fetch });

describe('paginateTransactions', () => {
  it('walks limit/offset until a short page, keeping the filters', async () => {
    const f = byOffset(ids(25).map((id) => ({ id })), (page) => ({ transactions: page }));
    const seen = await collect(paginateTransactions(merchant(f), { status: 'paid' }, { pageSize: 10 }));
    expect(seen.map((t) => t.id)).toEqual(ids(25));
    expect(f.requests.map((r) => new URL(r.url).search)).toEqual([
      '?status=paid&limit=10&offset=0',
      '?status=paid&limit=10&offset=10',
      '?status=paid&limit=10&offset=20',
    ]);
  });

  it('asks one more page when the last page is exactly full, and stops at max', async () => {
    const f = byOffset(ids(20).map((id) => ({ id })), (page) => ({ transactions: page }));
    expect(await collect(paginateTransactions(merchant(f), {}, { pageSize: 10 }))).toHaveLength(20);
    expect(f.requests).toHaveLength(3);
    const g = byOffset(ids(20).map((id) => ({ id })), (page) => ({ transactions: page }));
    expect(await collect(paginateTransactions(merchant(g), {}, { pageSize: 10, max: 5 }))).toHaveLength(5);
    expect(g.requests).toHaveLength(1);
  });

  it('refuses a nonsensical page size', async () => {
    await expect(collect(paginateTransactions(merchant(fakeFetch()), {}, { pageSize: 0 }))).rejects.toThrow(RangeError);
  });

  it('yields each id once when a transaction arrives between pages (newest first shifts the offsets)', async () => {
    let shift = false;
    const txs = ids(5).map((id) => ({ id }));
    const f = fakeFetch((request) => {
      const q = new URL(request.url).searchParams;
      const list = shift ? [{ id: 6 }, ...txs] : txs;
      shift = true;
      const offset = Number(q.get('offset'));
      return json({ transactions: list.slice(offset, offset + Number(q.get('limit'))) });
    });
    expect((await collect(paginateTransactions(merchant(f), {}, { pageSize: 2 }))).map((t) => t.id)).toEqual([5, 4, 3, 2, 1]);
  });
});

describe('max: 0', () => {
  it('yields nothing and fetches nothing, for transactions and orders alike', async () => {
    const f = byOffset(ids(3).map((id) => ({ id })), (page) => ({ transactions: page }));
    expect(await collect(paginateTransactions(merchant(f), {}, { max: 0 }))).toEqual([]);
    const g = byOffset(ids(3).map((id) => ({ id })));
    expect(await collect(paginateOrders(exchange(g), { market: 'btcusd' }, { max: 0 }))).toEqual([]);
    expect([f.requests.length, g.requests.length]).toEqual([0, 0]);
  });
});

describe('paginateOrders', () => {
  it('walks signed pages and yields each id once even when the list shifted', async () => {
    let shift = false;
    const orders = ids(7).map((id) => ({ id }));
    const f = fakeFetch((request) => {
      const q = new URL(request.url).searchParams;
      // after the first page a new order (8) arrives at the top, pushing the rest down by one
      const list = shift ? [{ id: 8 }, ...orders] : orders;
      shift = true;
      const offset = Number(q.get('offset'));
      return json(list.slice(offset, offset + Number(q.get('limit'))));
    });
    const seen = await collect(paginateOrders(exchange(f), { market: 'btcusd', state: 'wait' }, { pageSize: 3 }));
    expect(seen.map((o) => o.id)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    const first = new URL(f.requests[0]!.url).searchParams;
    expect([first.get('market'), first.get('state'), first.get('limit'), first.get('offset')]).toEqual(['btcusd', 'wait', '3', '0']);
    expect(first.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('throws the typed error of a failed page', async () => {
    const f = fakeFetch([json({ error: { code: 2008, message: 'The access key does not exist' } }, 401)]);
    await expect(collect(paginateOrders(exchange(f), { market: 'btcusd' }))).rejects.toBeInstanceOf(ExchangeApiError);
  });
});

describe('paginateTrades / paginateTradeHistory', () => {
  it('walks newest first with to = last id seen', async () => {
    const f = byTo(ids(12));
    const seen = await collect(paginateTrades(exchange(f), { market: 'btcusd' }, { pageSize: 5 }));
    expect(seen.map((t) => t.id)).toEqual(ids(12));
    expect(f.requests.map((r) => [...new URL(r.url).searchParams].filter(([k]) => !['access_key', 'nonce', 'signature'].includes(k)))).toEqual([
      [['market', 'btcusd'], ['limit', '5'], ['order_by', 'desc']],
      [['market', 'btcusd'], ['to', '8'], ['limit', '5'], ['order_by', 'desc']],
      [['market', 'btcusd'], ['to', '3'], ['limit', '5'], ['order_by', 'desc']],
    ]);
  });

  it('starts below a given `to`, and the public history is unsigned', async () => {
    const f = byTo(ids(12));
    const seen = await collect(paginateTradeHistory(exchange(f), { market: 'ethbtc', to: 5 }, { pageSize: 50 }));
    expect(seen.map((t) => t.id)).toEqual([4, 3, 2, 1]);
    expect(f.last().url).toBe('http://h/api/v1/trade_history?market=ethbtc&to=5&limit=50&order_by=desc');
  });

  it('stops at max without fetching more', async () => {
    const f = byTo(ids(100));
    expect(await collect(paginateTradeHistory(exchange(f), { market: 'btcusd' }, { pageSize: 10, max: 10 }))).toHaveLength(10);
    expect(f.requests).toHaveLength(1);
  });
});
