// Walks each generated document as committed (generated/openapi/*.json) and holds it to what the
// server does (decisions C-answers, C-limits, *-form, C-links): every status an operation can
// answer is declared and shared through components/responses; every integer, string and list is
// bounded; no pattern is written with `\/`; form bodies say how they nest; links name real
// operations and parameters.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveObject } from '../../contracts/shared/openapi-walk.ts';

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const APIS = ['exchange', 'merchant', 'partner'] as const;
const load = (api: string) => JSON.parse(readFileSync(new URL(`../../generated/openapi/${api}.json`, import.meta.url), 'utf8')) as Json;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const deref = (doc: Json, node: unknown): Json => resolveObject(doc, node);

function operations(doc: Json): { key: string; op: Json; path: string }[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    METHODS.filter((m) => isRecord(item[m])).map((m) => ({ key: `${m} ${path}`, op: item[m] as Json, path })),
  );
}

/** Every schema-like node (an object with `type`), with its location; examples are data, not schemas. */
function schemaNodes(node: unknown, at: string, out: [string, Json][] = []): [string, Json][] {
  if (Array.isArray(node)) node.forEach((n, i) => schemaNodes(n, `${at}/${i}`, out));
  else if (isRecord(node)) {
    if (typeof node.type === 'string' || Array.isArray(node.type)) out.push([at, node]);
    for (const [k, v] of Object.entries(node)) if (k !== 'example' && k !== 'examples') schemaNodes(v, `${at}/${k}`, out);
  }
  return out;
}
const typed = (n: Json, t: string) => n.type === t || (Array.isArray(n.type) && n.type.includes(t));

