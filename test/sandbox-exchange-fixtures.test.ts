// The control API on the exchange: an order book of a given depth, a trader's
// balances, one trader's reset, and the test clock driving the nonce window and the 24 h ticker.
import { describe, expect, it } from 'vitest';
import { createExchangeClient, unwrap } from '../client/exchange.ts';
import { sandboxServers } from './sandbox-server.ts';

const servers = sandboxServers();

async function listen() {
  const { base, control } = await servers.start();
  const trader = (now?: () => number) =>
    createExchangeClient({ baseUrl: base, accessKey: 'demo-trader', secretKey: 'demo-trader-secret', ...(now ? { now } : {}) });
  return { base, control, trader };
}
const balanceOf = (accounts: { currency: string; balance: string; locked: string }[], c: string) => accounts.find((a) => a.currency === c);

describe('exchange fixtures', () => {
  it('places an order book of the given depth, held by the book maker', async () => {
    const s = await listen();
    const placed = await unwrap(s.control.POST('/markets/{market}/order-book', { params: { path: { market: 'btcusd' } }, body: { depth: 3, mid_price: '100.00', step: '0.50', volume: '0.1' } }));
    expect(placed.ask_ids).toHaveLength(3);
    expect(placed.bid_ids).toHaveLength(3);
    const book = await unwrap(s.trader().GET('/order_book', { params: { query: { market: 'btcusd' } } }));
    expect(book.asks).toEqual([['100.50', '0.10000000'], ['101.00', '0.10000000'], ['101.50', '0.10000000']]);
    expect(book.bids).toEqual([['99.50', '0.10000000'], ['99.00', '0.10000000'], ['98.50', '0.10000000']]);
    // A trader can take from it at once.
    const order = await unwrap(s.trader().POST('/orders', { body: { market: 'btcusd', side: 'buy', ord_type: 'limit', price: '100.50', volume: '0.1' } }));
    expect(order.state).toBe('done');

    const below = await s.control.POST('/markets/{market}/order-book', { params: { path: { market: 'btcusd' } }, body: { depth: 5, mid_price: '1.00', step: '0.50', volume: '0.1' } });
    expect([below.response.status, (below.error as { code: string }).code]).toEqual([422, '1002']);
    const tooFine = await s.control.POST('/markets/{market}/order-book', { params: { path: { market: 'btcusd' } }, body: { depth: 1, mid_price: '100.00', step: '0.005', volume: '0.1' } });
    expect(tooFine.response.status).toBe(422);
    const deep = await s.control.POST('/markets/{market}/order-book', { params: { path: { market: 'btcusd' } }, body: { depth: 101, mid_price: '100.00', step: '0.5', volume: '0.1' } });
    expect(deep.response.status).toBe(422);
  });

  it("sets a trader's balances exactly, refuses more decimals than the currency has and unknown traders", async () => {
    const s = await listen();
    const set = await unwrap(s.control.POST('/traders/{access_key}/balances', { params: { path: { access_key: 'demo-trader' } }, body: { btc: '2.5', usd: '0.01' } }));
    expect(balanceOf(set.accounts, 'btc')).toEqual({ currency: 'btc', balance: '2.50000000', locked: '0.00000000', available: '2.50000000' });
    expect(balanceOf(await unwrap(s.trader().GET('/balances')), 'usd')!.balance).toBe('0.01');
    const fine = await s.control.POST('/traders/{access_key}/balances', { params: { path: { access_key: 'demo-trader' } }, body: { usd: '1.001' } });
    expect(fine.response.status).toBe(422);
    const unknown = await s.control.POST('/traders/{access_key}/balances', { params: { path: { access_key: 'nobody' } }, body: { usd: '1' } });
    expect(unknown.response.status).toBe(404);
    const empty = await s.control.POST('/traders/{access_key}/balances', { params: { path: { access_key: 'demo-trader' } }, body: {} });
    expect(empty.response.status).toBe(422);
  });

  it("resets one trader: open orders cancelled, lists emptied, balances back to the seed; the other trader untouched", async () => {
    const s = await listen();
    const other = createExchangeClient({ baseUrl: s.base, accessKey: 'demo-trader-2', secretKey: 'demo-trader-2-secret' });
    const seeded = await unwrap(s.trader().GET('/balances'));
    await unwrap(s.control.POST('/traders/{access_key}/balances', { params: { path: { access_key: 'demo-trader' } }, body: { eur: '5.00' } }));
    await unwrap(s.trader().POST('/orders', { body: { market: 'btcusd', side: 'sell', ord_type: 'limit', price: '30000.00', volume: '1' } }));
    await unwrap(other.POST('/orders', { body: { market: 'btcusd', side: 'sell', ord_type: 'limit', price: '31000.00', volume: '1' } }));
    await unwrap(s.control.POST('/traders/{access_key}/reset', { params: { path: { access_key: 'demo-trader' } } }));
    expect(await unwrap(s.trader().GET('/orders', { params: { query: { market: 'btcusd', state: 'wait' } } }))).toEqual([]);
    expect(await unwrap(s.trader().GET('/balances'))).toEqual(seeded);
    expect(await unwrap(other.GET('/orders', { params: { query: { market: 'btcusd', state: 'wait' } } }))).toHaveLength(1);
    const book = await unwrap(s.trader().GET('/order_book', { params: { query: { market: 'btcusd' } } }));
    expect(book.asks).toEqual([['31000.00', '1.00000000']]);
  });
});

describe('the test clock drives the exchange (S-clock)', () => {
  it('measures the nonce window against sandbox time, and the 24 h ticker window', async () => {
    const s = await listen();
    await unwrap(s.control.POST('/markets/{market}/order-book', { params: { path: { market: 'btcusd' } }, body: { depth: 1, mid_price: '100.00', step: '1.00', volume: '1' } }));
    await unwrap(s.trader().POST('/orders', { body: { market: 'btcusd', side: 'buy', ord_type: 'limit', price: '101.00', volume: '0.5' } }));
    expect((await unwrap(s.trader().GET('/tickers/{market}', { params: { path: { market: 'btcusd' } } }))).vol).toBe('0.50000000');

    const clock = await unwrap(s.control.POST('/clock/advance', { body: { seconds: 25 * 3600 } }));
    const stale = await s.trader().GET('/balances');
    expect([stale.response.status, (stale.error as { error: { code: number } }).error.code]).toEqual([401, 2007]);
    // The answer names the cause: the sandbox clock's offset, not this machine's clock.
    expect((stale.error as { error: { message: string } }).error.message).toMatch(
      /; the sandbox test clock is 90000 s ahead of real time \(POST \/sandbox\/v1\/clock\/advance\): sign with real time plus 90000 s/,
    );
    const thrown = await unwrap(s.trader().GET('/balances')).catch((e: Error) => e);
    expect((thrown as Error).message).toMatch(/sandbox test clock is 90000 s ahead/);
    expect((thrown as Error).message).not.toMatch(/check the system clock/);
    const offset = Date.parse(clock.now) - Date.now();
    const inSandboxTime = s.trader(() => Date.now() + offset);
    expect((await inSandboxTime.GET('/balances')).response.status).toBe(200);
    const ticker = await unwrap(inSandboxTime.GET('/tickers/{market}', { params: { path: { market: 'btcusd' } } }));
    expect(ticker.vol).toBe('0.00000000');
    expect(Math.abs(ticker.at * 1000 - Date.parse(clock.now))).toBeLessThan(5000);
  });
});
