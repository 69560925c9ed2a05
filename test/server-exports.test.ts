// The server's public entry points, imported the way another service would: through the package's
// `exports` map (`<package>/server`, `/server/validators`, `/server/auth`).
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { connectRedis, createServer, exchangeValidator as fromIndex, redisRateLimiter, redisSeenStore, type MerchantHandlers } from 'cryptopay-openapi-toolkit/server';
import { createExchangeVerifier, createMerchantVerifier, createPartnerVerifier, exchangeAuth, merchantAuth, partnerAuth, redisNonceStore } from 'cryptopay-openapi-toolkit/server/auth';
import { exchangeValidator, merchantValidator, partnerValidator } from 'cryptopay-openapi-toolkit/server/validators';

describe('package exports of the server', () => {
  it('exposes createServer, the three validators and the three auth verifiers', () => {
    for (const f of [createServer, exchangeValidator, merchantValidator, partnerValidator, createExchangeVerifier, createMerchantVerifier, createPartnerVerifier, exchangeAuth, merchantAuth, partnerAuth]) {
      expect(typeof f).toBe('function');
    }
    expect(fromIndex).toBe(exchangeValidator);
    for (const f of [connectRedis, redisRateLimiter, redisSeenStore, redisNonceStore]) expect(typeof f).toBe('function');
    const handler: MerchantHandlers['listCurrencies'] = () => ({ status: 200, body: { currencies: [] } });
    expect(handler).toBeTypeOf('function');
  });

  it('mounts merchantValidator() with the generated document in a plain Express app', async () => {
    const app = express();
    app.use('/merchant/v2', merchantValidator());
    app.post('/merchant/v2/payments', (_req, res) => res.status(201).json({}));
    const res = await request(app).post('/merchant/v2/payments').send({ payment: {} });
    expect([res.status, res.body.code]).toEqual([422, '1002']);
  });

  it('mounts partnerAuth on its own (Bearer or Basic), attaching the principal, answering failures in the partner body', async () => {
    const app = express();
    app.use(partnerAuth([{ partnerId: 'p1', bearerKey: 'k1' }]));
    app.get('/', (_req, res) => res.json({ ok: true }));
    expect((await request(app).get('/').set('Authorization', 'Bearer k1')).body).toEqual({ ok: true });
    const refused = await request(app).get('/').set('Authorization', 'Bearer k2');
    expect([refused.status, refused.body]).toEqual([401, { title: 'Unauthorized', code: '1001', details: 'API key not set properly in Authorization: unknown API key' }]);
  });
});