describe.each(APIS)('%s document', (api) => {
  const doc = load(api);
  const ops = operations(doc);
  const validation = api === 'exchange' ? '400' : '422';
  const nodes = schemaNodes(doc, '#');

  it.each(ops.map((o) => [o.key, o] as const))('%s declares every status it can answer, errors as $refs', (_key, { op }) => {
    const statuses = Object.keys(op.responses as Json);
    const secured = Array.isArray(op.security) && op.security.some((s) => Object.keys(s as Json).length > 0);
    const expected = [validation, '404', '405', '429', '500', '503', ...(secured ? ['401'] : []), ...(op.requestBody ? ['413', '415'] : [])];
    if (op.requestBody && api !== 'exchange') expected.push('400');
    expect(statuses).toEqual(expect.arrayContaining(expected));
    for (const [status, response] of Object.entries(op.responses as Json)) {
      if (Number(status) < 400) continue;
      expect((response as Json).$ref, status).toMatch(/^#\/components\/responses\/[A-Za-z0-9._-]+$/);
      const resolved = deref(doc, response);
      const headers = Object.keys((resolved.headers ?? {}) as Json);
      if (status === '429' || status === '503') expect(headers, status).toContain('Retry-After');
      if (status === '405') expect(headers, status).toContain('Allow');
    }
  });

  it('writes each shared response once, and every one is used', () => {
    const used = new Set(JSON.stringify(doc.paths).match(/#\/components\/responses\/[^"]+/g));
    expect([...used].sort()).toEqual(Object.keys((doc.components as Json).responses as Json).map((n) => `#/components/responses/${n}`).sort());
  });

  it('bounds every integer with a minimum and a maximum of at most 2^53 - 1', () => {
    const bad = nodes.filter(([, n]) => typed(n, 'integer')).filter(([, n]) => {
      const min = n.minimum ?? n.exclusiveMinimum;
      const max = n.maximum ?? n.exclusiveMaximum;
      return typeof min !== 'number' || typeof max !== 'number' || max > Number.MAX_SAFE_INTEGER || min < -Number.MAX_SAFE_INTEGER;
    });
    expect(bad.map(([at]) => at)).toEqual([]);
  });

  it('gives every string without an enum or const a maxLength', () => {
    const bad = nodes.filter(([, n]) => typed(n, 'string') && n.maxLength === undefined && n.enum === undefined && n.const === undefined);
    expect(bad.map(([at]) => at)).toEqual([]);
  });

  it('gives every array a maxItems', () => {
    expect(nodes.filter(([, n]) => typed(n, 'array') && n.maxItems === undefined).map(([at]) => at)).toEqual([]);
  });

  it('writes no pattern with \\/ (generators break on it)', () => {
    expect(nodes.filter(([, n]) => typeof n.pattern === 'string' && n.pattern.includes('\\/')).map(([at, n]) => `${at}: ${String(n.pattern)}`)).toEqual([]);
  });

  it('gives every form media type an encoding for each of its fields', () => {
    for (const { key, op } of ops) {
      const form = deref(doc, (op.requestBody as Json | undefined)?.content && ((op.requestBody as Json).content as Json)['application/x-www-form-urlencoded']);
      if (!op.requestBody) continue;
      expect(form.encoding, key).toBeDefined();
      for (const [field, enc] of Object.entries(form.encoding as Record<string, Json>)) {
        expect(['deepObject', 'form'], `${key} ${field}`).toContain(enc.style);
        expect(enc.explode, `${key} ${field}`).toBe(true);
      }
    }
  });

  it('links only to operations of the document, with parameters they have', () => {
    const byId = new Map(ops.map((o) => [o.op.operationId as string, o]));
    for (const { key, op } of ops) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        for (const [name, link] of Object.entries((deref(doc, response).links ?? {}) as Record<string, Json>)) {
          const target = byId.get(link.operationId as string);
          expect(target, `${key} ${status} ${name}`).toBeDefined();
          const params = new Set(((target!.op.parameters ?? []) as Json[]).map((p) => String(deref(doc, p).name)));
          for (const [param, expr] of Object.entries((link.parameters ?? {}) as Record<string, string>)) {
            expect(params.has(param.replace(/^(path|query)\./, '')), `${key} -> ${name}: ${param}`).toBe(true);
            expect(expr, `${key} -> ${name}`).toMatch(/^\$response\.body#\/[A-Za-z0-9_/]+$/);
          }
        }
      }
    }
  });
});

// S-prefer answers a declared status with its example: a response without one cannot be asked for.
describe.each([...APIS, 'sandbox'] as const)('%s document: every declared answer can be asked for with Prefer', (api) => {
  const doc = load(api);
  it('gives every response body of every operation an example', () => {
    const missing: string[] = [];
    for (const { key, op } of operations(doc)) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        for (const [type, media] of Object.entries((deref(doc, response).content ?? {}) as Record<string, Json>)) {
          if (media.example === undefined && media.examples === undefined) missing.push(`${key} ${status} ${type}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe.each([...APIS, 'sandbox'] as const)('%s document: request defaults', (api) => {
  const doc = load(api);
  /** The components a schema reaches through its $refs. */
  const reached = (node: unknown, out = new Set<string>()): Set<string> => {
    if (Array.isArray(node)) node.forEach((n) => reached(n, out));
    else if (isRecord(node)) {
      if (typeof node.$ref === 'string' && !out.has(node.$ref)) {
        out.add(node.$ref);
        reached(deref(doc, node), out);
      }
      for (const [k, v] of Object.entries(node)) if (k !== 'example' && k !== 'examples') reached(v, out);
    }
    return out;
  };
  const defaulted = (schema: Json) => schemaNodes(schema, '').some(([, n]) => isRecord(n.properties) && Object.values(n.properties).some((p) => isRecord(p) && 'default' in p));

  it('no request body refers to a shared component that gives a field a default (generators would make the field required)', () => {
    const bodies = operations(doc).flatMap(({ key, op }) => Object.values((deref(doc, op.requestBody).content ?? {}) as Record<string, Json>).map((m) => [key, m.schema] as const));
    const offending = bodies.flatMap(([key, schema]) => [...reached(schema)].filter((r) => defaulted(deref(doc, { $ref: r }))).map((r) => `${key}: ${r}`));
    expect(bodies.length).toBeGreaterThan(0);
    expect(offending).toEqual([]);
  });
});
