// Own-trades paging never skips or repeats a fill. A self-trade is two fills with one trade id, and
// the page cursor (`to`/`from`) is a trade id, exclusive: a page ending between the two fills lost
// the second one. The server never ends a page there, and the client's paginateTrades reads a page
// one short of the page size as "maybe more". Every page size from 1 to 7, both directions.
import { afterEach, describe, expect, it } from 'vitest';
import { paginateTrades, unwrap, type UserTrade } from '../client/index.ts';
import { e2e, type E2E } from './client-e2e-helpers.ts';

let s: E2E | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const key = (t: UserTrade) => `${t.id}:${t.side}:${t.order_id}`;

async function tradedBook() {
  s = await e2e();
  const me = s.trader('demo-trader');
  const other = s.trader('demo-trader-2');
  // Self-trades (two fills each) between trades with another user (one fill of mine each).
  for (let i = 0; i < 6; i++) {
    await unwrap(me.POST('/orders', { body: { market: 'ethusd', side: 'sell', ord_type: 'limit', volume: '0.1', price: `${2000 + i}.00` } }));
    await unwrap((i % 3 === 0 ? other : me).POST('/orders', { body: { market: 'ethusd', side: 'buy', ord_type: 'market', volume: '0.1' } }));
  }
  const all = await unwrap(me.GET('/trades', { params: { query: { market: 'ethusd', limit: 1000 } } }));
  return { me, all };
}

describe('own trades paged with a trade-id cursor', () => {
  it('paginateTrades yields every fill once, in the full list order, whatever the page size', async () => {
    const { me, all } = await tradedBook();
    expect(all).toHaveLength(10); // 4 self-trades (8 fills) + 2 trades with the other user
    expect(new Set(all.map((t) => t.id)).size).toBe(6);
    for (let pageSize = 1; pageSize <= 7; pageSize++) {
      const seen: string[] = [];
      for await (const t of paginateTrades(me, { market: 'ethusd' }, { pageSize })) seen.push(key(t));
      expect(seen, `page size ${pageSize}`).toEqual(all.map(key));
    }
  });

  it('GET /trades never ends a page between the fills of one trade, walking back with `to` or forward with `from`', async () => {
    const { me, all } = await tradedBook();
    for (const order_by of ['desc', 'asc'] as const) {
      const expected = order_by === 'desc' ? all.map(key) : [...all].reverse().map(key);
      for (let limit = 1; limit <= 7; limit++) {
        const seen: string[] = [];
        let cursor: number | undefined;
        for (let n = 0; n < 20; n++) {
          const bound = cursor === undefined ? {} : order_by === 'desc' ? { to: cursor } : { from: cursor };
          const page = await unwrap(me.GET('/trades', { params: { query: { market: 'ethusd', limit, order_by, ...bound } } }));
          if (page.length === 0) break;
          // A page holds all fills of each trade it shows.
          for (const t of page) expect(page.filter((u) => u.id === t.id).length, `limit ${limit}`).toBe(all.filter((u) => u.id === t.id).length);
          seen.push(...page.map(key));
          cursor = page.at(-1)!.id;
        }
        expect(seen, `${order_by} limit ${limit}`).toEqual(expected);
      }
    }
  });
});
