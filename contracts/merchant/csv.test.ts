// CSV invoice rows (section 2.12): strings as read from the file, empty cell = absent.
import { describe, expect, it } from 'vitest';
import { INVOICE_CSV_COLUMNS, INVOICE_CSV_MAX_ROWS, InvoiceCsvRowSchema } from './csv.ts';

const row = (over: Record<string, string | undefined> = {}) => ({
  invoice_number: 'INV1', email: 'a@example.com', amount: '1000.50', include_fee: 'false',
  company_name: '', first_name: 'Jane', last_name: 'Doe', ...over,
});

describe('InvoiceCsvRowSchema', () => {
  it('names the columns of the document, include_fee for the brand-named fee column', () => {
    expect(INVOICE_CSV_COLUMNS).toEqual(['invoice_number', 'email', 'amount', 'include_fee', 'company_name', 'first_name', 'last_name']);
    expect(INVOICE_CSV_MAX_ROWS).toBe(1000);
  });
  it.each([
    ['first and last name, empty company', row(), true],
    ['company only', row({ company_name: 'Acme', first_name: '', last_name: '' }), true],
    ['company, missing name columns', row({ company_name: 'Acme', first_name: undefined, last_name: undefined }), true],
    ['no company, first name only', row({ last_name: '' }), false],
    ['no name at all', row({ first_name: '', last_name: '' }), false],
    ['empty invoice_number (generated)', row({ invoice_number: '' }), true],
    ['invoice_number with "-"', row({ invoice_number: 'INV-1' }), false],
    ['amount with a thousands separator', row({ amount: '1,000.50' }), false],
    ['empty amount', row({ amount: '' }), false],
    ['include_fee "true"', row({ include_fee: 'true' }), true],
    ['include_fee "yes"', row({ include_fee: 'yes' }), false],
    ['include_fee empty', row({ include_fee: '' }), false],
    ['a bad e-mail', row({ email: 'a@' }), false],
    ['a name with digits', row({ first_name: 'J4ne' }), false],
  ])('%s', (_what, input, ok) => expect(InvoiceCsvRowSchema.safeParse(input).success).toBe(ok));

  it('names every missing name cell', () => {
    const issues = InvoiceCsvRowSchema.safeParse(row({ first_name: '', last_name: '' })).error!.issues;
    expect(issues.map((i) => i.path.join('.')).sort()).toEqual(['company_name', 'first_name', 'last_name']);
  });
});
