// Every command line of the project answers --help with its usage on stdout and exit 0, and an
// unknown option with one line on stderr and exit 2. The command modules are called in process;
// the scripts parse with their entry of scripts/clis.ts (checked in their source, and two of them
// spawned as npm runs them); every tsx script of package.json is on the list. No server starts.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCsvCli } from '../tools/csv/cli.ts';
import { CLIS } from './clis.ts';
import { contractCli } from '../tools/contract/cli.ts';
import { diffCli } from '../tools/diff/cli.ts';
import { parseCli } from '../tools/help.ts';
import { releaseCli } from './release/cli.ts';
import { webhooksCli } from '../tools/webhooks/cli.ts';

const root = join(import.meta.dirname, '..');

/** The script each CLIS entry belongs to. */
const ENTRIES: Record<keyof typeof CLIS, string> = {
  generate: 'scripts/generate.ts',
  build: 'scripts/build.ts',
  check: 'scripts/check.ts',
  bench: 'bench/run.ts',
  lastRelease: 'scripts/release/last-release.ts',
  arazzo: 'scripts/arazzo/run.ts',
  prism: 'scripts/prism.ts',
  consumer: 'test/consumer/run.ts',
  generators: 'test/generators/run.ts',
};

/** Command modules: [command, how a test calls it, the script that calls it]. */
const MODULES: [string, (argv: string[]) => Promise<number>, string][] = [
  ['npm run diff', (a) => diffCli(a), 'tools/diff/main.ts'],
  ['npm run release', (a) => releaseCli(a, root), 'scripts/release.ts'],
  ['npm run contract', (a) => contractCli(a), 'tools/contract/main.ts'],
  ['npm run csv', (a) => runCsvCli(a), 'tools/csv/main.ts'],
  ['npm run csv -- validate', (a) => runCsvCli(['validate', ...a]), 'tools/csv/main.ts'],
  ['cryptopay-toolkit webhooks', (a) => webhooksCli(a), 'bin/cli.ts'],
  ...(['trigger', 'test', 'listen', 'replay'].map((s) => [`cryptopay-toolkit webhooks ${s}`, (a: string[]) => webhooksCli([s, ...a]), 'bin/cli.ts']) as [string, (argv: string[]) => Promise<number>, string][]),
];

/** Spawned as npm runs them: the package's command line (its commands load lazily) and npm start. */
const SPAWNED: [string, string[]][] = [
  ['bin/cli.ts', []],
  ...['contract', 'diff', 'csv', 'serve', 'webhooks'].map((c) => ['bin/cli.ts', [c]] as [string, string[]]),
  ['server/main.ts', []],
  ['scripts/release/last-release.ts', []],
];

const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
afterEach(() => [out, err, log, error].forEach((s) => s.mockClear()));
const written = (...spies: { mock: { calls: unknown[][] } }[]) => spies.flatMap((s) => s.mock.calls.map((c) => `${String(c[0])}${s === log || s === error ? '\n' : ''}`)).join('');

describe('every command line: --help exits 0 with the usage, an unknown option exits 2 with one line', () => {
  it.each(Object.keys(CLIS) as (keyof typeof CLIS)[])('%s (its script parses with it before any work)', (key) => {
    const cli = CLIS[key];
    expect(parseCli(cli, ['--help'])).toBe(0);
    expect(written(out)).toMatch(new RegExp(`^Usage: ${cli.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(parseCli(cli, ['--no-such-option'])).toBe(2);
    expect(written(err)).toBe(`${cli.name}: unknown option --no-such-option (--help for usage)\n`);
    const source = readFileSync(join(root, ENTRIES[key]), 'utf8');
    expect(source).toContain(`cliArgs(CLIS.${key})`);
  });

  it.each(MODULES.map(([name, call]) => [name, call] as const))('%s', async (_name, call) => {
    expect(await call(['--help'])).toBe(0);
    expect(written(out, log)).toMatch(/^Usage: /);
    out.mockClear();
    log.mockClear();
    expect(await call(['--no-such-option'])).toBe(2);
    expect(written(err, error)).toMatch(/^[^\n]*--no-such-option[^\n]*\n$/);
    expect(written(out, log)).toBe('');
  }, 60_000);

  it.each(SPAWNED.map(([entry, pre]) => [`${entry} ${pre.join(' ')}`.trim(), entry, pre] as const))('%s (spawned)', (_name, entry, pre) => {
    const run = (arg: string) => spawnSync(process.execPath, ['--import', 'tsx', entry, ...pre, arg], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    const help = run('--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: /);
    const unknown = run('--no-such-option');
    expect(unknown.status, unknown.stderr).toBe(2);
    expect(unknown.stderr).toMatch(/^[^\n]*--no-such-option[^\n]*\n$/);
    expect(unknown.stdout).toBe('');
  }, 120_000);

  it('covers every tsx script of package.json', () => {
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const covered = new Set([...Object.values(ENTRIES), ...MODULES.map((m) => m[2]), ...SPAWNED.map((s) => s[0])]);
    const entries = Object.values(scripts).flatMap((s) => /^tsx (\S+)/.exec(s)?.[1] ?? []);
    expect(entries.length).toBeGreaterThanOrEqual(13);
    expect(entries.filter((e) => !covered.has(e))).toEqual([]);
  });
});
