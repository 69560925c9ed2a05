// The two CSV files of the documents (decision P3): the partner merchant import and the merchant
// invoice upload, validated with the contracts' row schemas. `validateCsvText(kind, text)` for one
// of them; `detectCsvKind` tells them apart by header when the kind is not given.
import type { z } from 'zod';
import { INVOICE_CSV_COLUMNS, INVOICE_CSV_MAX_ROWS, InvoiceCsvRowSchema } from '../../contracts/merchant/csv.ts';
import { MAX_CSV_ROWS, MERCHANT_CSV_COLUMNS, MerchantCsvRowSchema } from '../../contracts/partner/csv.ts';
import { parseCsv } from './parse.ts';
import { validateCsv, type CsvResult, type CsvSpec } from './validate.ts';

export const MERCHANT_CSV = {
  kind: 'merchants',
  columns: MERCHANT_CSV_COLUMNS,
  maxRows: MAX_CSV_ROWS,
  schema: MerchantCsvRowSchema,
  // One e-mail, one merchant account (decisions P2, P-duplicates).
  unique: { column: 'email', normalize: (v: string) => v.trim().toLowerCase(), what: 'e-mail' },
} satisfies CsvSpec<typeof MerchantCsvRowSchema>;

export const INVOICE_CSV = {
  kind: 'invoices',
  columns: INVOICE_CSV_COLUMNS,
  maxRows: INVOICE_CSV_MAX_ROWS,
  schema: InvoiceCsvRowSchema,
  // M5: one invoice number, one invoice.
  unique: { column: 'invoice_number', what: 'invoice number' },
} satisfies CsvSpec<typeof InvoiceCsvRowSchema>;

export const CSV_KINDS = ['merchants', 'invoices'] as const;
export type CsvKind = (typeof CSV_KINDS)[number];

export type MerchantCsvResult = CsvResult<z.output<typeof MerchantCsvRowSchema>>;
export type InvoiceCsvResult = CsvResult<z.output<typeof InvoiceCsvRowSchema>>;

export const validateMerchantCsv = (text: string): MerchantCsvResult => validateCsv(MERCHANT_CSV, text);
export const validateInvoiceCsv = (text: string): InvoiceCsvResult => validateCsv(INVOICE_CSV, text);

export function validateCsvText(kind: CsvKind, text: string): MerchantCsvResult | InvoiceCsvResult {
  return kind === 'merchants' ? validateMerchantCsv(text) : validateInvoiceCsv(text);
}

/**
 * The kind whose columns the header names exactly (in any order), if one does. Only the first
 * line is read: a broken data row further down is an error of that kind's file, not a reason to
 * give up on telling the kind.
 */
export function detectCsvKind(text: string): CsvKind | undefined {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const parsed = parseCsv(firstLine);
  const header = parsed.ok ? parsed.records[0]?.cells.map((c) => c.trim()) : undefined;
  if (!header) return undefined;
  const same = (cols: readonly string[]) => header.length === cols.length && cols.every((c) => header.includes(c));
  if (same(MERCHANT_CSV_COLUMNS)) return 'merchants';
  if (same(INVOICE_CSV_COLUMNS)) return 'invoices';
  return undefined;
}

export { parseCsv, type CsvParseResult, type CsvRecord } from './parse.ts';
export { validateCsv, formatCsvError, type CsvError, type CsvResult, type CsvSpec } from './validate.ts';
