import { describe, expect, it } from 'vitest';
import { INVOICE_CSV_COLUMNS } from '../../contracts/merchant/csv.ts';
import { MERCHANT_CSV_COLUMNS } from '../../contracts/partner/csv.ts';
import { invoiceRow, invoicesFile, merchantRow, merchantsFile } from './csv-fixtures.ts';
import { detectCsvKind, formatCsvError, validateInvoiceCsv, validateMerchantCsv } from './index.ts';

describe('merchant import CSV', () => {
  it('accepts good rows, empty optional cells becoming absent', () => {
    const r = validateMerchantCsv(merchantsFile([merchantRow(1), merchantRow(2, { dba: 'Acme', website: 'acme.example.com' })]));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rows).toHaveLength(2);
    expect(r.rows[0]).not.toHaveProperty('dba');
    expect(r.rows[0]).not.toHaveProperty('mailing_address_country_code');
    expect(r.rows[1]).toMatchObject({ email: 'merchant2@example.com', dba: 'Acme', user_currency: 'CAD' });
  });

  it('accepts a spreadsheet export: BOM, CRLF, quoted commas and quotes, columns in another order', () => {
    const cols = [...MERCHANT_CSV_COLUMNS].reverse();
    const row = merchantRow(1, { description: 'Widgets, gadgets and "gizmos"\nsince 1999', company_name: 'Acme, Inc.' });
    const text = `\uFEFF${cols.join(',')}\r\n${cols.map((c) => (/[",\n]/.test(row[c]!) ? `"${row[c]!.replace(/"/g, '""')}"` : row[c])).join(',')}\r\n`;
    const r = validateMerchantCsv(text);
    expect(r.ok && r.rows[0]).toMatchObject({ company_name: 'Acme, Inc.', description: 'Widgets, gadgets and "gizmos"\nsince 1999' });
  });

  it('reports one error per bad cell with its row and column, and accepts nothing', () => {
    const text = merchantsFile([
      merchantRow(1),
      merchantRow(2, { email: 'not-an-email', phone_number: '416-555-0100', processing_method: 'mail' }),
      merchantRow(3, { description: 'x'.repeat(256), address_country_code: 'XX', first_name: '' }),
      merchantRow(4, { user_currency: 'GBP', mailing_address_country_code: 'ca' }),
    ]);
    const r = validateMerchantCsv(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.row, e.line, e.column])).toEqual([
      [2, 3, 'email'], [2, 3, 'phone_number'], [2, 3, 'processing_method'],
      [3, 4, 'first_name'], [3, 4, 'description'], [3, 4, 'address_country_code'],
      [4, 5, 'mailing_address_country_code'], [4, 5, 'user_currency'],
    ]);
    expect(r.errors.find((e) => e.column === 'first_name')?.message).toBe('is required (the cell is empty)');
    expect(formatCsvError(r.errors[0]!)).toMatch(/^row 2 \(line 3\), column email: /);
    expect(r).not.toHaveProperty('rows');
  });

  it('accepts 1000 rows and refuses 1001', () => {
    const rows = Array.from({ length: 1001 }, (_, i) => merchantRow(i + 1));
    expect(validateMerchantCsv(merchantsFile(rows.slice(0, 1000))).ok).toBe(true);
    const r = validateMerchantCsv(merchantsFile(rows));
    expect(r).toEqual({ ok: false, errors: [{ row: null, line: null, column: null, message: 'the file has 1001 data rows; at most 1000 are accepted (split it)' }] });
  });

  it('refuses the same e-mail twice, whatever its case', () => {
    const r = validateMerchantCsv(merchantsFile([merchantRow(1), merchantRow(2), merchantRow(3, { email: 'MERCHANT1@example.com' })]));
    expect(!r.ok && r.errors).toEqual([{ row: 3, line: 4, column: 'email', message: 'the same e-mail as row 1' }]);
  });

  it('reports missing, unknown and repeated header columns, and rows of the wrong width', () => {
    const cols = MERCHANT_CSV_COLUMNS.filter((c) => c !== 'dba' && c !== 'website');
    const header = [...cols, 'fax', 'fax'].join(',');
    const r = validateMerchantCsv(`${header}\n`);
    expect(!r.ok && r.errors.map((e) => [e.column, e.message.split(';')[0]])).toEqual([
      ['fax', 'the header names this column 2 times'],
      ['dba', 'column missing from the header'],
      ['website', 'column missing from the header'],
      ['fax', 'unknown column'],
    ]);
    const narrow = validateMerchantCsv(`${MERCHANT_CSV_COLUMNS.join(',')}\na,b,c\n`);
    expect(!narrow.ok && narrow.errors).toEqual([{ row: 1, line: 2, column: null, message: 'has 3 cells; the header has 26' }]);
  });

  it('refuses an empty file and malformed quoting, with the line', () => {
    expect(validateMerchantCsv('')).toMatchObject({ ok: false, errors: [{ message: expect.stringMatching(/^the file is empty/) }] });
    const r = validateMerchantCsv(`${MERCHANT_CSV_COLUMNS.join(',')}\n"unclosed,x\n`);
    expect(r).toMatchObject({ ok: false, errors: [{ row: null, line: 2, message: 'malformed CSV: a quoted cell is never closed' }] });
  });

  it('accepts a file with a header and no rows', () => {
    expect(validateMerchantCsv(`${MERCHANT_CSV_COLUMNS.join(',')}\n`)).toEqual({ ok: true, rows: [] });
  });
});

