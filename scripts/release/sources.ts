// The client and contract runner as released: a deterministic tar.xz of the sources they are made
// of (client/, scripts/contract/, contracts/, generated/, package.json, tsconfig.json; no tests),
// stored once per content under api-history/sources/<sha256 prefix>.tar.xz.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { readHistory } from './history.ts';
import { join } from 'node:path';

export const SOURCE_PATHS = ['client', 'scripts/contract', 'scripts/contract.ts', 'contracts', 'generated', 'package.json', 'tsconfig.json'];

/** Packs the sources; returns the archive's path relative to the root. */
export function packSources(root: string): string {
  const dir = join(root, 'api-history', 'sources');
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, '.pack.tar.xz');
  execFileSync('tar', ['--sort=name', '--mtime=@0', '--owner=0', '--group=0', '--numeric-owner', '--exclude=*.test.ts', '--exclude=*.test-d.ts', '-cJf', tmp, ...SOURCE_PATHS], { cwd: root, env: { ...process.env, XZ_OPT: '-9' } });
  const name = `${createHash('sha256').update(readFileSync(tmp)).digest('hex').slice(0, 12)}.tar.xz`;
  const target = join(dir, name);
  if (existsSync(target)) rmSync(tmp);
  else renameSync(tmp, target);
  return `api-history/sources/${name}`;
}

/** Unpacks a release's sources into `into`, with the repository's node_modules linked in. */
export function unpackSources(root: string, archive: string, into: string): void {
  execFileSync('tar', ['-xJf', join(root, archive), '-C', into]);
  execFileSync('ln', ['-s', join(root, 'node_modules'), join(into, 'node_modules')]);
}

/** Removes archives no release refers to any more (an amended release replaced its sources). */
export function pruneSources(root: string, apis: string[]): void {
  const used = new Set(apis.flatMap((api) => readHistory(root, api).map((r) => r.source)));
  const dir = join(root, 'api-history', 'sources');
  for (const f of existsSync(dir) ? readdirSync(dir) : []) if (!used.has(`api-history/sources/${f}`)) rmSync(join(dir, f));
}
