// The light client package, packages/client (`cryptopay-openapi-client`): the compiled client
// entries of dist/ and every module they import (client/, the few contract files they sign and
// verify with), nothing of the server. `npm run build` calls this after compiling, so the
// packages are built from the same sources by the same tsc run. It fails when a copied module
// imports a package that packages/client/package.json does not declare. The middleware package
// (scripts/middleware-package.ts) is copied the same way from its own entries.
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

/** The package's entries, as compiled into dist/client/. */
export const CLIENT_ENTRIES = ['index', 'exchange', 'merchant', 'partner', 'sandbox', 'webhooks-express'] as const;

// Import statements at the start of a line (tsc prints each on one line) and dynamic imports: text
// that only looks like one inside a string (the documents' code samples) is not followed.
const IMPORT = /^\s*(?:import\s*(?:[^'"\n;]*?\sfrom\s*)?|export\s[^'"\n;]*?\sfrom\s*)['"]([^'"\n]+)['"]|\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/gm;

/** The package name of a bare specifier: `@noble/hashes/hmac.js` -> `@noble/hashes`. */
const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

export interface Closure {
  files: string[];
  packages: { runtime: Set<string>; types: Set<string> };
}

/** Every file of dist/ the client entries reach (.js and .d.ts, relative imports), and the packages they import. */
export function clientClosure(dist: string): Closure {
  return closureOf(dist, CLIENT_ENTRIES.map((e) => `client/${e}`));
}

/** Every file of dist/ that `entries` (paths below dist/ without extension) reach, and the packages they import. */
export function closureOf(dist: string, entries: readonly string[]): Closure {
  const files = new Set<string>();
  const packages = { runtime: new Set<string>(), types: new Set<string>() };
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const typesFile = file.endsWith('.d.ts');
    for (const [, statement, dynamic] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = statement ?? dynamic;
      if (spec!.startsWith('.')) {
        const target = resolve(dirname(file), spec!);
        visit(typesFile ? target.replace(/\.(js|ts)$/, '.d.ts') : target);
      } else if (!spec!.startsWith('node:') && !builtinModules.includes(spec!)) {
        (typesFile ? packages.types : packages.runtime).add(packageOf(spec!));
      }
    }
  };
  for (const entry of entries) {
    visit(join(dist, `${entry}.js`));
    visit(join(dist, `${entry}.d.ts`));
  }
  return { files: [...files].map((f) => relative(dist, f)).sort(), packages };
}

/** Copies the closure (with declaration maps) into packages/client/dist; returns the files copied. */
export function buildClientPackage(root: string): string[] {
  return buildWorkspacePackage(root, 'packages/client', clientClosure(join(root, 'dist')));
}

/**
 * Copies a closure of dist/ (with declaration maps) into `<dir>/dist` and the LICENSE beside it;
 * returns the files copied. Fails when a copied module imports a package `<dir>/package.json` does not declare.
 */
export function buildWorkspacePackage(root: string, dir: string, { files, packages }: Closure): string[] {
  const dist = join(root, 'dist');
  const target = join(root, dir, 'dist');
  const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  const undeclared = [
    // A peer dependency (express, for middleware) is the consumer's own install.
    ...[...packages.runtime].filter((p) => !(p in manifest.dependencies) && !(p in (manifest.peerDependencies ?? {}))),
    // A type import of `express` is satisfied by `@types/express`.
    ...[...packages.types].filter((p) => ![p, `@types/${p}`].some((name) => name in manifest.dependencies || name in (manifest.peerDependencies ?? {}))),
  ];
  if (undeclared.length) throw new Error(`${dir}: its modules import ${undeclared.join(', ')}, not declared in ${dir}/package.json`);
  rmSync(target, { recursive: true, force: true });
  for (const file of files) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(dist, file), join(target, file));
    if (file.endsWith('.d.ts')) cpSync(join(dist, `${file}.map`), join(target, `${file}.map`));
  }
  cpSync(join(root, 'LICENSE'), join(root, dir, 'LICENSE'));
  return files;
}
