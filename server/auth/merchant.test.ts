// Merchant auth (M1) on its own: the verifier's exact 401s, and the router step through a real request.
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ApiDomainError } from '../core/errors.ts';
import { createMerchantVerifier, lacksPermission, merchantAuthStep, type MerchantKey } from './merchant.ts';
import { merchantPrincipal } from './principal.ts';

const refunder: MerchantKey = {
  apiKey: 'live-key', secret: 'live-secret', sandbox: false, permissions: ['refund:create'], hostedPaymentIds: [3, 4], webhookSigningSecret: 'whsec-1',
};
const reader: MerchantKey = { ...refunder, apiKey: 'read-key', secret: 'read-secret', sandbox: true, permissions: [], hostedPaymentIds: [] };
const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

/** What the caller of the verifier gets: the principal, or the refusal's status, code and texts. */
function outcome(fn: () => unknown) {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof ApiDomainError)) throw e;
    return { status: e.status, code: e.code, details: e.details, error: e.error };
  }
}
const refused = (why: string) => ({ status: 401, code: '1001', details: `Key or secret not set properly in Authorization: ${why}`, error: undefined });

describe('createMerchantVerifier', () => {
  // Built in each test, not when the file loads: the mutation run switches mutants per test.
  const verify = (header: string | undefined, permission?: 'refund:create') => createMerchantVerifier([refunder, reader])(header, permission);

  it('returns the principal of a key whose secret matches (never the secret itself)', () => {
    expect(verify(basic('live-key', 'live-secret'), 'refund:create')).toStrictEqual({
      api: 'merchant', apiKey: 'live-key', sandbox: false, permissions: ['refund:create'], hostedPaymentIds: [3, 4], webhookSigningSecret: 'whsec-1',
    });
    expect(outcome(() => verify(basic('read-key', 'read-secret')))).toMatchObject({ api: 'merchant', apiKey: 'read-key', sandbox: true });
  });

  it.each([
    [undefined, 'the header is missing; send Basic base64(<API_KEY>:<API_SECRET>)'],
    ['', 'the header is missing; send Basic base64(<API_KEY>:<API_SECRET>)'],
    ['Basic ***', 'Basic credentials are not base64'],
    ['Bearer live-key', 'use HTTP Basic with <API_KEY>:<API_SECRET>'],
    [basic('live-key', 'wrong'), 'unknown key or wrong secret'],
    [basic('live-key', ''), 'unknown key or wrong secret'],
    [basic('nobody', 'live-secret'), 'unknown key or wrong secret'],
    // An unknown key is compared against a decoy secret, never accepted with that decoy.
    [basic('nobody', 'x'.repeat(32)), 'unknown key or wrong secret'],
    [basic('nobody', ''), 'unknown key or wrong secret'],
    [basic('read-key', 'live-secret'), 'unknown key or wrong secret'],
  ])('refuses %j with 401 1001', (header, why) => {
    expect(outcome(() => verify(header, 'refund:create'))).toEqual(refused(why));
    expect(outcome(() => verify(header))).toEqual(refused(why));
  });

  it('refuses a right key without the permission the operation requires with 401 1003, naming it', () => {
    const want = { status: 401, code: '1003', details: 'The API key lacks the Refund Create permission this operation requires', error: 'missing permission: refund:create' };
    expect(outcome(() => verify(basic('read-key', 'read-secret'), 'refund:create'))).toEqual(want);
    expect(outcome(() => { throw lacksPermission('refund:create'); })).toEqual(want);
  });
});

describe('merchantAuthStep through HTTP', () => {
  function app(step: express.RequestHandler) {
    const a = express();
    a.get('/who', step, (req, res) => void res.json(merchantPrincipal(req) ?? null));
    a.use((err: ApiDomainError, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(err.status).json({ code: err.code, details: err.details });
    });
    return a;
  }

  it.each([
    ['the keys', () => merchantAuthStep([refunder, reader], 'refund:create')],
    ['a verifier', () => merchantAuthStep(createMerchantVerifier([refunder, reader]), 'refund:create')],
  ])('built from %s: attaches the principal, or passes the 401 on', async (_from, stepOf) => {
    const step = stepOf();
    const ok = await request(app(step)).get('/who').set('authorization', basic('live-key', 'live-secret'));
    expect([ok.status, ok.body]).toEqual([200, { api: 'merchant', apiKey: 'live-key', sandbox: false, permissions: ['refund:create'], hostedPaymentIds: [3, 4], webhookSigningSecret: 'whsec-1' }]);
    const no = await request(app(step)).get('/who').set('authorization', basic('read-key', 'read-secret'));
    expect([no.status, no.body]).toEqual([401, { code: '1003', details: 'The API key lacks the Refund Create permission this operation requires' }]);
    const missing = await request(app(step)).get('/who');
    expect([missing.status, missing.body.code]).toEqual([401, '1001']);
  });
});
