// The table-driven corpus: each case mutates our own generated documents and expects exactly the
// listed findings (nothing more, nothing less).
import { describe, expect, it } from 'vitest';
import { boundCases } from './corpus-bounds.ts';
import { contentCases } from './corpus-content.ts';
import { hardCases } from './corpus-hard.ts';
import { TODAY, load, type Case, type Expect } from './corpus-kit.ts';
import { operationCases } from './corpus-operations.ts';
import { encodedRestCases, payloadCases } from './corpus-payloads.ts';
import { renameCases } from './corpus-renames.ts';
import { schemaCases } from './corpus-schema.ts';
import { catalog } from './catalog.ts';
import { diffDocuments } from './index.ts';

export const corpus: Case[] = [...operationCases, ...contentCases, ...schemaCases, ...hardCases, ...boundCases, ...renameCases, ...payloadCases, ...encodedRestCases];

function run(c: Case): Expect[] {
  const base = load(c.api);
  const rev = load(c.api);
  c.base?.(base);
  c.rev?.(rev);
  return diffDocuments(base, rev, { today: TODAY }).map((f) => [f.id, f.level, f.base, f.revision]);
}

const key = (e: Expect) => e.join(' ');

describe('diff corpus', () => {
  it('has at least 80 cases with unique names', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(80);
    expect(new Set(corpus.map((c) => c.name)).size).toBe(corpus.length);
  });
  it('covers every REST rule of the catalog, at its catalogued level, and reports nothing outside it', () => {
    const rules = catalog();
    const seen = new Map<string, Set<string>>();
    for (const c of corpus) for (const [id, level] of c.expect) seen.set(id, (seen.get(id) ?? new Set()).add(level));
    for (const [id, levels] of seen) {
      expect(rules[id], id).toBeDefined();
      for (const level of levels) expect(rules[id]!.split('/'), id).toContain(level);
    }
    const uncovered = Object.keys(rules).filter((id) => !id.startsWith('webhook-request-') && !id.startsWith('webhook-response-') && !seen.has(id));
    expect(uncovered).toEqual([]);
  });
  it.each(corpus.map((c) => [`${c.api}: ${c.name}`, c] as const))('%s', (_name, c) => {
    expect(run(c).map(key).sort()).toEqual(c.expect.map(key).sort());
  });
});
