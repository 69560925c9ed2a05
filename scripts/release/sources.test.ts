// A release's sources are found in git, not in a stored archive: the commit that wrote the
// released document (not a later one that left it alone), or the working tree before the release
// is committed; and each API's last release resolves to such a commit in this repository.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readHistory } from './history.ts';
import { releaseSource } from './sources.ts';

const root = join(import.meta.dirname, '..', '..');
const repo = mkdtempSync(join(tmpdir(), 'release-sources-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo, encoding: 'utf8' }).trim();
const write = (path: string, text: string) => {
  mkdirSync(join(repo, path, '..'), { recursive: true });
  writeFileSync(join(repo, path), text);
};

describe('where a release is', () => {
  it('is the commit that wrote the document, then the working tree for a release not yet committed', () => {
    git('init', '-q');
    write('generated/openapi/merchant.json', '{"v":1}\n');
    write('api-history/merchant/1.0.0.json', '{"v":1}\n');
    git('add', '.');
    git('commit', '-qm', 'release 1.0.0');
    const released = git('rev-parse', 'HEAD');
    write('client/index.ts', 'export {};\n');
    git('add', '.');
    git('commit', '-qm', 'client changed, document not');
    write('generated/openapi/merchant.json', '{"v":2}\n');
    git('commit', '-qam', 'document changed after the release');
    expect(releaseSource(repo, 'merchant', '1.0.0')).toBe(released);
    write('generated/openapi/merchant.json', '{"v":3}\n');
    write('api-history/merchant/1.1.0.json', '{"v":3}\n');
    expect(releaseSource(repo, 'merchant', '1.1.0')).toBe('worktree');
    write('api-history/merchant/1.2.0.json', '{"v":4}\n');
    expect(() => releaseSource(repo, 'merchant', '1.2.0')).toThrow('merchant 1.2.0: no commit has generated/openapi/merchant.json equal to api-history/merchant/1.2.0.json');
  });

  it.each(['exchange', 'merchant', 'partner'])('%s: the last release resolves to a commit holding its document (the working tree right after npm run release)', (api) => {
    const version = readHistory(root, api).at(-1)!.version;
    const source = releaseSource(root, api, version);
    expect(source).toMatch(/^([0-9a-f]{40}|worktree)$/);
    const path = `generated/openapi/${api}.json`;
    const there = source === 'worktree' ? readFileSync(join(root, path), 'utf8') : execFileSync('git', ['show', `${source}:${path}`], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
    expect(there).toBe(readFileSync(join(root, 'api-history', api, `${version}.json`), 'utf8'));
  });
});
