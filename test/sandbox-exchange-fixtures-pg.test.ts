// The control API's exchange fixtures on PostgreSQL (per-market writers, a journal shared by the
// instances): an order book, a trader's balances and a trader's reset run inside the journal's lock
// like orders, and the other instance reads what they wrote (they answered 503 before).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExchangeClient, unwrap } from '../client/exchange.ts';
import { createSandboxClient } from '../client/sandbox.ts';
import { startInstance, type Instance } from './instances.ts';
import { pgAvailable, startPostgres, type PostgresServer } from './postgres-server.ts';

describe.skipIf(!pgAvailable())('exchange fixtures on PostgreSQL', () => {
  let pg: PostgresServer;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    pg = await startPostgres();
    const config = join(mkdtempSync(join(tmpdir(), 'fixtures-pg-')), 'config.json');
    writeFileSync(config, JSON.stringify({ rateLimit: { enabled: false }, sandbox: { controlApi: true } }));
    const env = { DATABASE_URL: await pg.database(), CONFIG: config };
    a = await startInstance(env); // first: it takes every market's lease
    b = await startInstance(env);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await pg?.stop();
  });

  it('places a book, sets balances and resets a trader through the holder; the other instance reads them', async () => {
    const control = createSandboxClient({ baseUrl: a.base });
    const placed = await unwrap(control.POST('/markets/{market}/order-book', { params: { path: { market: 'btcusd' } }, body: { depth: 2, mid_price: '100.00', step: '0.50', volume: '0.1' } }));
    expect([placed.ask_ids.length, placed.bid_ids.length]).toEqual([2, 2]);
    const reader = createExchangeClient({ baseUrl: b.base, accessKey: 'demo-trader', secretKey: 'demo-trader-secret' });
    const book = await unwrap(reader.GET('/order_book', { params: { query: { market: 'btcusd' } } }));
    expect([book.asks, book.bids]).toEqual([[['100.50', '0.10000000'], ['101.00', '0.10000000']], [['99.50', '0.10000000'], ['99.00', '0.10000000']]]);

    const set = await unwrap(control.POST('/traders/{access_key}/balances', { params: { path: { access_key: 'demo-trader' } }, body: { btc: '2.5' } }));
    expect(set.accounts.find((x) => x.currency === 'btc')).toMatchObject({ balance: '2.50000000', locked: '0.00000000' });
    expect((await unwrap(reader.GET('/balances'))).find((x) => x.currency === 'btc')).toMatchObject({ balance: '2.50000000' });

    expect(await unwrap(control.POST('/traders/{access_key}/reset', { params: { path: { access_key: 'demo-trader' } } }))).toEqual({ scope: 'trader', trader: 'demo-trader' });
    expect((await unwrap(reader.GET('/balances'))).find((x) => x.currency === 'btc')!.balance).not.toBe('2.50000000');
  }, 60_000);

  it('runs them on the instance holding no market as well: any instance applies any write', async () => {
    const control = createSandboxClient({ baseUrl: b.base });
    const placed = await unwrap(control.POST('/markets/{market}/order-book', { params: { path: { market: 'ethusd' } }, body: { depth: 1, mid_price: '10.00', step: '0.50', volume: '0.2' } }));
    const reader = createExchangeClient({ baseUrl: a.base, accessKey: 'demo-trader', secretKey: 'demo-trader-secret' });
    const book = await unwrap(reader.GET('/order_book', { params: { query: { market: 'ethusd' } } }));
    expect([book.asks, book.bids]).toEqual([[['10.50', '0.20000000']], [['9.50', '0.20000000']]]);
    expect([placed.ask_ids.length, placed.bid_ids.length]).toEqual([1, 1]);
    const set = await unwrap(control.POST('/traders/{access_key}/balances', { params: { path: { access_key: 'demo-trader-2' } }, body: { eth: '7' } }));
    expect(set.accounts.find((x) => x.currency === 'eth')).toMatchObject({ balance: '7.00000000' });
    expect(await unwrap(control.POST('/traders/{access_key}/reset', { params: { path: { access_key: 'demo-trader-2' } } }))).toEqual({ scope: 'trader', trader: 'demo-trader-2' });
  }, 60_000);
});
