// The partner reference implementation through HTTP, response validation on: registration (P2)
// and merchant applications (2003, 2004).
import { describe, expect, it } from 'vitest';
import { createMerchantApplicationRequestExample as application } from '../contracts/partner/examples.ts';
import { verifyPassword } from '../server/partner/reference/index.ts';
import { sandboxServer } from './sandbox-helpers.ts';

const registration = (o: Record<string, unknown> = {}) => ({
  registration: {
    business_name: 'Acme Widgets', first_name: 'Jane', last_name: 'Doe', email: 'jane@acme.example.com',
    password: 'correct-horse-battery', password_confirmation: 'correct-horse-battery', terms_of_service: 'true', ...o,
  },
});
const withUser = (o: Record<string, unknown>) => ({ ...application, user: { ...application.user, ...o } });

describe('user registration (P2)', () => {
  it('answers 201 {status: 1, message} and stores an inactive user with a hashed password', async () => {
    const s = sandboxServer();
    const r = await s.partnerPost('/user_registration', registration());
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ status: 1, message: expect.stringMatching(/confirm your e-mail/) });
    const [user] = await s.partner.store.registrations.find();
    expect(user).toMatchObject({ email: 'jane@acme.example.com', status: 'inactive', partner_id: 'demo-partner' });
    expect(user!.password_hash).not.toContain('correct-horse-battery');
    expect(await verifyPassword('correct-horse-battery', user!.password_hash)).toBe(true);
  });

  it.each([
    ['a password under 8 characters', { password: 'short12', password_confirmation: 'short12' }, 'registration.password'],
    ['a confirmation that differs', { password_confirmation: 'correct-horse-batterz' }, 'registration.password_confirmation'],
    ['terms_of_service not "true"', { terms_of_service: 'false' }, 'registration.terms_of_service'],
    ['terms_of_service as a boolean', { terms_of_service: true }, 'registration.terms_of_service'],
    ['an invalid e-mail', { email: 'jane.acme.example.com' }, 'registration.email'],
    ['a missing business name', { business_name: undefined }, 'registration.business_name'],
  ])('answers 422 {status: 0, message: [...]} for %s', async (_, o, field) => {
    const s = sandboxServer();
    const r = await s.partnerPost('/user_registration', registration(o));
    expect(r.status).toBe(422);
    expect(r.body.status).toBe(0);
    expect(r.body.message).toEqual(expect.arrayContaining([expect.stringContaining(field)]));
    expect(await s.partner.store.registrations.find()).toEqual([]);
  });

  it('refuses a second registration with the same e-mail, whatever its case', async () => {
    const s = sandboxServer();
    expect((await s.partnerPost('/user_registration', registration())).status).toBe(201);
    const again = await s.partnerPost('/user_registration', registration({ email: 'JANE@acme.example.com' }));
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ status: 0, message: ['registration.email has already been registered'] });
  });

  it('needs a partner credential (401 code 1001), Bearer or Basic', async () => {
    const s = sandboxServer();
    const request = (await import('supertest')).default;
    const none = await request(s.app).post('/partner/v1/user_registration').send(registration());
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: '1001' });
    const basic = await request(s.app).post('/partner/v1/user_registration').auth('demo-partner', 'demo-partner-secret').send(registration());
    expect(basic.status).toBe(201);
  });
});

describe('merchant applications', () => {
  it('answer 201 with a confirmation naming the applicant e-mail, and are stored as submitted', async () => {
    const s = sandboxServer();
    const r = await s.partnerPost('/merchant_applications', application);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ success: true, message: expect.stringContaining('jane@acme.example.com') });
    const [stored] = await s.partner.store.applications.find();
    expect(stored).toMatchObject({ status: 'submitted', partner_id: 'demo-partner', request: application });
  });

  it('answer 422 code 2004 naming user.currency for an invalid currency', async () => {
    const s = sandboxServer();
    const r = await s.partnerPost('/merchant_applications', withUser({ currency: 'GBP' }));
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: '2004', title: 'Invalid currency type', source: [{ 'user.currency': expect.any(String) }] });
  });

  it('answer 422 code 2003 for an e-mail that already has an account or an application', async () => {
    const s = sandboxServer();
    await s.partnerPost('/user_registration', registration({ email: 'taken@example.com' }));
    const r = await s.partnerPost('/merchant_applications', withUser({ email: 'taken@example.com' }));
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: '2003', source: [{ 'user.email': 'has already been registered' }] });
    expect((await s.partnerPost('/merchant_applications', application)).status).toBe(201);
    expect((await s.partnerPost('/merchant_applications', application)).body.code).toBe('2003');
    const reg = await s.partnerPost('/user_registration', registration());
    expect(reg.body).toEqual({ status: 0, message: ['registration.email has already been registered'] });
  });

  it('answer 422 code 1002 naming each bad field', async () => {
    const s = sandboxServer();
    const bad = structuredClone(application) as { merchant_application: { company_detail_attributes: Record<string, unknown> } };
    bad.merchant_application.company_detail_attributes.description = 'x'.repeat(256);
    bad.merchant_application.company_detail_attributes.type_of_company = 'LLC';
    const r = await s.partnerPost('/merchant_applications', bad);
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('1002');
    const fields = r.body.source.flatMap((o: object) => Object.keys(o));
    expect(fields).toEqual(expect.arrayContaining([
      'merchant_application.company_detail_attributes.description', 'merchant_application.company_detail_attributes.type_of_company',
    ]));
  });
});
