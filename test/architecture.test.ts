// The import structure of the shipped source (contracts/, client/, server/, tools/, scripts/, bin/),
// checked: no file imports itself back through others, the folders of server/ stand on floors and
// only import downwards, and the layer rules of the layout hold (client and server never import
// each other; contracts import only contracts and the schema packages; the shipped tools never
// import the build scripts, and nothing below them imports a tool).
//
// Every import counts, `import type` included: a loop of types does not deadlock a module load,
// but a reader still follows it round, and it stops either module from moving or shipping alone
// (the five loops this test first found outside server/ were all type-only).
//
// No folder of server/ imports one on its own floor or above: a type two floors share lives on the
// lower one (the storage ports own their records, core/ holds what every layer uses), and where a
// lower folder needs something of a higher one it states the shape it needs and the higher one
// satisfies it (http/routed-api.ts, the sandbox hooks each API's reference handlers state).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adjacency, grouped, importCycles, importsOf, readImportGraph } from './import-graph.ts';

const ROOT = resolve(import.meta.dirname, '..');
const graph = readImportGraph(ROOT, ['contracts', 'client', 'server', 'tools', 'scripts', 'bin']);
const files = adjacency(graph);

/** The folder of a server file: its first-level subfolder, or `root` for server/*.ts. */
function serverFolder(file: string): string | undefined {
  if (!file.startsWith('server/')) return undefined;
  const m = /^server\/([^/]+)\//.exec(file);
  return m ? m[1]! : 'root';
}

/**
 * The floors of server/, bottom first: a folder may import folders on lower floors only. The root
 * files are one layer, on top: app.ts, index.ts, serve.ts compose everything below.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['core'], // what every layer shares: the failures a request can end in, the request's state, the clock
  ['ports'], // storage interfaces and the records they store
  ['validation'], // document validation
  ['http'], // the request pipeline: routing, failures, idempotency
  ['error-bodies'], // each API's error body
  ['auth'], // the three APIs' authentication
  ['config'], // the server's configuration (its schema takes the key shapes of auth/keys.ts)
  ['api'], // what an API module is, its handler map
  ['exchange', 'merchant', 'partner'], // each API: its module and reference handlers
  ['sandbox', 'state', 'stores', 'metrics'], // sandbox control beside the storage drivers and the metrics, apart from each other
  ['root'],
];

/** Packages contracts/ may import: the schema library, its OpenAPI generator, and the X1 HMAC (pure JS, so signing runs in browsers too). */
const CONTRACT_PACKAGES = ['@asteasolutions/zod-to-openapi', '@noble/hashes', 'zod'];

const folders = grouped(files, serverFolder);
const floorOf = (folder: string): number => FLOORS.findIndex((floor) => floor.includes(folder));
/** Every folder import of server/ that goes up or sideways, with the files that make it. */
const upward = [...folders].flatMap(([from, tos]) =>
  tos
    .filter((to) => floorOf(to) >= floorOf(from))
    .map((to) => `${from} -> ${to}: ${[...files].flatMap(([f, ts]) => (serverFolder(f) === from ? ts.filter((t) => serverFolder(t) === to).map((t) => `${f} -> ${t}`) : [])).join(', ')}`),
);

/** The folder graph of server/ as the Markdown table of docs/guides/architecture-layers.md. */
function folderTable(): string {
  const rows = FLOORS.flatMap((floor, i) => floor.map((folder) => `| ${i + 1} | \`${folder}\` | ${(folders.get(folder) ?? []).join(', ') || '-'} |`));
  return ['| floor | folder | imports |', '|---|---|---|', ...rows.reverse()].join('\n');
}

