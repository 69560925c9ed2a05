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
// Folder imports that go up today are listed below as debts, one line each with why it stays. The
// test fails on an upward import not listed (a new loop in the making) and on a listed one that is
// gone (delete its line: the list only shrinks).
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

/** Every folder import of server/ that goes up or sideways today: `from -> to`, and why it stays. */
const KNOWN_UPWARD: Record<string, string> = {
  'api -> sandbox':
    "api/module.ts: HandlerContext hands the reference handlers the sandbox control (test clock, reset hooks, the fixture and delivery-log slots they fill); the slots' types are each API's own, a floor above api/, so api/ cannot state the control's shape without naming them",
};

/** Packages contracts/ may import: the schema library, its OpenAPI generator, and the X1 HMAC (pure JS, so signing runs in browsers too). */
const CONTRACT_PACKAGES = ['@asteasolutions/zod-to-openapi', '@noble/hashes', 'zod'];

const folders = grouped(files, serverFolder);
const floorOf = (folder: string): number => FLOORS.findIndex((floor) => floor.includes(folder));
const upward = [...folders].flatMap(([from, tos]) => tos.filter((to) => floorOf(to) >= floorOf(from)).map((to) => `${from} -> ${to}`)).sort();

/** The folder graph of server/ as the Markdown table of docs/guides/architecture-layers.md. */
function folderTable(): string {
  const rows = FLOORS.flatMap((floor, i) =>
    floor.map((folder) => {
      const tos = folders.get(folder) ?? [];
      const down = tos.filter((to) => floorOf(to) < i);
      const up = tos.filter((to) => floorOf(to) >= i);
      return `| ${i + 1} | \`${folder}\` | ${down.join(', ') || '-'} | ${up.join(', ') || '-'} |`;
    }),
  );
  return ['| floor | folder | imports (below) | imports (upward debts) |', '|---|---|---|---|', ...rows.reverse()].join('\n');
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

  it('imports only downwards, apart from the listed debts, and every listed debt still exists', () => {
    expect(upward, 'an import going up makes a loop between folders; a debt that is gone leaves the list').toEqual(Object.keys(KNOWN_UPWARD).sort());
  });

  it('without the listed debts the folders form no loop', () => {
    const pruned = new Map([...folders].map(([from, tos]) => [from, tos.filter((to) => !(`${from} -> ${to}` in KNOWN_UPWARD))]));
    expect(importCycles(pruned)).toEqual([]);
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
