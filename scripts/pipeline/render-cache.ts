// A content-addressed cache of a deterministic tool's output (Redoc's build-docs, ~1 s of CPU per
// page): an entry is named by the SHA-256 of everything the output depends on (the tool's version,
// Node's, the options and the input), so a hit is the output the tool would give again, and any
// change to an input is a miss. `npm run check` still compares each whole generated file with the
// file on disk; the cache only spares re-running the tool on input it has already rendered (check
// right after generate, the docs of the APIs a change did not touch). Entries live gzipped in
// node_modules/.cache/ (git-ignored, shared by scratch copies that link node_modules); the newest
// KEEP stay. RENDER_CACHE=off renders every time.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

/** Entries kept per cache: every page of a few states of the documents (~0.5 MB each gzipped). */
const KEEP = 32;

export interface RenderCache {
  /** The cached output for `parts`, or `render()`'s, which is stored for next time. */
  get(parts: readonly string[], render: () => Promise<string>): Promise<string>;
}

export const cacheKey = (parts: readonly string[]): string => {
  const hash = createHash('sha256');
  // Each part's length first, so that parts cannot run into each other ('ab','c' vs 'a','bc').
  for (const part of parts) hash.update(`${Buffer.byteLength(part)}:`).update(part);
  return hash.digest('hex');
};

export function renderCache(dir: string, enabled = process.env.RENDER_CACHE !== 'off'): RenderCache {
  return {
    async get(parts, render) {
      if (!enabled) return render();
      const file = join(dir, `${cacheKey(parts)}.gz`);
      const hit = await readFile(file).catch(() => undefined);
      if (hit) {
        const now = new Date();
        await utimes(file, now, now).catch(() => {});
        return gunzipSync(hit).toString('utf8');
      }
      const output = await render();
      await mkdir(dir, { recursive: true });
      // Written aside, then renamed: a reader never sees half an entry, whoever runs at the same time.
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
      await writeFile(temp, gzipSync(output));
      await rename(temp, file);
      await prune(dir);
      return output;
    },
  };
}

/** Drops all but the KEEP most recently used entries. */
async function prune(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.gz'));
  if (names.length <= KEEP) return;
  const used = await Promise.all(names.map(async (n) => ({ n, at: (await stat(join(dir, n)).catch(() => undefined))?.mtimeMs ?? 0 })));
  used.sort((a, b) => b.at - a.at);
  await Promise.all(used.slice(KEEP).map(({ n }) => unlink(join(dir, n)).catch(() => {})));
}