describe('the import scanner', () => {
  it('reads imports and re-exports, marks type-only ones, and skips dynamic imports, strings and comments', () => {
    const text = [
      "import a, { b } from './a.js';",
      "import type { C } from './c.ts';",
      "import {\n  type D,\n  e,\n} from '../d.ts';",
      "import './side-effect.ts';",
      "export { f } from './f.ts';",
      "export type { G } from './g.ts';",
      "export * from 'zod';",
      "// import { h } from './h.ts';",
      "const s = \"import { i } from './i.ts'\";",
      "const t = `export { j } from './j.ts'`;",
      "const k = await import('./k.ts');",
    ].join('\n');
    expect(importsOf(text)).toEqual([
      { specifier: './a.js', typeOnly: false },
      { specifier: './c.ts', typeOnly: true },
      { specifier: '../d.ts', typeOnly: false },
      { specifier: './side-effect.ts', typeOnly: false },
      { specifier: './f.ts', typeOnly: false },
      { specifier: './g.ts', typeOnly: true },
      { specifier: 'zod', typeOnly: false },
    ]);
  });

  it('finds the loops it is meant to find, and only those', () => {
    const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a', 'd']], ['e', ['a']]]);
    expect(importCycles(g)).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('reads the whole source', () => {
    expect(files.get('server/app.ts')?.length).toBeGreaterThan(5);
    expect(files.get('contracts/shared/operation.ts')).toContain('contracts/shared/idempotency.ts');
    expect(files.has('client/index.ts') && files.has('scripts/generate.ts') && files.has('tools/contract/runner.ts') && files.has('bin/cli.ts')).toBe(true);
  });
});

describe('import structure', () => {
  it('has no file-level import loop in contracts/, client/, server/, tools/, scripts/ or bin/', () => {
    expect(importCycles(files)).toEqual([]);
  });

  it('client/ never imports server/, server/ never imports client/', () => {
    const crossing = [...files].flatMap(([from, tos]) =>
      tos.filter((to) => (from.startsWith('client/') && to.startsWith('server/')) || (from.startsWith('server/') && to.startsWith('client/'))).map((to) => `${from} -> ${to}`),
    );
    expect(crossing).toEqual([]);
  });

  it('tools/ (the shipped tools) never import scripts/ (the build), and contracts/, client/, server/ never import tools/', () => {
    const below = ['contracts/', 'client/', 'server/'];
    const crossing = [...files].flatMap(([from, tos]) =>
      tos.filter((to) => (from.startsWith('tools/') && to.startsWith('scripts/')) || (below.some((b) => from.startsWith(b)) && to.startsWith('tools/'))).map((to) => `${from} -> ${to}`),
    );
    expect(crossing).toEqual([]);
  });

  it('contracts/ import only contracts/ and the schema packages', () => {
    const outside = [...files].flatMap(([from, tos]) => (from.startsWith('contracts/') ? tos.filter((to) => !to.startsWith('contracts/')).map((to) => `${from} -> ${to}`) : []));
    expect(outside).toEqual([]);
    const packages = [...graph.packages].flatMap(([from, names]) => (from.startsWith('contracts/') ? names.filter((n) => !CONTRACT_PACKAGES.includes(n)).map((n) => `${from} -> ${n}`) : []));
    expect(packages).toEqual([]);
  });
});

describe('the folders of server/ stand on floors', () => {
  it('places every folder of server/ on a floor', () => {
    const unplaced = [...folders.keys()].filter((f) => floorOf(f) < 0);
    expect(unplaced, 'add the new folder to FLOORS').toEqual([]);
  });

  it('imports only downwards', () => {
    expect(upward, 'an import going up or sideways makes a loop between folders: move the type to the floor that owns it, or let the lower folder state what it needs').toEqual([]);
  });

  it('the folders form no loop', () => {
    expect(importCycles(folders)).toEqual([]);
  });

  it('nothing below the root imports a root file (what every layer shares lives in core/)', () => {
    const other = [...files].flatMap(([from, tos]) =>
      serverFolder(from) !== undefined && serverFolder(from) !== 'root' ? tos.filter((to) => serverFolder(to) === 'root').map((to) => `${from} -> ${to}`) : [],
    );
    expect(other).toEqual([]);
  });

  it('docs/guides/architecture-layers.md prints the folder graph as it is', () => {
    const path = join(ROOT, 'docs/guides/architecture-layers.md');
    const markers = /(<!-- folder-graph -->\n)[\s\S]*?(\n<!-- \/folder-graph -->)/;
    // UPDATE_LAYERS=1 rewrites the table, as a snapshot update would.
    if (process.env.UPDATE_LAYERS) writeFileSync(path, readFileSync(path, 'utf8').replace(markers, (_m, open: string, close: string) => open + folderTable() + close));
    const table = /<!-- folder-graph -->\n([\s\S]*?)\n<!-- \/folder-graph -->/.exec(readFileSync(path, 'utf8'))?.[1];
    expect(table, 'run UPDATE_LAYERS=1 npx vitest run test/architecture.test.ts').toBe(folderTable());
  });
});
