import { describe, expect, it } from 'vitest';
import { runCsvCli, type CliIo } from './cli.ts';
import { invoiceRow, invoicesFile, merchantRow, merchantsFile } from './csv-fixtures.ts';

function io(files: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    read: async (p) => {
      if (!(p in files)) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
      return files[p]!;
    },
  };
  return { out, err, io: value };
}

const files = {
  'good.csv': merchantsFile([merchantRow(1), merchantRow(2)]),
  'bad.csv': merchantsFile([merchantRow(1, { email: 'x' }), merchantRow(2, { phone_number: 'abc' })]),
  'invoices.csv': invoicesFile([invoiceRow(1)]),
  'other.csv': 'a,b\n1,2\n',
  // A good header, then a data line with a stray quote.
  'broken.csv': merchantsFile([merchantRow(1)]) + 'x,"y\n',
};

describe('runCsvCli', () => {
  it('exits 0 with a summary for a valid file, the kind given or read from the header', async () => {
    for (const args of [['validate', '--kind', 'merchants', 'good.csv'], ['validate', '--kind=merchants', 'good.csv'], ['validate', 'good.csv']]) {
      const t = io(files);
      expect(await runCsvCli(args, t.io)).toBe(0);
      expect(t.out).toEqual(['good.csv: valid merchants file, 2 rows']);
    }
    const inv = io(files);
    expect(await runCsvCli(['validate', 'invoices.csv'], inv.io)).toBe(0);
    expect(inv.out).toEqual(['invoices.csv: valid invoices file, 1 row']);
  });

  it('exits 1 printing every error with its row and column', async () => {
    const t = io(files);
    expect(await runCsvCli(['validate', '--kind', 'merchants', 'bad.csv'], t.io)).toBe(1);
    expect(t.out[0]).toMatch(/^bad\.csv: row 1 \(line 2\), column email: /);
    expect(t.out[1]).toMatch(/^bad\.csv: row 2 \(line 3\), column phone_number: /);
    expect(t.out[2]).toBe('bad.csv: 2 errors; nothing accepted');
  });

  it('exits 1 when the file is of the other kind than the one asked for', async () => {
    const t = io(files);
    expect(await runCsvCli(['validate', '--kind', 'invoices', 'good.csv'], t.io)).toBe(1);
    expect(t.out.at(-1)).toMatch(/errors; nothing accepted$/);
  });

  it('prints JSON with --json', async () => {
    const t = io(files);
    expect(await runCsvCli(['validate', '--json', 'bad.csv'], t.io)).toBe(1);
    expect(JSON.parse(t.out[0]!)).toMatchObject({ ok: false, kind: 'merchants', errors: [{ row: 1, column: 'email' }, { row: 2, column: 'phone_number' }] });
  });

  it.each([
    [[], 'no command given'],
    [['check', 'good.csv'], 'unknown command "check"'],
    [['validate'], 'no file given'],
    [['validate', 'a.csv', 'b.csv'], 'one file at a time'],
    [['validate', '--kind', 'payments', 'good.csv'], 'unknown kind "payments"'],
    [['validate', '--kind'], '--kind needs a value'],
    [['validate', '--fast', 'good.csv'], 'unknown option "--fast"'],
    [['validate', 'missing.csv'], 'cannot read missing.csv: ENOENT'],
    [['validate', 'other.csv'], 'cannot tell the kind of other.csv'],
  ])('exits 2 on a usage error: %j', async (args, message) => {
    const t = io(files);
    expect(await runCsvCli(args, t.io)).toBe(2);
    expect(t.err.join('\n')).toContain(message);
    expect(t.err).toHaveLength(1);
    expect(t.err[0]).toMatch(/^csv: [^\n]+ \(--help for usage\)$/);
  });

  it('tells the kind from the header line even when a later line cannot be parsed, and names that line', async () => {
    const t = io(files);
    expect(await runCsvCli(['validate', 'broken.csv'], t.io)).toBe(1);
    expect(t.out[0]).toMatch(/^broken\.csv: line \d+: malformed CSV: /);
  });

  it('prints the usage and exits 0 with --help', async () => {
    const t = io(files);
    expect(await runCsvCli(['--help'], t.io)).toBe(0);
    expect(t.out[0]).toMatch(/^Usage/);
  });
});
