// `npm run csv -- validate [--kind merchants|invoices] <file>` (decision P3; also `cryptopay-toolkit
// csv`), as a function so
// tests drive it without a process: prints every error with its row and column and returns the
// exit code: 0 valid (with a summary), 1 any error (nothing accepted), 2 a usage error.
import { readFile } from 'node:fs/promises';
import { CSV_KINDS, detectCsvKind, formatCsvError, validateCsvText, type CsvKind } from './index.ts';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  read: (path: string) => Promise<string>;
}

export const csvUsage = (prog = 'npm run csv --'): string => `Usage: ${prog} validate [--kind merchants|invoices] [--json] <file>

Validates a CSV file: the partner merchant import (--kind merchants) or the invoice upload
(--kind invoices). Without --kind the kind is read from the header. Prints every error with
its row and column; exit code 0 when valid, 1 on any error (nothing is accepted), 2 on usage errors.`;

const nodeIo: CliIo = { out: (l) => console.log(l), err: (l) => console.error(l), read: (p) => readFile(p, 'utf8') };

/** `prog` names the command in the usage text (`cryptopay-toolkit csv` when run from the package's CLI). */
export async function runCsvCli(argv: readonly string[], io: CliIo = nodeIo, prog?: string): Promise<number> {
  const usage = (problem: string) => {
    io.err(`csv: ${problem} (--help for usage)`);
    return 2;
  };
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h') {
    if (command === undefined) return usage('no command given');
    io.out(csvUsage(prog));
    return 0;
  }
  if (command !== 'validate') return usage(`unknown command "${command}"`);

  let kind: string | undefined;
  let json = false;
  const files: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--kind') {
      kind = rest[++i];
      if (kind === undefined) return usage('--kind needs a value: merchants or invoices');
    } else if (a.startsWith('--kind=')) kind = a.slice('--kind='.length);
    else if (a === '--json') json = true;
    else if (a === '--help' || a === '-h') {
      io.out(csvUsage(prog));
      return 0;
    } else if (a.startsWith('-') && a !== '-') return usage(`unknown option "${a}"`);
    else files.push(a);
  }
  if (kind !== undefined && !(CSV_KINDS as readonly string[]).includes(kind)) return usage(`unknown kind "${kind}"; use merchants or invoices`);
  if (files.length !== 1) return usage(files.length === 0 ? 'no file given' : `one file at a time, got ${files.length}`);
  const file = files[0]!;

  let text: string;
  try {
    text = await io.read(file);
  } catch (e) {
    return usage(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const resolved = (kind as CsvKind | undefined) ?? detectCsvKind(text);
  if (!resolved) return usage(`cannot tell the kind of ${file} from its header; give --kind merchants or --kind invoices`);

  const result = validateCsvText(resolved, text);
  if (json) {
    io.out(JSON.stringify(result.ok ? { ok: true, kind: resolved, rows: result.rows.length } : { ok: false, kind: resolved, errors: result.errors }));
    return result.ok ? 0 : 1;
  }
  if (result.ok) {
    io.out(`${file}: valid ${resolved} file, ${result.rows.length} row${result.rows.length === 1 ? '' : 's'}`);
    return 0;
  }
  for (const e of result.errors) io.out(`${file}: ${formatCsvError(e)}`);
  io.out(`${file}: ${result.errors.length} error${result.errors.length === 1 ? '' : 's'}; nothing accepted`);
  return 1;
}
