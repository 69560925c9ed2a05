// The client and contract runner as released, read back from git instead of a stored archive: a
// release is the commit that wrote its document, i.e. the newest commit whose
// generated/openapi/<api>.json is byte for byte api-history/<api>/<version>.json (npm run release
// writes both at once). Its client/, scripts/, contracts/ and generated/ are what the
// release shipped, readable in that commit's diff. A release not yet committed is the working tree.
// Needs the repository's history: a shallow clone is deepened first (git fetch --unshallow).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { historyDir } from './history.ts';

// All of scripts/ and tools/ (text, and the runner imports beyond its own folder, e.g. the
// command-line helpers). A release made before the shipped tools left scripts/ has no tools/.
export const SOURCE_PATHS = ['client', 'scripts', 'tools', 'contracts', 'generated', 'package.json', 'tsconfig.json'];

/** The contract runner's entry in a release's sources: tools/contract/main.ts, or scripts/contract.ts before the tools moved. */
export const RUNNER_ENTRIES = ['tools/contract/main.ts', 'scripts/contract.ts'];

/** The entry of the contract runner checked out in `dir` (checkoutSources). */
export function runnerEntry(dir: string): string {
  const entry = RUNNER_ENTRIES.find((e) => existsSync(join(dir, e)));
  if (!entry) throw new Error(`no contract runner in ${dir} (looked for ${RUNNER_ENTRIES.join(', ')})`);
  return entry;
}

const git = (root: string, args: string[], input?: string) => execFileSync('git', args, { cwd: root, encoding: 'utf8', input, maxBuffer: 256 << 20, stdio: ['pipe', 'pipe', 'pipe'] });

/** Where a release's sources are: a commit, or `worktree` for a release not yet committed. */
export function releaseSource(root: string, api: string, version: string): string {
  const released = join(historyDir(root, api), `${version}.json`);
  const blob = git(root, ['hash-object', released]).trim();
  const path = `generated/openapi/${api}.json`;
  if (git(root, ['rev-parse', '--is-shallow-repository']).trim() === 'true') git(root, ['fetch', '--quiet', '--unshallow']);
  // The commits that changed the file, newest first, and the file's blob in each (one git process).
  const commits = git(root, ['log', '--format=%H', '--', path]).split('\n').filter(Boolean);
  const blobs = commits.length === 0 ? [] : git(root, ['cat-file', '--batch-check=%(objectname)'], commits.map((c) => `${c}:${path}\n`).join('')).split('\n');
  const at = blobs.indexOf(blob);
  if (at >= 0) return commits[at]!;
  if (existsSync(join(root, path)) && readFileSync(join(root, path), 'utf8') === readFileSync(released, 'utf8')) return 'worktree';
  throw new Error(`${api} ${version}: no commit has generated/openapi/${api}.json equal to api-history/${api}/${version}.json (a shallow clone? fetch the history)`);
}

/** Writes a release's sources into `into`, with the repository's node_modules linked in. */
export function checkoutSources(root: string, source: string, into: string): void {
  if (source === 'worktree') {
    for (const p of SOURCE_PATHS) if (existsSync(join(root, p))) cpSync(join(root, p), join(into, p), { recursive: true });
  } else {
    // Only the paths the commit has: git archive refuses a path it does not know.
    const present = git(root, ['ls-tree', '--name-only', source, '--', ...SOURCE_PATHS]).split('\n').filter(Boolean);
    const tar = execFileSync('git', ['archive', '--format=tar', source, '--', ...present], { cwd: root, maxBuffer: 256 << 20 });
    execFileSync('tar', ['-xf', '-', '-C', into], { input: tar });
  }
  symlinkSync(join(root, 'node_modules'), join(into, 'node_modules'));
}
