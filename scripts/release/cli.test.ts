// npm run release refuses, without writing anything, a version that is not semver, one not newer
// than the last release, and a release over an unaccepted break; and needs --api and --version.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseCli } from './cli.ts';

const root = join(import.meta.dirname, '..', '..');
const status = () => execFileSync('git', ['status', '--porcelain', 'api-history', 'contracts'], { cwd: root, encoding: 'utf8' });

describe('npm run release', () => {
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  afterEach(() => err.mockClear());
  const said = () => err.mock.calls.map((c) => String(c[0])).join('');

  it('needs --api and --version (or --amend)', () => {
    expect(releaseCli(['--api', 'merchant'], root)).toBe(2);
    expect(releaseCli(['--api', 'all', '--version', '1.0.0'], root)).toBe(2);
  });

  it('refuses a version that is not semver or not newer than the last release, writing nothing', () => {
    const before = status();
    expect(releaseCli(['--api', 'merchant', '--version', 'v3'], root)).toBe(1);
    expect(said()).toContain('--version "v3" is not semver');
    expect(releaseCli(['--api', 'merchant', '--version', '2.0.0'], root)).toBe(1);
    expect(said()).toContain('merchant 2.0.0 is not newer than the last release 2.0.0');
    expect(status()).toBe(before);
  });
});
