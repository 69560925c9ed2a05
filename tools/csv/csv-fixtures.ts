// Rows and files for the CSV tests: a valid merchant import row and invoice row, and a writer that
// quotes cells the way spreadsheets do.
import { INVOICE_CSV_COLUMNS } from '../../contracts/merchant/csv.ts';
import { MERCHANT_CSV_COLUMNS, MERCHANT_CSV_ROW_EXAMPLE } from '../../contracts/partner/csv.ts';

export const merchantRow = (i: number, o: Record<string, string> = {}): Record<string, string> => ({
  ...Object.fromEntries(MERCHANT_CSV_COLUMNS.map((c) => [c, ''])),
  ...MERCHANT_CSV_ROW_EXAMPLE,
  email: `merchant${i}@example.com`,
  ...o,
});

export const invoiceRow = (i: number, o: Record<string, string> = {}): Record<string, string> => ({
  invoice_number: `INV${i}`, email: `ap${i}@example.com`, amount: '150.00', include_fee: 'false', company_name: 'Acme Widgets',
  first_name: '', last_name: '', ...o,
});

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function csvFile(columns: readonly string[], rows: Record<string, string>[], eol = '\n'): string {
  return [columns.join(','), ...rows.map((r) => columns.map((c) => quote(r[c] ?? '')).join(','))].join(eol) + eol;
}

export const merchantsFile = (rows: Record<string, string>[], eol?: string) => csvFile(MERCHANT_CSV_COLUMNS, rows, eol);
export const invoicesFile = (rows: Record<string, string>[], eol?: string) => csvFile(INVOICE_CSV_COLUMNS, rows, eol);
