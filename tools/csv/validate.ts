// Validates a CSV file against a row schema of the contracts (decision P3): the header must name
// exactly the expected columns (in any order), at most `maxRows` data rows, every cell checked by
// the row schema, one error per bad cell naming its row and column. The result is all or nothing:
// the rows when every one is valid, otherwise every error and no rows.
import type { z } from 'zod';
import { parseCsv } from './parse.ts';

export interface CsvError {
  /** 1-based data row (the header is not counted); null for an error of the file or its header. */
  row: number | null;
  /** Line of the file where that row starts; null when not tied to a line. */
  line: number | null;
  /** The column at fault; null when the error is not about one cell. */
  column: string | null;
  message: string;
}

export type CsvResult<T> = { ok: true; rows: T[] } | { ok: false; errors: CsvError[] };

export interface CsvSpec<S extends z.ZodType> {
  kind: string;
  columns: readonly string[];
  maxRows: number;
  schema: S;
  /** A column whose non-empty values must differ from row to row (compared after `normalize`). */
  unique?: { column: string; normalize?: (value: string) => string; what: string };
}

export function validateCsv<S extends z.ZodType>(spec: CsvSpec<S>, text: string): CsvResult<z.output<S>> {
  const parsed = parseCsv(text);
  if (!parsed.ok) return fail([{ row: null, line: parsed.line, column: null, message: `malformed CSV: ${parsed.message}` }]);
  const [head, ...data] = parsed.records;
  if (!head) return fail([{ row: null, line: null, column: null, message: `the file is empty; its first line must be the header: ${spec.columns.join(',')}` }]);

  const header = head.cells.map((c) => c.trim());
  const headerErrors = checkHeader(spec.columns, header, head.line);
  if (headerErrors.length > 0) return fail(headerErrors);

  const errors: CsvError[] = [];
  if (data.length > spec.maxRows) {
    errors.push({ row: null, line: null, column: null, message: `the file has ${data.length} data rows; at most ${spec.maxRows} are accepted (split it)` });
  }
  const rows: z.output<S>[] = [];
  const seen = new Map<string, number>();
  data.forEach((record, index) => {
    const row = index + 1;
    const at = { row, line: record.line };
    if (record.cells.length !== header.length) {
      errors.push({ ...at, column: null, message: `has ${record.cells.length} cells; the header has ${header.length}` });
      return;
    }
    const cells = Object.fromEntries(header.map((h, j) => [h, record.cells[j]!]));
    const result = spec.schema.safeParse(cells);
    if (result.success) rows.push(withoutEmpty(result.data));
    else {
      const bad = new Set<string>();
      for (const issue of result.error.issues) {
        const column = String(issue.path[0] ?? '');
        if (bad.has(column)) continue; // one error per cell
        bad.add(column);
        const empty = cells[column] === '';
        errors.push({ ...at, column: column || null, message: empty && issue.code !== 'custom' ? 'is required (the cell is empty)' : issue.message });
      }
    }
    if (spec.unique) {
      const raw = cells[spec.unique.column] ?? '';
      if (raw === '') return;
      const key = spec.unique.normalize ? spec.unique.normalize(raw) : raw;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, row);
      else errors.push({ ...at, column: spec.unique.column, message: `the same ${spec.unique.what} as row ${first}` });
    }
  });
  if (errors.length > 0) {
    const order = new Map(spec.columns.map((c, i) => [c, i]));
    errors.sort((a, b) => (a.row ?? 0) - (b.row ?? 0) || (order.get(a.column ?? '') ?? -1) - (order.get(b.column ?? '') ?? -1));
    return fail(errors);
  }
  return { ok: true, rows };
}

function checkHeader(expected: readonly string[], header: readonly string[], line: number): CsvError[] {
  const errors: CsvError[] = [];
  const at = { row: null, line };
  const counts = new Map<string, number>();
  header.forEach((name, i) => {
    if (name === '') errors.push({ ...at, column: null, message: `header cell ${i + 1} is empty` });
    counts.set(name, (counts.get(name) ?? 0) + 1);
  });
  for (const [name, n] of counts) if (name !== '' && n > 1) errors.push({ ...at, column: name, message: `the header names this column ${n} times` });
  for (const name of expected) if (!counts.has(name)) errors.push({ ...at, column: name, message: 'column missing from the header' });
  for (const name of counts.keys()) {
    if (name !== '' && !expected.includes(name)) errors.push({ ...at, column: name, message: `unknown column; the header must name exactly: ${expected.join(',')}` });
  }
  return errors;
}

/** An empty optional cell means "absent": the row carries no key for it. */
function withoutEmpty<T>(row: T): T {
  return Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([, v]) => v !== '' && v !== undefined)) as T;
}

const fail = (errors: CsvError[]): { ok: false; errors: CsvError[] } => ({ ok: false, errors });

/** `row 3 (line 4), column email: ...` */
export function formatCsvError(e: CsvError): string {
  const where = [
    // Without a row: a line (the header's messages say they are about the header), or the whole file.
    e.row !== null ? `row ${e.row}${e.line !== null ? ` (line ${e.line})` : ''}` : e.line !== null ? `line ${e.line}` : 'file',
    e.column !== null ? `column ${e.column}` : undefined,
  ].filter(Boolean);
  return `${where.join(', ')}: ${e.message}`;
}
