// A strict RFC 4180 reader: comma-separated cells, records ended by CRLF, LF or CR, quoted cells
// that may hold commas, line breaks and doubled quotes, an optional UTF-8 byte order mark. Blank
// lines are skipped. Malformed quoting fails the whole file with the line where it happens: past
// it, no cell boundary can be trusted.

export interface CsvRecord {
  /** 1-based line of the file on which the record starts. */
  line: number;
  cells: string[];
}

export type CsvParseResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

export function parseCsv(input: string): CsvParseResult {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  // Whether the current record has any content (so a blank line is not a record of one empty cell).
  let started = false;

  const endRecord = () => {
    if (started) records.push({ line: recordLine, cells: [...cells, cell] });
    cells = [];
    cell = '';
    started = false;
  };
  const newline = (at: number): number => (text[at] === '\r' && text[at + 1] === '\n' ? 2 : 1);

  while (i < text.length) {
    const ch = text[i]!;
    if (!started) recordLine = line;
    if (ch === '"') {
      if (cell !== '') return { ok: false, line, message: 'a quote inside an unquoted cell; quote the whole cell and double the quote ("")' };
      started = true;
      const openedAt = line;
      i++;
      for (;;) {
        if (i >= text.length) return { ok: false, line: openedAt, message: 'a quoted cell is never closed' };
        const c = text[i]!;
        if (c === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (c === '\r' || c === '\n') {
          const n = newline(i);
          cell += text.slice(i, i + n);
          i += n;
          line++;
          continue;
        }
        cell += c;
        i++;
      }
      const next = text[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        return { ok: false, line, message: 'a character after the closing quote of a cell; separate cells with commas' };
      }
      continue;
    }
    if (ch === ',') {
      started = true;
      cells.push(cell);
      cell = '';
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      i += newline(i);
      endRecord();
      line++;
      continue;
    }
    started = true;
    cell += ch;
    i++;
  }
  endRecord();
  return { ok: true, records };
}