describe('invoice upload CSV', () => {
  it('accepts good rows: an empty invoice_number is generated later, a person instead of a company', () => {
    const r = validateInvoiceCsv(invoicesFile([invoiceRow(1), invoiceRow(2, { invoice_number: '', company_name: '', first_name: 'Jane', last_name: 'Doe' })]));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.rows[1]).toEqual({ email: 'ap2@example.com', amount: '150.00', include_fee: 'false', first_name: 'Jane', last_name: 'Doe' });
  });

  it('reports bad cells, the naming rule per missing cell, and duplicate invoice numbers', () => {
    const r = validateInvoiceCsv(invoicesFile([
      invoiceRow(1, { amount: '1,500.00', include_fee: 'yes' }),
      invoiceRow(2, { company_name: '', first_name: 'Jane' }),
      invoiceRow(3, { invoice_number: 'INV1', email: '' }),
    ]));
    expect(!r.ok && r.errors.map((e) => [e.row, e.column])).toEqual([
      [1, 'amount'], [1, 'include_fee'],
      [2, 'company_name'], [2, 'last_name'],
      [3, 'invoice_number'], [3, 'email'],
    ]);
    expect(!r.ok && r.errors.find((e) => e.row === 2)?.message).toMatch(/company_name.*first_name.*last_name/);
    expect(!r.ok && r.errors.find((e) => e.row === 3 && e.column === 'invoice_number')?.message).toBe('the same invoice number as row 1');
  });

  it('accepts 1000 rows and refuses 1001', () => {
    const rows = Array.from({ length: 1001 }, (_, i) => invoiceRow(i + 1));
    const accepted = validateInvoiceCsv(invoicesFile(rows.slice(0, 1000)));
    expect(accepted.ok && accepted.rows.length).toBe(1000);
    const r = validateInvoiceCsv(invoicesFile(rows));
    expect(!r.ok && r.errors.map((e) => e.message)).toEqual(['the file has 1001 data rows; at most 1000 are accepted (split it)']);
  });
});

describe('detectCsvKind', () => {
  it('recognises each header in any order, and nothing else', () => {
    expect(detectCsvKind(`${MERCHANT_CSV_COLUMNS.join(',')}\n`)).toBe('merchants');
    expect(detectCsvKind(`\uFEFF${[...INVOICE_CSV_COLUMNS].reverse().join(',')}\r\n`)).toBe('invoices');
    expect(detectCsvKind('a,b\n')).toBeUndefined();
    expect(detectCsvKind('')).toBeUndefined();
  });
});
