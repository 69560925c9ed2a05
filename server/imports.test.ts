// The server's import structure, checked: no import loops anywhere in server/, and storage stays
// behind its ports (server/ports): the sandbox (the reference implementations and the exchange
// engine) never imports an implementation (server/state: SQLite, server/stores: Redis), nor the
// implementations the sandbox. Imports are read with the TypeScript compiler's own pre-processor
// (type-only imports count: a loop of types is still a loop a reader must follow).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(e.name) && e.name !== 'testkit.ts')
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

/** file -> the files of server/ it imports (relative specifiers only). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((s) => s.startsWith('.'))
      .map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)))
      .filter((t) => known.has(t));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every strongly connected component with more than one file, or a file importing itself (Tarjan). */
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
      if (scc.length > 1 || graph.get(v)!.includes(v)) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

const graph = importGraph(sourceFiles(join(ROOT, 'server')));
const SANDBOX = /^server\/(exchange\/engine|(exchange|merchant|partner)\/reference)\//;
const STORAGE = /^server\/(state|stores)\//;

describe('server import structure', () => {
  it('finds the loop it is meant to find', () => {
    const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(importCycles(g)).toEqual([['a', 'b', 'c']]);
  });

  it('reads the imports of the server', () => {
    expect(graph.get('server/app.ts')?.length).toBeGreaterThan(5);
  });

  it('has no import loops in server/', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('keeps the sandbox and the storage implementations apart (both import server/ports)', () => {
    const crossing = [...graph].flatMap(([from, tos]) =>
      tos.filter((to) => (SANDBOX.test(from) && STORAGE.test(to)) || (STORAGE.test(from) && SANDBOX.test(to))).map((to) => `${from} -> ${to}`),
    );
    expect(crossing).toEqual([]);
  });
});
