// The typed clients against the reference server over HTTP (response validation on): every
// operation of the exchange and partner documents at least once, with their error paths, signed
// requests verified by the server's own X1 check, retries honouring a real 429's Retry-After and
// the client-side limiter keeping clear of the ban. The merchant API is in client-e2e-merchant.
import Big from 'big.js';
import { afterEach, describe, expect, it } from 'vitest';
import { exchangeOperations } from '../contracts/exchange/operations.ts';
import { partnerOperations } from '../contracts/partner/operations.ts';
import { createMerchantApplicationRequestExample as application } from '../contracts/partner/examples.ts';
import {
  ExchangeApiError, PartnerApiError, createExchangeClient, paginateOrders, paginateTradeHistory, paginateTrades, unwrap,
} from '../client/index.ts';
import { called, e2e, operationsOf, rejection, type E2E } from './client-e2e-helpers.ts';

/** Balance and locked amount per currency, as exact decimals without trailing zeros. */
const held = (balances: readonly { currency: string; balance: string; locked: string }[]) =>
  Object.fromEntries(balances.map((b) => [b.currency, [new Big(b.balance).toString(), new Big(b.locked).toString()]]));

let s: E2E;
afterEach(async () => {
  const done = s as E2E | undefined;
  if (!done) return; // the coverage test starts no server
  s = undefined as unknown as E2E;
  expect(done.logs.splice(0)).toEqual([]); // no 500 (a response breaking its schema) went unnoticed
  await done.close();
});


