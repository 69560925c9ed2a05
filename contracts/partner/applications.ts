// Merchant application (section 2 "Merchant application" and 4.2 of the partner document): the
// `user` and the nested `merchant_application` of the request, and the confirmation it answers.
import { TEXT_LIMITS } from '../shared/limits.ts';
import { countryCode, decimalString, email, fiatCurrency } from '../shared/primitives.ts';
import { z } from '../shared/zod.ts';

/** Maximum length of the company description (section 8). */
export const DESCRIPTION_MAX_LENGTH = 255;

// The document gives no character classes for names, addresses or phones of the JSON bodies:
// required strings are non-empty, optional ones free text (decision P-fields).
const requiredText = (description: string, example: string) =>
  z.string().min(1).max(TEXT_LIMITS.reference).openapi({ description, example });
const optionalText = (description: string, example: string) =>
  z.string().max(TEXT_LIMITS.reference).optional().openapi({ description, example });

export const TypeOfCompanySchema = z
  .enum(['Personal', 'Corporation', 'Partnership'])
  .openapi('TypeOfCompany', { description: 'Legal form of the company', example: 'Corporation' });
export const ProcessingMethodSchema = z
  .enum(['online', 'in_store', 'both'])
  .openapi('ProcessingMethod', { description: 'Where the merchant takes payments', example: 'online' });
export const DocumentationAvailableSchema = z
  .enum(['yes', 'no', 'currently_obtaining'])
  .openapi('DocumentationAvailable', { description: 'Whether company documentation is available', example: 'yes' });

// Named once so the 249 codes appear in the document once, not per address field.
export const CountryCodeSchema = countryCode().openapi('CountryCode', {
  description: 'ISO 3166-1 alpha-2 country code (two upper-case letters)',
});

/** Text made of digits with an optional decimal part ("Numeric text"), e.g. `25000` or `25000.50`. */
export const processingVolume = () =>
  decimalString('Expected processing volume as numeric text: digits, optionally a decimal part (`25000`, `25000.50`)', '25000');

/** A website: an absolute http or https URL. */
export const websiteUrl = () =>
  z.url({ protocol: /^https?$/ }).max(TEXT_LIMITS.url).openapi({ description: 'Website URL (absolute, http or https)', example: 'https://acme.example.com' });

export const MerchantApplicationUserSchema = z
  .object({
    first_name: requiredText('First name of the applicant', 'Jane'),
    last_name: requiredText('Last name of the applicant', 'Doe'),
    email: email('E-mail address of the applicant; named in the confirmation message', 'jane@acme.example.com'),
    business_name: requiredText('Business name', 'Acme Widgets'),
    special_offers: z.boolean().optional().openapi({ description: 'Whether the user wants special offers', example: false }),
    currency: fiatCurrency('Fiat currency of processing: USD, CAD or EUR; any other value answers 422 code 2004').optional(),
  })
  .openapi('MerchantApplicationUser', { description: 'The applicant (`user` of the request).' });

export const CompanyAddressSchema = z
  .object({
    address: requiredText('Street address', '100 King St W'),
    city: requiredText('City', 'Toronto'),
    state: requiredText('State or province', 'Ontario'),
    zip: requiredText('Postal or zip code', 'M5X 1A9'),
    country_code: CountryCodeSchema,
  })
  .openapi('CompanyAddress', { description: 'Address of the company; every field required.' });

export const CompanyDetailSchema = z
  .object({
    company_name: requiredText('Company name', 'Acme Widgets Inc.'),
    dba: optionalText('Display name ("doing business as")', 'Acme'),
    type_of_company: TypeOfCompanySchema,
    processing_method: ProcessingMethodSchema,
    documentation_available: DocumentationAvailableSchema,
    processing_volume: processingVolume().optional(),
    website: websiteUrl().optional(),
    description: z
      .string()
      .min(1)
      .max(DESCRIPTION_MAX_LENGTH)
      .openapi({ description: `What the company sells; at most ${DESCRIPTION_MAX_LENGTH} characters`, example: 'Hand-made widgets sold online' }),
    phone_number: requiredText('Company phone number (free text: the document gives no rule for the JSON field)', '4165550100'),
    address_attributes: CompanyAddressSchema,
  })
  .openapi('CompanyDetail', { description: '`merchant_application.company_detail_attributes`: the company.' });

export const CompanyContactSchema = z
  .object({
    administrative_name: requiredText('Name of the administrative contact', 'Jane Doe'),
    administrative_phone: requiredText('Phone of the administrative contact', '4165550100'),
    administrative_email: email('E-mail of the administrative contact', 'admin@acme.example.com'),
    technical_name: optionalText('Name of the technical contact', 'John Roe'),
    technical_phone: optionalText('Phone of the technical contact', '4165550101'),
    technical_email: email('E-mail of the technical contact', 'tech@acme.example.com').optional(),
  })
  .openapi('CompanyContact', { description: '`merchant_application.company_contact_attributes`: who to contact.' });

export const MailingAddressSchema = z
  .object({
    address: optionalText('Street address', 'PO Box 123'),
    city: optionalText('City', 'Toronto'),
    state: optionalText('State or province', 'Ontario'),
    zip: optionalText('Postal or zip code', 'M5W 1A1'),
    country_code: CountryCodeSchema.optional(),
  })
  .openapi('MailingAddress', { description: 'Mailing address if it differs from the company address; every field optional.' });

export const MailingAddressAttributesSchema = z
  .object({ address_attributes: MailingAddressSchema.optional() })
  .openapi('MailingAddressAttributes', { description: '`merchant_application.mailing_address_attributes`.' });

export const MerchantApplicationSchema = z
  .object({
    company_detail_attributes: CompanyDetailSchema,
    company_contact_attributes: CompanyContactSchema,
    mailing_address_attributes: MailingAddressAttributesSchema.optional(),
  })
  .openapi('MerchantApplication', { description: 'The application (`merchant_application` of the request).' });

export const CreateMerchantApplicationRequestSchema = z
  .object({ user: MerchantApplicationUserSchema, merchant_application: MerchantApplicationSchema })
  .openapi('CreateMerchantApplicationRequest', {
    description: 'Body of `POST /merchant_applications`: the applicant under `user`, the company under `merchant_application`.',
  });
export type CreateMerchantApplicationRequest = z.infer<typeof CreateMerchantApplicationRequestSchema>;

export const MerchantApplicationCreatedSchema = z
  .object({
    success: z.literal(true).openapi({ description: 'Always `true` on this response; failures use the error body', example: true }),
    message: z.string().max(TEXT_LIMITS.message).openapi({
      description: "Submission confirmation naming the applicant's e-mail",
      example: 'Merchant application submitted. jane@acme.example.com will receive an e-mail once it is approved.',
    }),
  })
  .openapi('MerchantApplicationCreated', {
    description: 'Application accepted and stored as `submitted`; approval happens out of band (decision P-states).',
  });
export type MerchantApplicationCreated = z.infer<typeof MerchantApplicationCreatedSchema>;
