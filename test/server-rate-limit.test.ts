// Rate limits through HTTP: exchange X5 (60 per minute per client, the 61st 429 with Retry-After,
// then a ban), merchant per API key, partner per credential, all configurable and switchable off.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { manualClock, testServer } from '../server/testing.ts';
import { MERCHANT_AUTH, NOW, PARTNER_BASIC, PARTNER_BEARER, basic, exampleHandlers, signedUrl } from './server-helpers.ts';

const balances = (nonce: number, accessKey = 'demo-trader') => signedUrl({ method: 'GET', path: '/balances', nonce, accessKey });

describe('exchange rate limit (X5)', () => {
  it('passes 60 requests of a client, answers the 61st 429 with Retry-After, holds the ban, leaves another client alone', async () => {
    const clock = manualClock(NOW);
    const { app } = testServer({ now: clock, handlers: exampleHandlers });
    for (let i = 0; i < 60; i++) {
      const res = await request(app).get(balances(NOW + i));
      expect(res.status, `request ${i + 1}`).toBe(200);
    }
    const over = await request(app).get(balances(NOW + 60));
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBe('60');
    expect(over.body).toEqual({ error: { code: 1002, message: 'Rate limit exceeded; temporarily banned, retry after 60 s' } });

    // Another access key is another client.
    expect((await request(app).get(balances(NOW, 'demo-trader-2'))).status).toBe(200);

    // The ban holds: 59 s later every request is still refused, and counts down.
    clock.advance(59_000);
    const banned = await request(app).get(balances(NOW + 59_000));
    expect(banned.status).toBe(429);
    expect(banned.headers['retry-after']).toBe('1');

    // After the ban a new window starts.
    clock.advance(1_000);
    expect((await request(app).get(balances(NOW + 60_000))).status).toBe(200);
  });

  it('counts public requests per IP, and takes its three numbers from the config', async () => {
    const clock = manualClock(NOW);
    const { app } = testServer({ now: clock, handlers: exampleHandlers, config: { rateLimit: { exchange: { limit: 3, windowMs: 10_000, banMs: 5_000 } } } });
    for (let i = 0; i < 3; i++) expect((await request(app).get('/api/v1/tickers/btcusd')).status).toBe(200);
    const over = await request(app).get('/api/v1/tickers/btcusd');
    expect([over.status, over.headers['retry-after']]).toEqual([429, '5']);
    clock.advance(5_000);
    expect((await request(app).get('/api/v1/tickers/btcusd')).status).toBe(200);
  });

  it('counts failed requests too (bad signatures against the IP), so guessing is limited', async () => {
    const { app } = testServer({ now: manualClock(NOW), handlers: exampleHandlers, config: { rateLimit: { exchange: { limit: 2, windowMs: 60_000, banMs: 60_000 } } } });
    const bad = () => request(app).get(signedUrl({ method: 'GET', path: '/balances', signature: 'f'.repeat(64) }));
    expect((await bad()).status).toBe(401);
    expect((await bad()).status).toBe(401);
    expect((await bad()).status).toBe(429);
    expect((await request(app).get('/api/v1/tickers/btcusd')).status).toBe(429); // same IP, banned
  });

  it('is off with rateLimit.enabled false (RATE_LIMIT=off)', async () => {
    const { app } = testServer({ now: manualClock(NOW), handlers: exampleHandlers, config: { rateLimit: { enabled: false, exchange: { limit: 1, windowMs: 60_000, banMs: 60_000 } } } });
    for (let i = 0; i < 5; i++) expect((await request(app).get('/api/v1/tickers/btcusd')).status).toBe(200);
  });
});

describe('merchant and partner rate limits', () => {
  it('merchant: per API key, 429 code 1007 with Retry-After until the window ends (no ban)', async () => {
    const clock = manualClock(NOW);
    const { app } = testServer({ now: clock, handlers: exampleHandlers, config: { rateLimit: { merchant: { limit: 2, windowMs: 60_000, banMs: 0 } } } });
    const get = (auth: string) => request(app).get('/merchant/v2/currencies').set('Authorization', auth);
    expect((await get(MERCHANT_AUTH)).status).toBe(200);
    clock.advance(20_000);
    expect((await get(MERCHANT_AUTH)).status).toBe(200);
    const over = await get(MERCHANT_AUTH);
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBe('40');
    expect(over.body).toEqual({ title: 'Too Many Requests', code: '1007', details: 'Too many requests; retry after 40 s' });
    expect((await get(basic('demo-merchant-norefund', 'demo-merchant-norefund-secret'))).status).toBe(200);
    clock.advance(40_000);
    expect((await get(MERCHANT_AUTH)).status).toBe(200);
  });

  it('partner: per credential (Bearer and Basic are two)', async () => {
    const { app } = testServer({ now: manualClock(NOW), handlers: exampleHandlers, config: { rateLimit: { partner: { limit: 1, windowMs: 60_000, banMs: 0 } } } });
    const register = (auth: string) => request(app).post('/partner/v1/user_registration').set('Authorization', auth).send({});
    expect((await register(PARTNER_BEARER)).status).toBe(422);
    expect((await register(PARTNER_BEARER)).status).toBe(429);
    expect((await register(PARTNER_BASIC)).status).toBe(422);
  });

  it('uses the documented defaults: 120 per minute per merchant key, 30 per partner credential', async () => {
    const { app } = testServer({ now: manualClock(NOW), handlers: exampleHandlers });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await request(app).post('/partner/v1/user_registration').set('Authorization', PARTNER_BEARER).send({})).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.at(-1)).toBe(429);
  });
});
