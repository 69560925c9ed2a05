// The server's import structure, checked: no import loops anywhere in server/, and storage stays
// behind its ports (server/ports): the sandbox (the reference implementations and the exchange
// engine) never imports an implementation (server/state: SQLite, server/stores: Redis), nor the
// implementations the sandbox. Imports are read by test/import-graph.ts (type-only imports count:
// a loop of types is still a loop a reader must follow); test/architecture.test.ts checks the
// loops and layers of the whole source.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adjacency, importCycles, readImportGraph } from '../test/import-graph.ts';

const ROOT = resolve(import.meta.dirname, '..');
const graph = adjacency(readImportGraph(ROOT, ['server']));
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
