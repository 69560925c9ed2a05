// JSON pointers (RFC 6901) and local `$ref` resolution.
import type { Doc } from './finding.ts';

export function escape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function join(ptr: string, ...tokens: (string | number)[]): string {
  return ptr + tokens.map((t) => `/${escape(String(t))}`).join('');
}

export function get(doc: Doc, ptr: string): unknown {
  if (ptr === '') return doc;
  let cur: unknown = doc;
  for (const raw of ptr.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[token];
  }
  return cur;
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Follows local `$ref`s (at most 32 hops); returns the target and its pointer. */
export function deref(doc: Doc, value: unknown, ptr: string): { value: unknown; ptr: string } {
  let cur = value;
  let at = ptr;
  for (let hops = 0; hops < 32 && isObject(cur) && typeof cur.$ref === 'string'; hops++) {
    const ref = cur.$ref;
    if (!ref.startsWith('#')) throw new Error(`only local $ref is supported: ${ref} at ${at}`);
    at = decodeURIComponent(ref.slice(1));
    cur = get(doc, at);
    if (cur === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return { value: cur, ptr: at };
}