describe('exchange client end to end', () => {
  it('calls every public operation', async () => {
    s = await e2e();
    const ex = s.publicExchange();
    expect(await unwrap(ex.GET('/timestamp'))).toBe(Math.floor(s.timers.now() / 1000));
    expect((await unwrap(ex.GET('/markets'))).map((m) => m.id)).toContain('btcusd');
    expect((await unwrap(ex.GET('/currencies'))).length).toBeGreaterThan(0);
    expect(await unwrap(ex.GET('/tickers/{market}', { params: { path: { market: 'btcusd' } } }))).toHaveProperty('at');
    expect((await unwrap(ex.GET('/tickers'))).length).toBeGreaterThan(0);
    expect(await unwrap(ex.GET('/order_book', { params: { query: { market: 'btcusd', limit: 5 } } }))).toMatchObject({ asks: [], bids: [] });
    expect(await unwrap(ex.GET('/trade_history', { params: { query: { market: 'btcusd' } } }))).toEqual([]);
    const bad = await rejection(unwrap(ex.GET('/order_book', { params: { query: { market: 'btcusd', limit: 0 } } })));
    expect(bad).toBeInstanceOf(ExchangeApiError);
    expect(bad).toMatchObject({ status: 400, code: 1001 });
  });

  it('signs every authenticated operation so the server accepts it, and trades', async () => {
    s = await e2e();
    const maker = s.trader('demo-trader');
    const taker = s.trader('demo-trader-2');
    const balances = await unwrap(maker.GET('/balances'));
    expect(balances.map((b) => b.currency)).toEqual(['btc', 'eth', 'ltc', 'bch', 'xem', 'xvg', 'usd', 'cad', 'eur']);

    const ask = await unwrap(maker.POST('/orders', { body: { market: 'btcusd', side: 'sell', ord_type: 'limit', volume: '0.5', price: '30000.00' } }));
    expect(ask).toMatchObject({ state: 'wait', side: 'sell', market: 'btcusd' });
    const multi = await unwrap(
      maker.POST('/orders/multi', {
        body: {
          market: 'btcusd',
          orders: [
            { side: 'sell', ord_type: 'limit', volume: '0.1', price: '31000.00' },
            { side: 'buy', ord_type: 'limit', volume: '0.1', price: '20000.00' },
          ],
        },
      }),
    );
    expect(multi.map((o) => o.state)).toEqual(['wait', 'wait']);
    const bought = await unwrap(taker.POST('/orders', { body: { market: 'btcusd', side: 'buy', ord_type: 'market', volume: '0.2' } }));
    expect(bought).toMatchObject({ state: 'done', executed_volume: '0.20000000', trades_count: 1 });
    // 0.2 BTC at the ask's 30,000.00: funds 6,000.00, each side's fee 0.25 % = 15.00 (decision X-fee).
    // The maker (seller) gets 5,985.00 and still locks 0.4 BTC (0.3 of the ask, 0.1 of the other
    // ask) and 2,005.00 USD (the 0.1 bid at 20,000.00 with its fee); the taker pays 6,015.00.
    const before = held(balances);
    expect(before).toEqual(Object.fromEntries(Object.keys(before).map((c) => [c, ['1000000', '0']])));
    expect(held(await unwrap(maker.GET('/balances')))).toEqual({ ...before, btc: ['999999.8', '0.4'], usd: ['1005985', '2005'] });
    expect(held(await unwrap(taker.GET('/balances')))).toEqual({ ...before, btc: ['1000000.2', '0'], usd: ['993985', '0'] });
    for (const b of await unwrap(maker.GET('/balances'))) expect(new Big(b.available).eq(new Big(b.balance).minus(b.locked)), b.currency).toBe(true);

    expect(await unwrap(maker.GET('/order', { params: { query: { id: ask.id } } }))).toMatchObject({ id: ask.id, trades_count: 1, trades: [expect.objectContaining({ order_id: ask.id })] });
    expect((await unwrap(maker.GET('/orders', { params: { query: { market: 'btcusd', state: 'wait', limit: 10 } } }))).map((o) => o.id).sort()).toEqual([ask.id, ...multi.map((o) => o.id)].sort());
    expect(await unwrap(taker.GET('/trades', { params: { query: { market: 'btcusd' } } }))).toHaveLength(1);

    const cancelled = await unwrap(maker.POST('/order/delete', { body: { id: multi[0]!.id } }));
    expect(cancelled.id).toBe(multi[0]!.id);
    const cleared = await unwrap(maker.POST('/orders/clear', { body: { side: 'buy' } }));
    expect(cleared.map((o) => o.id)).toEqual([multi[1]!.id]);
  });

  it('paginates orders and trades through signed pages', async () => {
    s = await e2e();
    const maker = s.trader('demo-trader');
    const taker = s.trader('demo-trader-2');
    for (let i = 0; i < 5; i++) {
      await unwrap(maker.POST('/orders', { body: { market: 'ethusd', side: 'sell', ord_type: 'limit', volume: '1', price: `${2000 + i}.00` } }));
      await unwrap(taker.POST('/orders', { body: { market: 'ethusd', side: 'buy', ord_type: 'market', volume: '1' } }));
    }
    await unwrap(maker.POST('/orders', { body: { market: 'ethusd', side: 'sell', ord_type: 'limit', volume: '1', price: '3000.00' } }));
    const orders = [];
    for await (const o of paginateOrders(maker, { market: 'ethusd', order_by: 'asc' }, { pageSize: 2 })) orders.push(o);
    expect(orders.map((o) => o.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'wait']);
    const mine = [];
    for await (const t of paginateTrades(taker, { market: 'ethusd' }, { pageSize: 2 })) mine.push(t.id);
    expect(mine).toHaveLength(5);
    expect([...mine].sort((a, b) => b - a)).toEqual(mine);
    const history = [];
    for await (const t of paginateTradeHistory(taker, { market: 'ethusd' }, { pageSize: 3 })) history.push(t.id);
    expect(history).toEqual(mine);
  });

  it('raises typed errors: wrong secret 2005, no trading scope 2011, unknown order 2004, business rule 2002', async () => {
    s = await e2e();
    const order = { market: 'btcusd', side: 'buy', ord_type: 'limit', volume: '0.1', price: '100.00' } as const;
    expect(await rejection(unwrap(s.trader('demo-trader', 'wrong').GET('/balances')))).toMatchObject({ status: 401, code: 2005 });
    expect(await rejection(unwrap(s.trader('demo-viewer').POST('/orders', { body: order })))).toMatchObject({ status: 401, code: 2011 });
    expect(await rejection(unwrap(s.trader().GET('/order', { params: { query: { id: 999_999 } } })))).toMatchObject({ status: 404, code: 2004 });
    const e = await rejection(unwrap(s.trader().POST('/orders', { body: { ...order, volume: '1000000' } })));
    expect(e).toBeInstanceOf(ExchangeApiError);
    expect(e).toMatchObject({ status: 400, code: 2002, serverMessage: expect.stringMatching(/insufficient/) });
  });
});

