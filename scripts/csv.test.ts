// The real command, in a child process: `npm run csv -- validate ...` and its exit codes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invoiceRow, invoicesFile, merchantRow, merchantsFile } from '../server/csv/csv-fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'csv-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

const run = (...args: string[]) => spawnSync('npm', ['run', '--silent', 'csv', '--', ...args], { encoding: 'utf8', cwd: process.cwd() });

describe('npm run csv', () => {
  it('exits 0 for a valid file, 1 for a bad one (every error printed), 2 on a usage error', () => {
    const good = file('good.csv', invoicesFile([invoiceRow(1), invoiceRow(2)]));
    const ok = run('validate', '--kind', 'invoices', good);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('valid invoices file, 2 rows');

    const rows = Array.from({ length: 1001 }, (_, i) => merchantRow(i + 1));
    rows[4] = merchantRow(5, { email: 'nope', user_currency: 'GBP' });
    const bad = run('validate', '--kind', 'merchants', file('bad.csv', merchantsFile(rows)));
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('file: the file has 1001 data rows; at most 1000 are accepted');
    expect(bad.stdout).toContain('row 5 (line 6), column email:');
    expect(bad.stdout).toContain('row 5 (line 6), column user_currency:');
    expect(bad.stdout).toContain('3 errors; nothing accepted');

    const usage = run('validate', '--kind', 'payments', good);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('unknown kind "payments"');
  }, 60_000);
});
