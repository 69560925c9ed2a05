// The principal a request carries once authenticated: each API's getter sees its own principal only.
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { exchangePrincipal, merchantPrincipal, partnerPrincipal, principalOf, safeEqual, setPrincipal, type Principal } from './principal.ts';

const principals: Record<string, Principal> = {
  exchange: { api: 'exchange', accessKey: 'ak', scopes: ['trade'] },
  merchant: { api: 'merchant', apiKey: 'mk', sandbox: true, permissions: [], hostedPaymentIds: [], webhookSigningSecret: 'w' },
  partner: { api: 'partner', partnerId: 'p', scheme: 'bearer', credential: 'pk' },
};

const app = express();
app.get('/:as', (req, res) => {
  const p = principals[req.params.as];
  if (p) setPrincipal(req, p);
  res.json({ any: principalOf(req) ?? null, exchange: exchangePrincipal(req) ?? null, merchant: merchantPrincipal(req) ?? null, partner: partnerPrincipal(req) ?? null });
});

describe('principal getters', () => {
  it.each(Object.keys(principals))('a request authenticated for the %s API shows its principal to that getter only', async (api) => {
    const res = await request(app).get(`/${api}`);
    const none = { exchange: null, merchant: null, partner: null };
    expect(res.body).toEqual({ any: principals[api], ...none, [api]: principals[api] });
  });

  it('a request without a principal has none for every getter', async () => {
    expect((await request(app).get('/anonymous')).body).toEqual({ any: null, exchange: null, merchant: null, partner: null });
  });
});

describe('safeEqual', () => {
  it.each([
    ['live-secret', 'live-secret', true],
    ['live-secret', 'read-secret', false], // same length
    ['live-secret', 'live-secret ', false],
    ['', '', true],
    ['', 'x', false],
    ['é', 'é', true],
    ['é', 'e\u0301', false], // same text to the eye, other code points
  ])('%j vs %j -> %s', (a, b, want) => {
    expect(safeEqual(a, b)).toBe(want);
    expect(safeEqual(b, a)).toBe(want);
  });
});
