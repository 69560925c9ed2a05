// Partner auth (P1) on its own: Bearer and Basic, the verifier's exact 401s, the router step through a real request.
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ApiDomainError } from '../core/errors.ts';
import { createPartnerVerifier, partnerAuthStep, type PartnerCredential } from './partner.ts';
import { partnerPrincipal } from './principal.ts';

const credentials: PartnerCredential[] = [
  { partnerId: 'p-bearer', bearerKey: 'bearer-key-1' },
  { partnerId: 'p-both', bearerKey: 'bearer-key-2', basicKey: 'basic-key', basicSecret: 'basic-secret' },
  { partnerId: 'p-basic', basicKey: 'other-basic', basicSecret: 'other-secret' },
];
const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

function outcome(fn: () => unknown) {
  try {
    return fn();
  } catch (e) {
    if (!(e instanceof ApiDomainError)) throw e;
    return { status: e.status, code: e.code, details: e.details };
  }
}
const refused = (why: string) => ({ status: 401, code: '1001', details: `API key not set properly in Authorization: ${why}` });

describe('createPartnerVerifier', () => {
  // Built in each test, not when the file loads: the mutation run switches mutants per test.
  const verify = (header: string | undefined) => createPartnerVerifier(credentials)(header);

  it('accepts each Bearer key and each Basic key:secret as its partner', () => {
    expect(verify('Bearer bearer-key-1')).toStrictEqual({ api: 'partner', partnerId: 'p-bearer', scheme: 'bearer', credential: 'bearer-key-1' });
    expect(verify('Bearer bearer-key-2')).toStrictEqual({ api: 'partner', partnerId: 'p-both', scheme: 'bearer', credential: 'bearer-key-2' });
    expect(verify(basic('basic-key', 'basic-secret'))).toStrictEqual({ api: 'partner', partnerId: 'p-both', scheme: 'basic', credential: 'basic-key' });
    expect(verify(basic('other-basic', 'other-secret'))).toStrictEqual({ api: 'partner', partnerId: 'p-basic', scheme: 'basic', credential: 'other-basic' });
  });

  it.each([
    [undefined, 'the header is missing; send Bearer <API_KEY> or Basic base64(<key>:<secret>)'],
    ['Digest x', 'unsupported scheme "Digest"'],
    ['Bearer nope', 'unknown API key'],
    ['Bearer basic-key', 'unknown API key'], // a Basic key is no Bearer key
    ['Bearer bearer-key-1x', 'unknown API key'],
    [basic('basic-key', 'wrong'), 'unknown key or wrong secret'],
    [basic('bearer-key-1', ''), 'unknown key or wrong secret'], // a Bearer key is no Basic key
    [basic('nobody', 'x'.repeat(32)), 'unknown key or wrong secret'],
    [basic('other-basic', 'basic-secret'), 'unknown key or wrong secret'],
  ])('refuses %j with 401 1001', (header, why) => {
    expect(outcome(() => verify(header))).toEqual(refused(why));
  });

  it('accepts nothing when no credential is configured', () => {
    const none = createPartnerVerifier([]);
    expect(outcome(() => none('Bearer x'))).toEqual(refused('unknown API key'));
    expect(outcome(() => none(basic('x', 'y')))).toEqual(refused('unknown key or wrong secret'));
  });
});

describe('partnerAuthStep through HTTP', () => {
  function app(step: express.RequestHandler) {
    const a = express();
    a.get('/who', step, (req, res) => void res.json(partnerPrincipal(req) ?? null));
    a.use((err: ApiDomainError, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(err.status).json({ code: err.code, details: err.details });
    });
    return a;
  }

  it.each([
    ['the credentials', () => partnerAuthStep(credentials)],
    ['a verifier', () => partnerAuthStep(createPartnerVerifier(credentials))],
  ])('built from %s: attaches the principal, or passes the 401 on', async (_from, stepOf) => {
    const step = stepOf();
    const ok = await request(app(step)).get('/who').set('authorization', 'Bearer bearer-key-2');
    expect([ok.status, ok.body]).toEqual([200, { api: 'partner', partnerId: 'p-both', scheme: 'bearer', credential: 'bearer-key-2' }]);
    const no = await request(app(step)).get('/who').set('authorization', 'Bearer nope');
    expect([no.status, no.body]).toEqual([401, { code: '1001', details: 'API key not set properly in Authorization: unknown API key' }]);
  });
});
