// Every example of the partner contract validates against its own schema, and the Zod schemas
// enforce the rules of the partner document (required-ness, formats, limits, cross-field rule).
import { describe, expect, it } from 'vitest';
import { PartnerErrorSchema } from '../shared/errors.ts';
import type { z } from '../shared/zod.ts';
import { CreateMerchantApplicationRequestSchema } from './applications.ts';
import {
  createMerchantApplicationRequestExample,
  duplicateEmailErrorExample,
  invalidCurrencyErrorExample,
  registerUserRequestExample,
  registrationDuplicateExample,
} from './examples.ts';
import { partnerOperations } from './operations.ts';
import type { OperationMap } from '../shared/operation.ts';
import { RegisterUserRequestSchema, RegistrationFailureSchema, RegistrationSuccessSchema } from './registration.ts';

const issuePaths = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('examples validate against their schemas', () => {
  // Read as plain OperationSpecs: an operation without a request (a GET) has no `request` key at all.
  const cases = Object.entries(partnerOperations as OperationMap).flatMap(([id, op]) => [
    ...(op.request?.body ? [[`${id} request body`, op.request.body.schema, op.request.body.example] as const] : []),
    ...Object.entries(op.responses).map(([status, r]) => [`${id} ${status}`, r.schema!, r.example] as const),
  ]);
  it.each(cases)('%s', (_name, schema, example) => {
    expect(example).toBeDefined();
    expect(schema.safeParse(example).error?.issues).toBeUndefined();
  });

  it('the 2004, 2003 and duplicate-registration bodies named in the descriptions', () => {
    expect(PartnerErrorSchema.parse(invalidCurrencyErrorExample).source).toEqual([{ 'user.currency': expect.any(String) }]);
    expect(PartnerErrorSchema.parse(duplicateEmailErrorExample).code).toBe('2003');
    expect(RegistrationFailureSchema.parse(registrationDuplicateExample).status).toBe(0);
  });
});

describe('registration rules', () => {
  const body = (patch: Record<string, unknown>) => ({ registration: { ...registerUserRequestExample.registration, ...patch } });

  it('requires every field, non-empty', () => {
    for (const key of Object.keys(registerUserRequestExample.registration)) {
      expect(issuePaths(RegisterUserRequestSchema, body({ [key]: undefined })), key).toContain(`registration.${key}`);
      expect(issuePaths(RegisterUserRequestSchema, body({ [key]: '' })), key).toContain(`registration.${key}`);
    }
  });

  it('password: at least 8 characters', () => {
    expect(issuePaths(RegisterUserRequestSchema, body({ password: '1234567', password_confirmation: '1234567' }))).toEqual(['registration.password']);
    expect(RegisterUserRequestSchema.safeParse(body({ password: '12345678', password_confirmation: '12345678' })).success).toBe(true);
  });

  it('password_confirmation must equal password, reported on the confirmation', () => {
    expect(issuePaths(RegisterUserRequestSchema, body({ password_confirmation: 'something-else' }))).toEqual(['registration.password_confirmation']);
  });

  it('terms_of_service must be the string "true"', () => {
    for (const bad of [true, 'false', 'TRUE', 1]) {
      expect(issuePaths(RegisterUserRequestSchema, body({ terms_of_service: bad }))).toEqual(['registration.terms_of_service']);
    }
  });

  it('email must be an e-mail address', () => {
    expect(issuePaths(RegisterUserRequestSchema, body({ email: 'jane.example.com' }))).toEqual(['registration.email']);
  });

  it('success is status 1 with a string; failure status 0 with a non-empty list', () => {
    expect(RegistrationSuccessSchema.safeParse({ status: 0, message: 'ok' }).success).toBe(false);
    expect(RegistrationSuccessSchema.safeParse({ status: 1, message: ['ok'] }).success).toBe(false);
    expect(RegistrationFailureSchema.safeParse({ status: 0, message: [] }).success).toBe(false);
    expect(RegistrationFailureSchema.safeParse({ status: 0, message: 'bad' }).success).toBe(false);
  });
});

