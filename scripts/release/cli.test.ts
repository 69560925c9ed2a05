// npm run release refuses, without writing anything, what the policy forbids (a version that is
// not semver, not newer, skipping one; a major without a break; a patch that changes the
// contract; no change at all), answers --help and refuses unknown options. The versions come from
// api-history/, never written here; the scratch copy's last merchant release is today's document.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { releaseCli } from './cli.ts';
import { readHistory } from './history.ts';
import { bump } from './policy.ts';

// The release runs on a scratch copy of the checkout: a refusal that failed to refuse must write
// there, never into the repository (a merge in progress once let one through and it released).
const repo = join(import.meta.dirname, '..', '..');
const root = mkdtempSync(join(tmpdir(), 'release-cli-'));
for (const p of ['api-history', 'contracts', 'client', 'generated', 'scripts', 'tools', 'package.json', 'tsconfig.json', 'CHANGELOG.md', 'README.md']) cpSync(join(repo, p), join(root, p), { recursive: true });
symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'));
// In the scratch copy the last merchant release is today's document (as --amend stores it), so
// nothing has changed since it whatever the contracts carry unreleased: --patch and --minor must
// be refused for that reason alone.
const lastMerchant = readHistory(root, 'merchant').at(-1)!.version;
copyFileSync(join(root, 'generated/openapi/merchant.json'), join(root, 'api-history/merchant', `${lastMerchant}.json`));
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root, stdio: 'pipe' });
git('init', '-q');
git('add', '-A');
git('commit', '-qm', 'scratch');
afterAll(() => rmSync(root, { recursive: true, force: true }));
const status = () => execFileSync('git', ['status', '--porcelain', 'api-history', 'contracts', 'client', 'generated'], { cwd: root, encoding: 'utf8' });
const last = lastMerchant;

describe('npm run release', () => {
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  afterEach(() => {
    err.mockClear();
    out.mockClear();
  });
  const said = () => err.mock.calls.map((c) => String(c[0])).join('');

  it('answers --help with its usage (exit 0) and an unknown option with one line (exit 2)', async () => {
    expect(await releaseCli(['--help'], root)).toBe(0);
    expect(String(out.mock.calls[0]![0])).toMatch(/^Usage: npm run release -- --api <exchange\|merchant\|partner> \(--major \| --minor \| --patch \| --version x\.y\.z\)/);
    expect(await releaseCli(['--api', 'merchant', '--mayor'], root)).toBe(2);
    expect(said()).toBe('release: unknown option --mayor (--help for usage)\n');
  });

  it('needs --api and exactly one of --major, --minor, --patch, --version', async () => {
    expect(await releaseCli(['--major'], root)).toBe(2);
    expect(await releaseCli(['--api', 'merchant'], root)).toBe(2);
    expect(await releaseCli(['--api', 'merchant', '--major', '--minor'], root)).toBe(2);
    expect(await releaseCli(['--api', 'all', '--minor'], root)).toBe(2);
    expect(said()).toContain('give exactly one of --major, --minor, --patch, --version x.y.z');
  });

  it('refuses what the policy forbids, writing nothing', async () => {
    const before = status();
    const refused = async (argv: string[], reason: string) => {
      err.mockClear();
      expect(await releaseCli(['--api', 'merchant', ...argv, '--tests', 'none'], root)).toBe(1);
      expect(said()).toContain('refused, nothing written');
      expect(said()).toContain(reason);
    };
    await refused(['--version', 'v3'], '--version "v3" is not semver');
    await refused(['--version', last], `merchant ${last} is not newer than the last release ${last}`);
    await refused(['--version', bump(bump(last, 'major'), 'major')], `skips versions: after ${last} come ${bump(last, 'major')} (--major)`);
    await refused(['--major'], 'a major release moves the base path');
    await refused(['--patch'], 'merchant: nothing changed since');
    await refused(['--minor'], 'merchant: nothing changed since');
    expect(status()).toBe(before);
  }, 120_000);
});
