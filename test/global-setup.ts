// Once per `vitest run`: the reference server (server/main.ts) bundled by esbuild into one ESM file
// (its packages left as imports), for the tests that start the server as a process many times
// (kill -9 rounds, restarts, two instances). Loading one file instead of ~200 TypeScript modules
// through the tsx loader starts a server two to three times faster; the code is the same source.
// `npm start` itself (tsx) keeps its own test in test/server-main.test.ts. The bundle lives under
// tmp/ in the package root (so server/spec.ts finds the root, and the packages resolve) and is
// removed at the end of the run.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute path of the bundled server/main.ts. */
    serverBundle: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = join(import.meta.dirname, '..', 'tmp', `test-server-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const outfile = join(dir, 'main.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, '..', 'server', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'warning',
  });
  project.provide('serverBundle', outfile);
  return () => rmSync(dir, { recursive: true, force: true });
}