describe('merchant application rules', () => {
  const base = createMerchantApplicationRequestExample;
  const detail = (patch: Record<string, unknown>) => ({
    ...base,
    merchant_application: { ...base.merchant_application, company_detail_attributes: { ...base.merchant_application.company_detail_attributes, ...patch } },
  });
  const D = 'merchant_application.company_detail_attributes';

  it('accepts the minimal application: only required fields', () => {
    const { dba, processing_volume, website, ...requiredDetail } = base.merchant_application.company_detail_attributes;
    const minimal = {
      user: { first_name: 'Jane', last_name: 'Doe', email: 'jane@acme.example.com', business_name: 'Acme' },
      merchant_application: {
        company_detail_attributes: requiredDetail,
        company_contact_attributes: { administrative_name: 'Jane', administrative_phone: '1', administrative_email: 'a@b.co' },
      },
    };
    expect(CreateMerchantApplicationRequestSchema.safeParse(minimal).error?.issues).toBeUndefined();
    expect(CreateMerchantApplicationRequestSchema.safeParse({ ...minimal, merchant_application: { ...minimal.merchant_application, mailing_address_attributes: {} } }).success).toBe(true);
  });

  it('currency: USD, CAD or EUR only, reported on user.currency', () => {
    expect(issuePaths(CreateMerchantApplicationRequestSchema, { ...base, user: { ...base.user, currency: 'GBP' } })).toEqual(['user.currency']);
  });

  it('enums of type_of_company, processing_method and documentation_available', () => {
    expect(issuePaths(CreateMerchantApplicationRequestSchema, detail({ type_of_company: 'LLC', processing_method: 'mail', documentation_available: 'maybe' }))).toEqual([
      `${D}.type_of_company`, `${D}.processing_method`, `${D}.documentation_available`,
    ]);
  });

  it('description: required, at most 255 characters', () => {
    expect(CreateMerchantApplicationRequestSchema.safeParse(detail({ description: 'x'.repeat(255) })).success).toBe(true);
    expect(issuePaths(CreateMerchantApplicationRequestSchema, detail({ description: 'x'.repeat(256) }))).toEqual([`${D}.description`]);
    expect(issuePaths(CreateMerchantApplicationRequestSchema, detail({ description: '' }))).toEqual([`${D}.description`]);
  });

  it('processing_volume is numeric text; website an http(s) URL', () => {
    expect(CreateMerchantApplicationRequestSchema.safeParse(detail({ processing_volume: '25000.50' })).success).toBe(true);
    for (const bad of ['lots', '25,000', '-5']) {
      expect(issuePaths(CreateMerchantApplicationRequestSchema, detail({ processing_volume: bad }))).toEqual([`${D}.processing_volume`]);
    }
    for (const bad of ['acme.example.com', 'javascript:alert(1)']) {
      expect(issuePaths(CreateMerchantApplicationRequestSchema, detail({ website: bad }))).toEqual([`${D}.website`]);
    }
  });

  it('country codes: ISO 3166-1 alpha-2, upper case, on both addresses', () => {
    const address = base.merchant_application.company_detail_attributes.address_attributes;
    expect(issuePaths(CreateMerchantApplicationRequestSchema, detail({ address_attributes: { ...address, country_code: 'ca' } }))).toEqual([`${D}.address_attributes.country_code`]);
    const mailing = { ...base, merchant_application: { ...base.merchant_application, mailing_address_attributes: { address_attributes: { country_code: 'ZZ' } } } };
    expect(issuePaths(CreateMerchantApplicationRequestSchema, mailing)).toEqual(['merchant_application.mailing_address_attributes.address_attributes.country_code']);
  });

  it('JSON phone fields are free text (decision P-fields)', () => {
    expect(CreateMerchantApplicationRequestSchema.safeParse(detail({ phone_number: '+1 (416) 555-0100' })).success).toBe(true);
  });

  it('contact e-mails must be e-mail addresses', () => {
    const contact = { ...base.merchant_application.company_contact_attributes, administrative_email: 'nope', technical_email: 'nope' };
    const value = { ...base, merchant_application: { ...base.merchant_application, company_contact_attributes: contact } };
    expect(issuePaths(CreateMerchantApplicationRequestSchema, value)).toEqual([
      'merchant_application.company_contact_attributes.administrative_email',
      'merchant_application.company_contact_attributes.technical_email',
    ]);
  });
});
