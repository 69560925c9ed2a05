// The import graph of the toolkit's source, read with the TypeScript parser (no resolution, no
// type checking): for each .ts file, the files it imports through relative specifiers and the
// packages it imports by name. Re-exports (`export ... from`) are imports. Dynamic `import()` is
// not: it runs after the importing module has finished loading, so it cannot close a load loop.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

export interface Edge {
  /** The imported file, repo-relative; a path outside the scanned folders is kept as written (resolved, `.js` -> `.ts`). */
  readonly to: string;
  /** `import type` / `export type`: erased by the compiler, never loaded at run time. */
  readonly typeOnly: boolean;
}

export interface ImportGraph {
  /** file (repo-relative, `/`-separated) -> the repo files it imports (relative specifiers). */
  readonly files: Map<string, Edge[]>;
  /** file -> the packages it imports by name (`zod`, `@scope/pkg`; `node:` built-ins kept as written). */
  readonly packages: Map<string, string[]>;
}

// Tests and their helpers are not part of the shipped graph (they may import across layers).
const TEST_FILE = /(\.test(-d|-helpers)?\.ts|^testkit\.ts)$/;

function posix(p: string): string {
  return p.split(sep).join('/');
}

export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') && !TEST_FILE.test(e.name))
      .map((e) => posix(relative(root, join(e.parentPath, e.name)))),
  ).sort();
}

function packageName(specifier: string): string {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier)) return specifier;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Every `import ... from`, `import '...'` and `export ... from` of one source text. */
export function importsOf(text: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: { specifier: string; typeOnly: boolean }[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      out.push({ specifier: statement.moduleSpecifier.text, typeOnly: statement.importClause?.isTypeOnly === true });
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      out.push({ specifier: statement.moduleSpecifier.text, typeOnly: statement.isTypeOnly });
    }
  }
  return out;
}

export function readImportGraph(root: string, dirs: readonly string[]): ImportGraph {
  const list = sourceFiles(root, dirs);
  const known = new Set(list);
  const files = new Map<string, Edge[]>();
  const packages = new Map<string, string[]>();
  for (const file of list) {
    const edges: Edge[] = [];
    const names = new Set<string>();
    for (const { specifier, typeOnly } of importsOf(readFileSync(join(root, file), 'utf8'))) {
      if (!specifier.startsWith('.')) {
        names.add(packageName(specifier));
        continue;
      }
      const target = posix(relative(root, resolve(root, dirname(file), specifier))).replace(/\.js$/, '.ts');
      const resolved = [target, `${target}.ts`, `${target}/index.ts`].find((t) => known.has(t));
      edges.push({ to: resolved ?? target, typeOnly });
    }
    files.set(file, edges);
    packages.set(file, [...names].sort());
  }
  return { files, packages };
}

/** The graph as plain adjacency, keeping only the edges `keep` accepts. */
export function adjacency(graph: ImportGraph, keep: (edge: Edge) => boolean = () => true): Map<string, string[]> {
  return new Map([...graph.files].map(([file, edges]) => [file, [...new Set(edges.filter(keep).map((e) => e.to))]]));
}

/** Collapses files into groups (`groupOf` returns undefined to drop a file); self-edges dropped. */
export function grouped(adj: Map<string, string[]>, groupOf: (file: string) => string | undefined): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const [file, tos] of adj) {
    const from = groupOf(file);
    if (from === undefined) continue;
    const set = out.get(from) ?? new Set<string>();
    out.set(from, set);
    for (const to of tos) {
      const g = groupOf(to);
      if (g !== undefined && g !== from) set.add(g);
    }
  }
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]));
}

/** Every strongly connected component of more than one node, or a node importing itself (Tarjan). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
