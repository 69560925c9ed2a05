// Keys behind an asynchronous lookup (a database) for each API's exported auth middleware: a known
// key passes with its principal, an unknown one answers 401 as with a fixed list, and a lookup that
// rejects or throws answers 503 in the API's body (Retry-After, the cause logged, never sent).
import express, { type Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULTS } from '../config/defaults.ts';
import { basic, NOW, signedUrl } from '../../test/server-helpers.ts';
import { exchangeAuth, merchantAuth, partnerAuth, principalOf, type ExchangeKey, type MerchantKey, type PartnerCredential } from './index.ts';

type Lookup<K> = (key: string) => Promise<K | undefined>;
const DOWN = new Error('connect ECONNREFUSED 10.0.0.7:5432 (password=hunter2)');

/** A "database": the keys after a turn of the event loop, or its failure. */
function table<K>(rows: readonly K[], keyOf: (row: K) => string | undefined, mode: { down?: 'reject' | 'throw' } = {}): Lookup<K> {
  return (key) => {
    if (mode.down === 'throw') throw DOWN;
    return new Promise((resolve, reject) => setImmediate(() => (mode.down ? reject(DOWN) : resolve(rows.find((r) => keyOf(r) === key)))));
  };
}

function service(mounted: unknown): Express {
  const app = express();
  app.use(express.json());
  app.use(mounted as express.RequestHandler);
  app.all('/{*rest}', (req, res) => void res.json({ principal: principalOf(req) }));
  return app;
}

const exchangeKeys: readonly ExchangeKey[] = SANDBOX_DEFAULTS.exchange.keys;
const merchantKeys: readonly MerchantKey[] = SANDBOX_DEFAULTS.merchant.keys;
const partnerCredentials: readonly PartnerCredential[] = SANDBOX_DEFAULTS.partner.credentials;

describe.each(['reject', 'throw'] as const)('a key lookup that fails (%s) answers 503 in the API body', (down) => {
  it('exchange: 503 code 1006, Retry-After, the cause only in the log', async () => {
    const log: string[] = [];
    const lookup = table(exchangeKeys, (k) => k.accessKey, { down });
    const res = await request(service(exchangeAuth({ keys: lookup, now: () => NOW }, undefined, { log: (l) => log.push(l) }))).get(signedUrl({ method: 'GET', path: '/orders' }));
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.body).toEqual({ error: { code: 1006, message: 'The shared key store cannot be reached; retry shortly' } });
    expect(res.text).not.toContain('hunter2');
    expect(log.join('\n')).toContain('ECONNREFUSED');
  });

  it('merchant: 503 in the merchant body', async () => {
    const lookup = table(merchantKeys, (k) => k.apiKey, { down });
    const res = await request(service(merchantAuth({ lookup }, undefined, { log: () => undefined }))).get('/merchant/v2/payments/1').set('Authorization', basic('demo-merchant', 'demo-merchant-secret'));
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ title: 'Service Unavailable', code: '1006', details: 'The shared key store cannot be reached; retry shortly' });
  });

  it('partner: 503 in the partner body, for Bearer and Basic alike', async () => {
    const lookup = (key: string) => table(partnerCredentials, (c) => c.bearerKey ?? c.basicKey, { down })(key);
    for (const authorization of ['Bearer demo-partner-key', basic('demo-partner', 'demo-partner-secret')]) {
      const res = await request(service(partnerAuth({ lookup }, { log: () => undefined }))).get('/partner/v1/x').set('Authorization', authorization);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ title: 'Service Unavailable', code: '1006', details: 'The shared key store cannot be reached; retry shortly' });
    }
  });
});

describe('a key lookup that answers', () => {
  it('exchange: a known key passes with its principal; an unknown one is 2008; a nonce is still single use', async () => {
    const app = service(exchangeAuth({ keys: table(exchangeKeys, (k) => k.accessKey), now: () => NOW }));
    const ok = await request(app).get(signedUrl({ method: 'GET', path: '/orders' }));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ principal: { api: 'exchange', accessKey: 'demo-trader', scopes: ['trade'] } });
    expect((await request(app).get(signedUrl({ method: 'GET', path: '/orders' }))).body).toEqual({ error: { code: 2006, message: `The nonce ${NOW} has already been used by the access key` } });
    const unknown = await request(app).get(signedUrl({ method: 'GET', path: '/orders', accessKey: 'nobody', nonce: NOW + 1 }));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ error: { code: 2008, message: 'The access key does not exist' } });
  });

  it('merchant: known key passes, unknown key and wrong secret are the same 401 1001, a missing permission 1003', async () => {
    const lookup = table(merchantKeys, (k) => k.apiKey);
    const app = service(merchantAuth({ lookup }));
    const ok = await request(app).get('/p').set('Authorization', basic('demo-merchant', 'demo-merchant-secret'));
    expect(ok.status).toBe(200);
    expect(ok.body.principal).toMatchObject({ api: 'merchant', apiKey: 'demo-merchant' });
    const refused = { title: 'Unauthorized', code: '1001', details: 'Key or secret not set properly in Authorization: unknown key or wrong secret' };
    for (const authorization of [basic('nobody', 'x'), basic('demo-merchant', 'wrong')]) {
      const res = await request(app).get('/p').set('Authorization', authorization);
      expect([res.status, res.body]).toEqual([401, refused]);
    }
    const norefund = await request(service(merchantAuth({ lookup }, 'refund:create'))).post('/p').set('Authorization', basic('demo-merchant-norefund', 'demo-merchant-norefund-secret'));
    expect([norefund.status, norefund.body.code]).toEqual([401, '1003']);
  });

  it('partner: Bearer and Basic pass; a Bearer the lookup matched loosely is refused by the exact comparison', async () => {
    const lookup = (key: string, scheme: 'bearer' | 'basic') =>
      Promise.resolve(partnerCredentials.find((c) => (scheme === 'bearer' ? c.bearerKey?.toLowerCase() === key.toLowerCase() : c.basicKey === key)));
    const app = service(partnerAuth({ lookup }));
    for (const authorization of ['Bearer demo-partner-key', basic('demo-partner', 'demo-partner-secret')]) {
      const res = await request(app).get('/x').set('Authorization', authorization);
      expect(res.status).toBe(200);
      expect(res.body.principal).toMatchObject({ api: 'partner' });
    }
    const loose = await request(app).get('/x').set('Authorization', 'Bearer DEMO-PARTNER-KEY');
    expect([loose.status, loose.body]).toEqual([401, { title: 'Unauthorized', code: '1001', details: 'API key not set properly in Authorization: unknown API key' }]);
  });
});
