// GET /metrics: Prometheus text with the requests by API, operationId and status, their latency
// histogram, webhook attempts by outcome, the exchange writer lease and fencing token per market,
// and storage failures by kind, each read back as exact samples after real requests.
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createPaymentBody } from '../../contracts/merchant/examples.ts';
import { MERCHANT_AUTH } from '../../test/server-helpers.ts';
import { StateDb } from '../state/db.ts';
import { testServer } from '../testing.ts';

let state: StateDb | undefined;
afterEach(() => {
  state?.close();
  state = undefined;
});

/** The samples of one metric family, as `name{labels} value` lines. */
async function samples(app: Parameters<typeof request>[0], name: string): Promise<Map<string, number>> {
  const res = await request(app).get('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  const out = new Map<string, number>();
  for (const line of res.text.split('\n')) {
    const m = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (m && m[1] === name) out.set(`${m[1]}${m[2] ?? ''}`, Number(m[3]));
  }
  return out;
}

describe('GET /metrics', () => {
  it('counts requests by API, operationId and status, and times them', async () => {
    const { app } = testServer({ config: { rateLimit: { enabled: false } } });
    await request(app).get('/api/v1/timestamp').expect(200);
    await request(app).get('/api/v1/timestamp').expect(200);
    await request(app).get('/api/v1/markets').expect(200);
    await request(app).get('/merchant/v2/transactions').set('authorization', MERCHANT_AUTH).expect(200);
    await request(app).get('/merchant/v2/transactions').expect(401);
    await request(app).get('/nowhere').expect(404);
    const counts = await samples(app, 'http_requests_total');
    expect(Object.fromEntries(counts)).toEqual({
      'http_requests_total{api="exchange",operation="getTimestamp",status="200"}': 2,
      'http_requests_total{api="exchange",operation="getMarkets",status="200"}': 1,
      'http_requests_total{api="merchant",operation="listTransactions",status="200"}': 1,
      'http_requests_total{api="merchant",operation="listTransactions",status="401"}': 1,
      'http_requests_total{api="none",operation="none",status="404"}': 1,
    });
    const latency = await samples(app, 'http_request_duration_seconds_count');
    expect(latency.get('http_request_duration_seconds_count{api="exchange",operation="getTimestamp"}')).toBe(2);
    const buckets = await samples(app, 'http_request_duration_seconds_bucket');
    expect(buckets.get('http_request_duration_seconds_bucket{le="+Inf",api="exchange",operation="getTimestamp"}')).toBe(2);
    // The scrape itself is not a request of an API.
    expect([...(await samples(app, 'http_requests_total')).keys()].some((k) => k.includes('metrics'))).toBe(false);
  });

  it('answers other methods 405', async () => {
    const { app } = testServer();
    const res = await request(app).post('/metrics');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });

  it('shows the exchange writer lease and its fencing token per market, and storage failures by kind', async () => {
    state = new StateDb(join(mkdtempSync(join(tmpdir(), 'metrics-')), 'state.sqlite'));
    const { app } = testServer({ state, config: { rateLimit: { enabled: false } } });
    // The first lease round runs at start (one state file: one writer of every market).
    await expect.poll(async () => (await samples(app, 'exchange_market_writer')).get('exchange_market_writer{market="btcusd"}')).toBe(1);
    const tokens = await samples(app, 'exchange_market_fencing_token');
    expect(tokens.get('exchange_market_fencing_token{market="btcusd"}')).toBe(1);
    expect(tokens.get('exchange_market_fencing_token{market="ethusd"}')).toBe(1);

    const before = (await samples(app, 'storage_errors_total')).get('storage_errors_total{kind="sqlite"}') ?? 0;
    state.failNextCommit('SQLITE_FULL');
    const body = { payment: { ...createPaymentBody.payment, invoice_number: 'MET1', webhook_url: undefined } };
    expect((await request(app).post('/merchant/v2/payments').set('authorization', MERCHANT_AUTH).send(body)).status).toBe(503);
    expect((await samples(app, 'storage_errors_total')).get('storage_errors_total{kind="sqlite"}')).toBe(before + 1);
  });

  it('counts webhook attempts by outcome', async () => {
    let fail = true;
    const receiver = createHttpServer((_req, res) => res.writeHead(fail ? 500 : 200).end());
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const { app } = testServer({ config: { rateLimit: { enabled: false }, merchant: { sandbox: { foundAfterMs: 0, confirmedAfterMs: 3_600_000 } } } });
      const outcome = async (o: string) => (await samples(app, 'webhook_attempts_total')).get(`webhook_attempts_total{outcome="${o}"}`) ?? 0;
      const [failed, delivered] = [await outcome('failed_retrying'), await outcome('delivered')];
      const body = { payment: { ...createPaymentBody.payment, invoice_number: 'MET2', webhook_url: hook } };
      expect((await request(app).post('/merchant/v2/payments').set('authorization', MERCHANT_AUTH).send(body)).status).toBe(201);
      await expect.poll(() => outcome('failed_retrying'), { timeout: 10_000 }).toBe(failed + 1);
      fail = false; // the retry (1 s later) is delivered
      await expect.poll(() => outcome('delivered'), { timeout: 10_000 }).toBe(delivered + 1);
    } finally {
      await new Promise((r) => receiver.close(r));
    }
  });
});