describe('exchange rate limit (X5) end to end', () => {
  it('a GET that meets the ban is retried after Retry-After (a signed one with a fresh nonce)', async () => {
    s = await e2e({ rateLimit: { enabled: true } });
    const waits: number[] = [];
    const ex = createExchangeClient({
      baseUrl: s.baseUrl, accessKey: 'demo-trader', secretKey: 'demo-trader-secret', nonces: s.noncesOf('demo-trader'),
      retry: { sleep: async (ms) => void (waits.push(ms), await s.timers.advance(ms)) },
    });
    for (let i = 0; i < 60; i++) await unwrap(ex.GET('/balances'));
    expect((await unwrap(ex.GET('/balances'))).map((b) => [b.currency, b.balance])).toContainEqual(['btc', '1000000.00000000']);
    expect(waits).toEqual([60_000]);
  });

  it('the client-side limiter keeps a client under the limit, so no 429 is ever answered', async () => {
    s = await e2e({ rateLimit: { enabled: true } });
    const statuses = new Set<number>();
    const waits: number[] = [];
    const ex = createExchangeClient({
      baseUrl: s.baseUrl, now: s.timers.now,
      rateLimit: { now: s.timers.now, sleep: async (ms) => void (waits.push(ms), await s.timers.advance(ms)) },
    });
    for (let i = 0; i < 130; i++) statuses.add((await ex.GET('/timestamp')).response.status);
    expect([...statuses]).toEqual([200]);
    expect(waits.length).toBe(2);
  });
});

describe('partner client end to end', () => {
  const registration = (email: string) => ({
    registration: {
      business_name: 'Acme Widgets', first_name: 'Jane', last_name: 'Doe', email, password: 'correct-horse-battery',
      password_confirmation: 'correct-horse-battery', terms_of_service: 'true' as const,
    },
  });

  it('registers with Bearer, refuses a second registration with P2 messages, and rejects a wrong key', async () => {
    s = await e2e();
    const p = s.partnerBearer();
    expect(await unwrap(p.POST('/user_registration', { body: registration('jane@acme.example.com') }))).toEqual({ status: 1, message: expect.any(String) });
    const again = await rejection(unwrap(p.POST('/user_registration', { body: registration('jane@acme.example.com') })));
    expect(again).toBeInstanceOf(PartnerApiError);
    expect(again).toMatchObject({ status: 422, messages: [expect.stringMatching(/registration\.email/)] });
    expect(await rejection(unwrap(s.partnerBearer('nope').POST('/user_registration', { body: registration('x@acme.example.com') })))).toMatchObject({ status: 401, code: '1001' });
  });

  it('submits a merchant application with Basic, and a duplicate e-mail is 2003 naming user.email', async () => {
    s = await e2e();
    const p = s.partnerBasic();
    const created = await unwrap(p.POST('/merchant_applications', { body: application }));
    expect(created).toHaveProperty('message');
    const dup = await rejection(unwrap(p.POST('/merchant_applications', { body: application })));
    expect(dup).toMatchObject({ status: 422, code: '2003', source: [{ 'user.email': expect.any(String) }] });
  });
});

// Last in the file (tests run in order): skipped when a filter runs only some tests.
describe('coverage', () => {
  it('called every operation of the exchange and partner documents through the typed clients', () => {
    const all = [...operationsOf('exchange', exchangeOperations), ...operationsOf('partner', partnerOperations)];
    expect(all.filter((op) => !called.has(op))).toEqual([]);
  });
});
