// The real command, in a child process: `npm run csv -- validate ...` and its exit codes.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invoiceRow, invoicesFile, merchantRow, merchantsFile } from './csv-fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'csv-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

const run = (...args: string[]) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile('npm', ['run', '--silent', 'csv', '--', ...args], { encoding: 'utf8', cwd: process.cwd() }, (error, stdout, stderr) =>
      resolve({ status: error ? (error.code as number) : 0, stdout, stderr }));
  });

describe('npm run csv', () => {
  it('exits 0 for a valid file, 1 for a bad one (every error printed), 2 on a usage error', async () => {
    const good = file('good.csv', invoicesFile([invoiceRow(1), invoiceRow(2)]));
    const rows = Array.from({ length: 1001 }, (_, i) => merchantRow(i + 1));
    rows[4] = merchantRow(5, { email: 'nope', user_currency: 'GBP' });
    // Three independent runs of the command, side by side (not blocking the test worker).
    const [ok, bad, usage] = await Promise.all([
      run('validate', '--kind', 'invoices', good),
      run('validate', '--kind', 'merchants', file('bad.csv', merchantsFile(rows))),
      run('validate', '--kind', 'payments', good),
    ]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('valid invoices file, 2 rows');

    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('file: the file has 1001 data rows; at most 1000 are accepted');
    expect(bad.stdout).toContain('row 5 (line 6), column email:');
    expect(bad.stdout).toContain('row 5 (line 6), column user_currency:');
    expect(bad.stdout).toContain('3 errors; nothing accepted');

    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('unknown kind "payments"');
  }, 60_000);
});
