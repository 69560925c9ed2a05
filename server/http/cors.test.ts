// CORS of the reference server and of the validators for other services: preflights answered
// before auth, rate limits and the validator, the allow headers per configured origins.
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createServer } from '../app.ts';
import { contractDocuments } from '../testing.ts';
import { merchantValidator } from '../validators.ts';

const MERCHANT_AUTH = `Basic ${Buffer.from('demo-merchant:demo-merchant-secret').toString('base64')}`;
const APP = 'http://app.example';
const preflight = (app: express.Express, path: string, origin = APP) =>
  request(app)
    .options(path)
    .set('Origin', origin)
    .set('Access-Control-Request-Method', 'POST')
    .set('Access-Control-Request-Headers', 'authorization,content-type');

describe('cors (sandbox default: any origin)', () => {
  const app = createServer({ config: { logRequests: false } });

  it.each(['/merchant/v2/payments', '/api/v1/orders', '/partner/v1/user_registration'])('answers a preflight of %s with 204 and the allow headers', async (path) => {
    const res = await preflight(app, path);
    expect(res.status).toBe(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key',
      'access-control-max-age': '600',
    });
    expect(res.text).toBe('');
  });

  it('allows the origin on real calls and exposes Retry-After', async () => {
    const res = await request(app).get('/merchant/v2/transactions').set('Origin', APP).set('Authorization', MERCHANT_AUTH);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers']).toBe('Retry-After, Idempotent-Replayed, X-Ignored-Fields');
  });

  it('leaves a plain OPTIONS (no Access-Control-Request-Method) to the API: 405 in its error body', async () => {
    const res = await request(app).options('/merchant/v2/payments').set('Authorization', MERCHANT_AUTH);
    expect(res.status).toBe(405);
    expect(res.body.title).toBeDefined();
  });

  it('does not count preflights against the rate limit', async () => {
    const limited = createServer({ config: { logRequests: false, rateLimit: { partner: { limit: 1, windowMs: 60_000, banMs: 0 } } } });
    for (let i = 0; i < 3; i++) expect((await preflight(limited, '/partner/v1/user_registration')).status).toBe(204);
    const call = await request(limited).post('/partner/v1/user_registration').set('Authorization', 'Bearer demo-partner-key').send({});
    expect(call.status).not.toBe(429);
  });
});

describe('cors with a list of origins', () => {
  const app = createServer({ config: { logRequests: false, cors: { origins: [APP] } } });

  it('echoes a listed origin, with Vary: Origin', async () => {
    const res = await preflight(app, '/merchant/v2/payments');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(APP);
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('gives another origin no allow header', async () => {
    const pre = await preflight(app, '/merchant/v2/payments', 'http://evil.example');
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-headers']).toBeUndefined();
    const call = await request(app).get('/merchant/v2/transactions').set('Origin', 'http://evil.example').set('Authorization', MERCHANT_AUTH);
    expect(call.status).toBe(200);
    expect(call.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('cors off (origins: [])', () => {
  it('sends no CORS header, and a preflight meets the API as any OPTIONS does (405)', async () => {
    const app = createServer({ config: { logRequests: false, cors: { origins: [] } } });
    const res = await preflight(app, '/merchant/v2/payments');
    expect(res.status).toBe(405);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('merchantValidator() and preflights', () => {
  it("passes a preflight on to the service's own CORS handling mounted after it", async () => {
    const app = express();
    app.use('/merchant/v2', merchantValidator({ document: contractDocuments().merchant }));
    app.options('/merchant/v2/payments', (_req, res) => void res.set('Access-Control-Allow-Origin', '*').sendStatus(204));
    const res = await preflight(app, '/merchant/v2/payments');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    // A plain OPTIONS is still the contract's 405.
    expect((await request(app).options('/merchant/v2/payments')).status).toBe(405);
  });
});
