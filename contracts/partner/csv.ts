// The CSV row of the partner-portal merchant import (sections 2 "CSV row", 4.3 and 8 of the
// partner document). No HTTP endpoint carries it; the CSV library and CLI validate files with it
// (decision P3), and the contract registers it as an extra schema so the docs show it.
import { TEXT_LIMITS } from '../shared/limits.ts';
import { email, fiatCurrency, phoneDigits } from '../shared/primitives.ts';
import { z } from '../shared/zod.ts';
import {
  CountryCodeSchema,
  DESCRIPTION_MAX_LENGTH,
  DocumentationAvailableSchema,
  ProcessingMethodSchema,
  TypeOfCompanySchema,
} from './applications.ts';

/** At most this many data rows per file (the header row not counted). */
export const MAX_CSV_ROWS = 1000;

/** Every column of the header row, in the order of the document's table. */
export const MERCHANT_CSV_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone_number',
  'company_name',
  'dba',
  'processing_method',
  'documentation_available',
  'processing_volume',
  'type_of_company',
  'description',
  'website',
  'address_address',
  'address_city',
  'address_state',
  'address_zip',
  'address_country_code',
  'mailing_address_address',
  'mailing_address_city',
  'mailing_address_state',
  'mailing_address_zip',
  'mailing_address_country_code',
  'administrative_contact_name',
  'administrative_contact_phone',
  'administrative_contact_email',
  'user_currency',
] as const;
export type MerchantCsvColumn = (typeof MERCHANT_CSV_COLUMNS)[number];

// Every cell is read as a string. A required cell must not be empty; an empty optional cell
// means "absent" (a CSV row cannot omit a column), so it is turned into undefined before the
// column's own rule runs: the rule then reports the real reason for a non-empty bad value.
const required = (description: string, example: string) => z.string().min(1).max(TEXT_LIMITS.reference).openapi({ description, example });
// The description sits on the inner schema: on the preprocess wrapper it would inline a named
// schema (the 249 country codes) instead of referencing it.
const optionalCell = <T extends z.ZodType>(schema: T, description: string) =>
  z.preprocess(
    (cell) => (cell === '' ? undefined : cell),
    schema.optional().openapi({ description: `${description}. Optional: an empty cell means absent.` }),
  );
const optionalText = (description: string, example: string) =>
  optionalCell(z.string().max(TEXT_LIMITS.reference).openapi({ example }), description);

/** A filled-in row as the docs show it (the empty optional cells left out). */
export const MERCHANT_CSV_ROW_EXAMPLE = {
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane@acme.example.com',
  phone_number: '4165550100',
  company_name: 'Acme Widgets Inc.',
  processing_method: 'online',
  documentation_available: 'yes',
  type_of_company: 'Corporation',
  description: 'Hand-made widgets',
  address_address: '100 King St W',
  address_city: 'Toronto',
  address_state: 'Ontario',
  address_zip: 'M5X 1A9',
  address_country_code: 'CA',
  administrative_contact_name: 'Jane Doe',
  administrative_contact_phone: '4165550100',
  administrative_contact_email: 'admin@acme.example.com',
  user_currency: 'CAD',
};

export const MerchantCsvRowSchema = z
  .object({
    first_name: required('First name of the merchant user', 'Jane'),
    last_name: required('Last name of the merchant user', 'Doe'),
    email: email('E-mail address of the merchant user', 'jane@acme.example.com'),
    phone_number: phoneDigits('Phone number, digits only', '4165550100'),
    company_name: required('Company name', 'Acme Widgets Inc.'),
    dba: optionalText('Display name ("doing business as")', 'Acme'),
    processing_method: ProcessingMethodSchema,
    documentation_available: DocumentationAvailableSchema,
    processing_volume: optionalText('Expected processing volume (no rule given for the CSV column)', '25000'),
    type_of_company: TypeOfCompanySchema,
    description: z
      .string()
      .min(1)
      .max(DESCRIPTION_MAX_LENGTH)
      .openapi({ description: `What the company sells; at most ${DESCRIPTION_MAX_LENGTH} characters`, example: 'Hand-made widgets' }),
    website: optionalText('Website (no rule given for the CSV column)', 'https://acme.example.com'),
    address_address: required('Company street address', '100 King St W'),
    address_city: required('Company city', 'Toronto'),
    address_state: required('Company state or province', 'Ontario'),
    address_zip: required('Company postal or zip code', 'M5X 1A9'),
    address_country_code: CountryCodeSchema,
    mailing_address_address: optionalText('Mailing street address', 'PO Box 123'),
    mailing_address_city: optionalText('Mailing city', 'Toronto'),
    mailing_address_state: optionalText('Mailing state or province', 'Ontario'),
    mailing_address_zip: optionalText('Mailing postal or zip code', 'M5W 1A1'),
    mailing_address_country_code: optionalCell(CountryCodeSchema, 'Mailing country: ISO 3166-1 alpha-2 code'),
    administrative_contact_name: required('Name of the administrative contact', 'Jane Doe'),
    administrative_contact_phone: required('Phone of the administrative contact (no rule given for the CSV column)', '4165550100'),
    administrative_contact_email: email('E-mail of the administrative contact', 'admin@acme.example.com'),
    user_currency: optionalCell(fiatCurrency(), 'Fiat currency of processing: USD, CAD or EUR'),
  })
  .openapi('MerchantCsvRow', {
    description:
      `One data row of the merchant import CSV (partner portal, not an HTTP endpoint). The file starts with a ` +
      `header row naming all ${MERCHANT_CSV_COLUMNS.length} columns and holds at most ${MAX_CSV_ROWS} data rows. ` +
      'Every cell is a string; empty optional cells count as absent. A file is accepted whole or not at all, ' +
      'with one error per bad cell naming its row and column (decision P3).',
    example: MERCHANT_CSV_ROW_EXAMPLE,
  });
/** A validated row: optional columns whose cell was empty are absent. */
export type MerchantCsvRow = z.infer<typeof MerchantCsvRowSchema>;
