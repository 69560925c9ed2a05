import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from './fake-fetch.ts';
import { PartnerApiError, unwrap } from './errors.ts';
import { createPartnerClient, type PartnerClientOptions } from './partner.ts';

const registration = {
  registration: {
    business_name: 'Acme', first_name: 'Jane', last_name: 'Doe', email: 'jane@acme.example.com',
    password: 'correct-horse', password_confirmation: 'correct-horse', terms_of_service: 'true',
  },
} as const;

describe('createPartnerClient', () => {
  it('Bearer: Authorization: Bearer <API_KEY>', async () => {
    const f = fakeFetch([json({ status: 1, message: 'ok' }, 201)]);
    const p = createPartnerClient({ baseUrl: 'http://127.0.0.1:8080/partner/v1', apiKey: 'demo-partner-key', fetch: f.fetch });
    await p.POST('/user_registration', { body: registration });
    const r = f.last();
    expect(r.method).toBe('POST');
    expect(r.url).toBe('http://127.0.0.1:8080/partner/v1/user_registration');
    expect(Object.fromEntries(r.headers)).toEqual({ authorization: 'Bearer demo-partner-key', 'content-type': 'application/json', 'idempotency-key': expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/) });
    expect(JSON.parse(await r.text())).toEqual(registration);
  });

  it('Basic: the exact base64 of username:password', async () => {
    const f = fakeFetch([json({ status: 1, message: 'ok' }, 201)]);
    const p = createPartnerClient({ baseUrl: 'http://127.0.0.1:8080', username: 'demo-partner', password: 'demo-partner-secret', fetch: f.fetch });
    await p.POST('/user_registration', { body: registration });
    expect(f.last().url).toBe('http://127.0.0.1:8080/partner/v1/user_registration');
    expect(f.last().headers.get('authorization')).toBe('Basic ZGVtby1wYXJ0bmVyOmRlbW8tcGFydG5lci1zZWNyZXQ=');
    expect(Buffer.from('ZGVtby1wYXJ0bmVyOmRlbW8tcGFydG5lci1zZWNyZXQ=', 'base64').toString()).toBe('demo-partner:demo-partner-secret');
  });

  it('refuses both styles at once, or neither', () => {
    const both = { baseUrl: 'http://h', apiKey: 'k', username: 'u', password: 'p' } as unknown as PartnerClientOptions;
    expect(() => createPartnerClient(both)).toThrow(/either \{ apiKey \}/);
    expect(() => createPartnerClient({ baseUrl: 'http://h' } as unknown as PartnerClientOptions)).toThrow(/either/);
    expect(() => createPartnerClient({ baseUrl: 'http://h', username: 'u', password: '' })).toThrow(/both username and password/);
  });

  it('unwrap: a refused registration (P2) gives PartnerApiError with its messages', async () => {
    const body = { status: 0, message: ['registration.email has already been registered'] };
    const f = fakeFetch([json(body, 422)]);
    const p = createPartnerClient({ baseUrl: 'http://h', apiKey: 'k', fetch: f.fetch });
    const e = (await unwrap(p.POST('/user_registration', { body: registration })).catch((x: unknown) => x)) as PartnerApiError;
    expect(e).toBeInstanceOf(PartnerApiError);
    expect(e).toMatchObject({ status: 422, code: undefined, messages: body.message, body, title: 'Registration refused' });
    expect(e.message).toContain('registration.email has already been registered');
  });

  it('unwrap: a PartnerError gives code and source', async () => {
    const body = { title: 'Duplicate e-mail', code: '2003', details: 'exists', source: [{ 'user.email': 'has already been registered' }] };
    const f = fakeFetch([json(body, 422)]);
    const p = createPartnerClient({ baseUrl: 'http://h', apiKey: 'k', fetch: f.fetch });
    const e = (await unwrap(p.POST('/merchant_applications', { body: {} as never })).catch((x: unknown) => x)) as PartnerApiError;
    expect(e).toMatchObject({ status: 422, code: '2003', title: 'Duplicate e-mail', source: body.source, messages: [] });
  });
});
