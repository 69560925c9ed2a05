// What a service loads when it mounts a validator or the auth middleware: the protocol (each API's
// auth, error body, wire forms, operation table) and the HTTP pipeline, never the reference
// handlers, the matching engine, the sandbox control, the state or a storage driver. createServer
// composes those on top. Read statically from the import graph: every import a module runs when it
// loads (`import type` is erased by the compiler and loads nothing); what their types still name
// of the implementation is listed as a debt below.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImportGraph, type ImportGraph } from './import-graph.ts';

const ROOT = resolve(import.meta.dirname, '..');
const graph = readImportGraph(ROOT, ['contracts', 'server']);

/** The files `entry` loads, itself included: the closure over its run-time imports (with `types`, its type imports too). */
function loadClosure(g: ImportGraph, entry: string, types = false): string[] {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const edge of g.files.get(file) ?? []) if (types || !edge.typeOnly) stack.push(edge.to);
  }
  return [...seen].sort();
}

const IMPLEMENTATION = /^server\/([^/]+\/reference\/|exchange\/engine\/|sandbox\/|state\/|stores\/)/;
const DRIVERS = ['better-sqlite3', 'pg', 'ioredis', 'fast-check'];

// What their types still name of the implementation, and why (none since the validators take the
// request stores port, server/ports/request-stores.ts, instead of all of SharedStores). The list only shrinks.
const TYPE_DEBTS: Record<string, string[]> = {
  'server/validators.ts': [],
  'server/auth/index.ts': [],
  'server/endpoints.ts': [],
  'server/middleware.ts': [],
};

/**
 * The modules each entry loads today, at most (the middleware package ships this closure): the
 * figures only shrink. Each API's protocol brought its own document in place of server/spec.ts,
 * which loaded all four: 102/106 -> 100/104, and no sandbox document.
 */
const MODULES: Record<string, number> = {
  'server/validators.ts': 100,
  'server/auth/index.ts': 51,
  'server/endpoints.ts': 101,
  'server/middleware.ts': 104,
};
const API_DOCUMENTS = ['generated/openapi/exchange.document.ts', 'generated/openapi/merchant.document.ts', 'generated/openapi/partner.document.ts'];

// server/middleware.ts is the entry of the middleware package (packages/middleware), server/endpoints.ts its typed endpoints.
describe.each(['server/validators.ts', 'server/auth/index.ts', 'server/endpoints.ts', 'server/middleware.ts'])('%s loads only the protocol and the HTTP pipeline', (entry) => {
  const closure = loadClosure(graph, entry);

  it('reads a closure that reaches the protocol (the reader follows the imports)', () => {
    expect(graph.files.has(entry)).toBe(true);
    expect(closure).toContain('server/auth/exchange.ts');
    expect(closure).toContain('server/core/errors.ts');
  });

  it('no reference handlers, engine, sandbox, state or storage driver among its files', () => {
    expect(closure.filter((file) => IMPLEMENTATION.test(file))).toEqual([]);
  });

  it('its types name no more of the implementation than the listed debts', () => {
    expect(loadClosure(graph, entry, true).filter((file) => IMPLEMENTATION.test(file))).toEqual(TYPE_DEBTS[entry]);
  });

  it('loads the three APIs\' own documents at most, never the sandbox\'s, and no more modules than it did', () => {
    const documents = closure.filter((file) => file.startsWith('generated/openapi/'));
    expect(documents).toEqual(entry === 'server/auth/index.ts' ? [] : API_DOCUMENTS);
    expect(closure).not.toContain('server/spec.ts');
    expect(closure.length).toBeLessThanOrEqual(MODULES[entry]!);
  });

  it('no database, Redis or test package among its imports', () => {
    const packages = new Set(closure.flatMap((file) => graph.packages.get(file) ?? []));
    expect(DRIVERS.filter((name) => packages.has(name))).toEqual([]);
  });
});

describe('the closure reader', () => {
  it('finds the implementation createServer composes (what the check above would catch)', () => {
    const closure = loadClosure(graph, 'server/app.ts');
    expect(closure.filter((file) => IMPLEMENTATION.test(file)).length).toBeGreaterThan(0);
    expect(closure).toContain('server/stores/redis.ts');
    expect(closure).toContain('generated/openapi/sandbox.document.ts');
  });
});
