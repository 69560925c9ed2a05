// The partner API: Bearer or Basic (P1), the partner error body with `source`, registration's own
// `{status: 0, message: [...]}` for validation failures (P2), 2004 for an unknown currency.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from '../contracts/shared/primitives.ts';
import { createMerchantApplicationRequestExample, registerUserRequestExample } from '../contracts/partner/examples.ts';
import { testServer } from '../server/testing.ts';
import { PARTNER_BASIC, PARTNER_BEARER, basic, exampleHandlers } from './server-helpers.ts';

const make = (handlers = {}) =>
  testServer({ config: { rateLimit: { enabled: false }, bodyLimit: '4kb' }, handlers: { partner: { ...exampleHandlers.partner, ...handlers } } });
/** `null`: no Authorization header. */
const register = (app: ReturnType<typeof make>['app'], auth: string | null = PARTNER_BEARER) => {
  const req = request(app).post('/partner/v1/user_registration');
  return auth === null ? req : req.set('Authorization', auth);
};

describe('partner auth (P1)', () => {
  it('accepts Bearer <API_KEY> and Basic key:secret, and hands the principal to the handler', async () => {
    const seen: unknown[] = [];
    const { app } = make({
      registerUser: ({ principal }: { principal: unknown }) => {
        seen.push(principal);
        return { status: 201, body: { status: 1, message: 'ok' } };
      },
    });
    expect((await register(app, PARTNER_BEARER).send(registerUserRequestExample)).status).toBe(201);
    expect((await register(app, PARTNER_BASIC).send(registerUserRequestExample)).status).toBe(201);
    expect(seen).toEqual([
      { api: 'partner', partnerId: 'demo-partner', scheme: 'bearer', credential: 'demo-partner-key' },
      { api: 'partner', partnerId: 'demo-partner', scheme: 'basic', credential: 'demo-partner' },
    ]);
  });

  it.each([
    ['no header', null],
    ['a wrong Bearer key', 'Bearer nope'],
    ['a wrong Basic secret', basic('demo-partner', 'nope')],
    ['the Bearer key sent as Basic', basic('demo-partner-key', '')],
    ['another scheme', 'Digest x'],
  ])('401 code 1001 for %s', async (_name, auth) => {
    const res = await register(make().app, auth).send(registerUserRequestExample);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ title: 'Unauthorized', code: '1001', details: expect.stringMatching(/^API key not set properly in Authorization/) });
  });
});

describe('partner error mapping', () => {
  it('registration validation failures answer 422 {status: 0, message: [...]} naming each field (P2)', async () => {
    const body = { registration: { ...registerUserRequestExample.registration, email: 'nope', password_confirmation: 'different-pass' } };
    const res = await register(make().app).send(body);
    expect(res.status).toBe(422);
    // What the document states is checked first; the confirmation, a rule JSON Schema cannot state,
    // is the handler's own check, so it is reported once the fields are valid.
    // The e-mail rule is written twice, as the document's pattern and as `format: email` (the same language).
    expect(res.body).toEqual({ status: 0, message: [`registration.email must match pattern "${EMAIL_PATTERN}"`] });
    const mismatch = await register(testServer({ config: { rateLimit: { enabled: false } } }).app).send({ registration: { ...registerUserRequestExample.registration, password_confirmation: 'different-pass' } });
    expect(mismatch.body).toEqual({ status: 0, message: ['registration.password_confirmation must equal password'] });
  });

  it('applications: 422 code 1002 with a source per field; an unknown user.currency alone is 2004', async () => {
    const { app } = make();
    const base = createMerchantApplicationRequestExample;
    const bad = { user: { ...base.user, email: 'x' }, merchant_application: { ...base.merchant_application, company_detail_attributes: { ...base.merchant_application.company_detail_attributes, type_of_company: 'Trust' } } };
    const res = await request(app).post('/partner/v1/merchant_applications').set('Authorization', PARTNER_BEARER).send(bad);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ title: 'Unprocessable Entity', code: '1002' });
    expect(res.body.source.map((s: object) => Object.keys(s)[0]).sort()).toEqual(['merchant_application.company_detail_attributes.type_of_company', 'user.email']);
    const currency = await request(app).post('/partner/v1/merchant_applications').set('Authorization', PARTNER_BEARER).send({ ...base, user: { ...base.user, currency: 'GBP' } });
    expect(currency.body).toMatchObject({ title: 'Invalid currency type', code: '2004', source: [{ 'user.currency': expect.any(String) }] });
  });

  it('generic bodies for malformed JSON (400 1011), size (413 1008), media type (415 1010), routes (404 1004, 405 1009)', async () => {
    const { app } = make();
    const malformed = await register(app).set('Content-Type', 'application/json').send('{');
    expect([malformed.status, malformed.body.code, malformed.body.title]).toEqual([400, '1011', 'Malformed request body']);
    const large = await register(app).send({ registration: { ...registerUserRequestExample.registration, business_name: 'x'.repeat(5000) } });
    expect([large.status, large.body.code]).toEqual([413, '1008']);
    const xml = await register(app).set('Content-Type', 'application/xml').send('<registration/>');
    expect([xml.status, xml.body.code]).toEqual([415, '1010']);
    const missing = await request(app).get('/partner/v1/users').set('Authorization', PARTNER_BEARER);
    expect([missing.status, missing.body.code]).toEqual([404, '1004']);
    const method = await request(app).get('/partner/v1/user_registration').set('Authorization', PARTNER_BEARER);
    expect([method.status, method.body.code, method.headers.allow]).toEqual([405, '1009', 'POST']);
  });

  it('500 code 1005 for an unexpected exception in a handler', async () => {
    const { app } = make({
      registerUser: () => {
        throw new Error('boom');
      },
    });
    const res = await register(app).send(registerUserRequestExample);
    expect([res.status, res.body]).toEqual([500, { title: 'Internal Server Error', code: '1005', details: 'Internal server error' }]);
  });
});
