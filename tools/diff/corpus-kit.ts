// The corpus's building blocks: a case mutates fresh copies of one of our generated documents
// (base and/or revision) and lists every finding it expects, as [id, level, base, revision].
import { readFileSync } from 'node:fs';
import { namedSchemaPointers } from '../../contracts/shared/document-readers.ts';
import type { Level } from './finding.ts';
import { escapeToken, getPointer } from '../../contracts/shared/openapi-walk.ts';

export type Api = 'exchange' | 'merchant' | 'partner';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;
export type Expect = [id: string, level: Level, base: string, revision: string];

export interface Case {
  name: string;
  api: Api;
  base?: (d: Json) => void;
  rev?: (d: Json) => void;
  expect: Expect[];
}

/** The date the corpus runs at, for sunset rules. */
export const TODAY = '2026-11-25';

const cache = new Map<Api, string>();
export function load(api: Api): Json {
  if (!cache.has(api)) cache.set(api, readFileSync(new URL(`../../generated/openapi/${api}.json`, import.meta.url), 'utf8'));
  return JSON.parse(cache.get(api)!);
}

const where = new Map<string, string>();
/**
 * Where the schema named `name` is written: its component, or, for a request schema that gives a
 * field a default (which the documents write into each request body that uses it), its copy in the
 * first of those bodies. A case that changes that copy changes that body only.
 */
function schemaPointer(name: string): string {
  if (!where.has(name)) {
    const found = (['exchange', 'merchant', 'partner'] as const).map((api) => namedSchemaPointers(load(api), name)[0]).find((p) => p !== undefined);
    where.set(name, found ? found.slice(1) : `/components/schemas/${escapeToken(name)}`);
  }
  return where.get(name)!;
}

export const S = (name: string, ...rest: (string | number)[]) => [schemaPointer(name), ...rest.map((r) => escapeToken(String(r)))].join('/');
export const P = (path: string, ...rest: (string | number)[]) => ['/paths', escapeToken(path), ...rest.map((r) => escapeToken(String(r)))].join('/');

/** The object at a pointer of a document (throws when missing, so a stale case fails loudly). */
export function at(d: Json, ptr: string): Json {
  const v = getPointer(d, ptr);
  if (v === undefined) throw new Error(`corpus: nothing at ${ptr}`);
  return v;
}

export function schema(d: Json, name: string): Json {
  return at(d, S(name));
}

/** Renames a component schema and every `$ref` to it. */
export function renameSchema(d: Json, from: string, to: string): void {
  const schemas = d.components.schemas;
  const entries = Object.entries(schemas).map(([k, v]) => [k === from ? to : k, v] as const);
  d.components.schemas = Object.fromEntries(entries);
  const walk = (v: Json): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === '$ref' && x === `#/components/schemas/${from}`) v[k] = `#/components/schemas/${to}`;
        else walk(x);
      }
    }
  };
  walk(d);
}

export function reverseKeys(o: Json): Json {
  return Object.fromEntries(Object.entries(o).reverse());
}
