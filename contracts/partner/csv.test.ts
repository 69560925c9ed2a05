// The merchant import CSV row (P3): cells are strings as read from the file, an empty optional cell
// is absent, required cells are non-empty, and the document's rules hold per column.
import { describe, expect, it } from 'vitest';
import { MAX_CSV_ROWS, MERCHANT_CSV_COLUMNS, MERCHANT_CSV_ROW_EXAMPLE, MerchantCsvRowSchema } from './csv.ts';

/** A record as a CSV reader gives it: every column present, empty cells as "". */
const record = (patch: Record<string, string> = {}): Record<string, string> => ({
  ...Object.fromEntries(MERCHANT_CSV_COLUMNS.map((column) => [column, ''])),
  ...MERCHANT_CSV_ROW_EXAMPLE,
  ...patch,
});
const badColumns = (patch: Record<string, string>) =>
  (MerchantCsvRowSchema.safeParse(record(patch)).error?.issues ?? []).map((issue) => issue.path.join('.'));

const REQUIRED = [
  'first_name', 'last_name', 'email', 'phone_number', 'company_name', 'processing_method', 'documentation_available',
  'type_of_company', 'description', 'address_address', 'address_city', 'address_state', 'address_zip',
  'address_country_code', 'administrative_contact_name', 'administrative_contact_phone', 'administrative_contact_email',
];

describe('MerchantCsvRowSchema', () => {
  it('limits: 1000 rows, 26 columns', () => {
    expect(MAX_CSV_ROWS).toBe(1000);
    expect(MERCHANT_CSV_COLUMNS).toHaveLength(26);
    expect(new Set(MERCHANT_CSV_COLUMNS).size).toBe(26);
  });

  it('the documented example is valid', () => {
    expect(MerchantCsvRowSchema.safeParse(MERCHANT_CSV_ROW_EXAMPLE).error?.issues).toBeUndefined();
  });

  it('turns empty optional cells into absent fields', () => {
    const parsed = MerchantCsvRowSchema.parse(record({ user_currency: '' }));
    for (const column of MERCHANT_CSV_COLUMNS.filter((c) => !REQUIRED.includes(c))) {
      expect(parsed[column as keyof typeof parsed], column).toBeUndefined();
    }
    expect(Object.keys(parsed).filter((k) => parsed[k as keyof typeof parsed] !== undefined).sort()).toEqual([...REQUIRED].sort());
  });

  it.each(REQUIRED)('an empty %s cell is an error on that column', (column) => {
    expect(badColumns({ [column]: '' })).toEqual([column]);
  });

  it('keeps filled optional cells', () => {
    const parsed = MerchantCsvRowSchema.parse(record({ dba: 'Acme', mailing_address_country_code: 'US', processing_volume: 'about 5k', website: 'acme.example.com' }));
    expect(parsed).toMatchObject({ dba: 'Acme', mailing_address_country_code: 'US', processing_volume: 'about 5k', website: 'acme.example.com' });
  });

  it.each([
    ['email', 'jane.example.com'],
    ['phone_number', '416-555-0100'],
    ['phone_number', '+14165550100'],
    ['processing_method', 'ONLINE'],
    ['documentation_available', 'maybe'],
    ['type_of_company', 'LLC'],
    ['description', 'x'.repeat(256)],
    ['address_country_code', 'Canada'],
    ['mailing_address_country_code', 'ZZ'],
    ['administrative_contact_email', 'admin'],
    ['user_currency', 'GBP'],
  ])('rejects %s = %j, naming the column', (column, value) => {
    expect(badColumns({ [column]: value })).toEqual([column]);
  });

  it('description of exactly 255 characters is accepted', () => {
    expect(badColumns({ description: 'x'.repeat(255) })).toEqual([]);
  });

  it('reports every bad cell of a row, one issue each', () => {
    expect(badColumns({ email: 'x', phone_number: 'y', user_currency: 'z' })).toEqual(['email', 'phone_number', 'user_currency']);
  });
});
