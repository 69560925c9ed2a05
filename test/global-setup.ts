// Once per `vitest run`: the entry points that tests start as processes many times (the reference
// server server/main.ts: kill -9 rounds, restarts, several instances; the command line bin/cli.ts;
// the crash fixture of the idempotency test), bundled by esbuild into ESM files with the packages
// they use (but the native better-sqlite3; the lazy imports stay lazy, in shared chunks). Loading a
// few files instead of ~200 TypeScript modules through the tsx loader and ~150 package files starts
// a process three to four times faster; the code is the same source and the same packages' code.
// `npm start` itself (tsx) keeps its own test in test/server-main.test.ts, and
// bin/cli.test.ts runs bin/cli.ts through tsx once. The bundles live under tmp/ in the package root,
// two levels down as tools/<dir>/ and dist/bin/ are (so server/spec.ts finds the root, paths
// relative to a script resolve alike, and the packages resolve), and are removed at the end of the run.
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { TEMPLATE_ENV } from './postgres-server.ts';

/** The bundled entry points, by their path from the package root. */
export const BUNDLED = ['server/main.ts', 'bin/cli.ts', 'test/fixtures/crash-after-commit.ts'] as const;
export type BundledEntry = (typeof BUNDLED)[number];

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absolute path of the bundled server/main.ts. */
    serverBundle: string;
    /** Absolute path of each bundled entry point. */
    bundles: Record<BundledEntry, string>;
  }
}

export default async function setup(project: TestProject) {
  const root = join(import.meta.dirname, '..');
  const dir = join(root, 'tmp', `test-server-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const name = (entry: string) => entry.split('/').pop()!.replace(/\.ts$/, '');
  await build({
    entryPoints: Object.fromEntries(BUNDLED.map((e) => [name(e), join(root, e)])),
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3', 'pg-native'],
    // For the CommonJS packages' require() of Node's modules, and the createRequire loads of the source.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  const bundles = Object.fromEntries(BUNDLED.map((e) => [e, join(dir, `${name(e)}.mjs`)])) as Record<BundledEntry, string>;
  project.provide('bundles', bundles);
  project.provide('serverBundle', bundles['server/main.ts']);
  // The PostgreSQL clusters of the run copy one template cluster (test/postgres-server.ts), made by
  // the first that starts; the workers inherit the variable.
  const pgTemplate = join(tmpdir(), `pg-template-${process.pid}`);
  process.env[TEMPLATE_ENV] = pgTemplate;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(pgTemplate, { recursive: true, force: true });
  };
}
