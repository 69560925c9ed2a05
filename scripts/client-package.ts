// The light client package, packages/client (`cryptopay-openapi-client`): the compiled client
// entries of dist/ and every module they import (client/, the few contract files they sign and
// verify with), nothing of the server. `npm run build` calls this after compiling, so both
// packages are built from the same sources by the same tsc run. It fails when a copied module
// imports a package that packages/client/package.json does not declare.
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

/** The package's entries, as compiled into dist/client/. */
export const CLIENT_ENTRIES = ['index', 'exchange', 'merchant', 'partner', 'sandbox', 'webhooks-express'] as const;

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

/** The package name of a bare specifier: `@noble/hashes/hmac.js` -> `@noble/hashes`. */
const packageOf = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');

/** Every file of dist/ the entries reach (.js and .d.ts, relative imports), and the packages they import. */
export function clientClosure(dist: string): { files: string[]; packages: { runtime: Set<string>; types: Set<string> } } {
  const files = new Set<string>();
  const packages = { runtime: new Set<string>(), types: new Set<string>() };
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const typesFile = file.endsWith('.d.ts');
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (spec!.startsWith('.')) {
        const target = resolve(dirname(file), spec!);
        visit(typesFile ? target.replace(/\.(js|ts)$/, '.d.ts') : target);
      } else if (!spec!.startsWith('node:') && !builtinModules.includes(spec!)) {
        (typesFile ? packages.types : packages.runtime).add(packageOf(spec!));
      }
    }
  };
  for (const entry of CLIENT_ENTRIES) {
    visit(join(dist, 'client', `${entry}.js`));
    visit(join(dist, 'client', `${entry}.d.ts`));
  }
  return { files: [...files].map((f) => relative(dist, f)).sort(), packages };
}

/** Copies the closure (with declaration maps) into packages/client/dist; returns the files copied. */
export function buildClientPackage(root: string): string[] {
  const dist = join(root, 'dist');
  const target = join(root, 'packages/client/dist');
  const manifest = JSON.parse(readFileSync(join(root, 'packages/client/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  const { files, packages } = clientClosure(dist);
  const undeclared = [
    ...[...packages.runtime].filter((p) => !(p in manifest.dependencies)),
    // A type import of `express` is satisfied by `@types/express`.
    ...[...packages.types].filter((p) => ![p, `@types/${p}`].some((name) => name in manifest.dependencies || name in (manifest.peerDependencies ?? {}))),
  ];
  if (undeclared.length) throw new Error(`packages/client: the client imports ${undeclared.join(', ')}, not declared in packages/client/package.json`);
  rmSync(target, { recursive: true, force: true });
  for (const file of files) {
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(dist, file), join(target, file));
    if (file.endsWith('.d.ts')) cpSync(join(dist, `${file}.map`), join(target, `${file}.map`));
  }
  cpSync(join(root, 'LICENSE'), join(root, 'packages/client/LICENSE'));
  return files;
}
