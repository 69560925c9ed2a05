// The package's command line from source (the packed, compiled one runs in npm run test:consumer):
// usage texts, the exit codes, and the commands dispatched to the same code as the npm scripts. The
// source runs through tsx once (--help); else its bundle (test/global-setup.ts), which starts faster.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryArgs } from '../test/server-process.ts';

const cli = (...args: string[]) => run(entryArgs('bin/cli.ts'), args);
const run = (entry: string[], args: string[]) => {
  const r = spawnSync(process.execPath, [...entry, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('cryptopay-toolkit', () => {
  it('lists its commands with --help, and refuses an unknown one with exit code 2', () => {
    const help = run(['--import', 'tsx', 'bin/cli.ts'], ['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: cryptopay-toolkit <command> \[options\]\n/);
    for (const command of ['contract --api', 'diff [--base', 'csv validate', 'serve [--host HOST]', 'webhooks trigger <event>', 'webhooks test --url']) expect(help.out).toContain(`  ${command}`);
    const unknown = cli('deploy');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toBe('cryptopay-toolkit: unknown command "deploy" (--help for usage)\n');
  }, 30_000);

  it('names itself in each command\'s usage', () => {
    for (const [command, first] of [['contract', 'Usage: cryptopay-toolkit contract --api'], ['csv', 'Usage: cryptopay-toolkit csv validate'], ['serve', 'Usage: cryptopay-toolkit serve [--host HOST]']]) {
      const r = cli(command!, '--help');
      expect(r.code, command).toBe(0);
      expect(r.out.startsWith(first!), r.out).toBe(true);
    }
    const bad = cli('serve', '--prot', '1');
    expect(bad.code).toBe(2);
    expect(bad.err).toBe('serve: unknown option --prot (--help for usage)\n');
  }, 60_000);

  it('csv validate prints each bad cell and exits 1', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cli-')), 'invoices.csv');
    writeFileSync(file, 'invoice_number,email,amount,include_fee,company_name,first_name,last_name\nINV1,nope,150.00,false,Acme,,\n');
    const r = cli('csv', 'validate', file);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${file}: 1 error; nothing accepted`);
    expect(r.out).toMatch(/: row 1 .*email/);
  }, 30_000);
});
