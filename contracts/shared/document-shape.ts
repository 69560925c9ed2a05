// What the pipeline does to a generated document after zod-to-openapi: shared responses written
// once under `components/responses` (decision C-answers), and form media types that say how their
// nested fields are written (decision *-form). Both are read off the contract, so the document
// stays generated from one source.
import { eachOperation, eachSchema, isRecord, propertiesOf, requestBodyOf, resolveObject, walkSchema, type Json } from './openapi-walk.ts';
import type { OperationMap } from './operation.ts';
import { FORM_MEDIA_TYPE } from './operation.ts';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Moves every response whose spec names a component into `components/responses` and leaves a
 * `$ref` in its place. Two operations naming the same component must declare the same response;
 * an error response (4xx, 5xx) without a component is a contract bug. Both throw.
 */
export function hoistResponses(doc: Json, operations: OperationMap): void {
  const paths = doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
  const components = (doc.components ??= {}) as Json;
  const shared = (components.responses ??= {}) as Record<string, unknown>;
  for (const [operationId, op] of Object.entries(operations)) {
    const oasPath = op.path;
    const responses = paths[oasPath]?.[op.method]?.responses;
    if (!responses) throw new Error(`${operationId}: ${op.method} ${oasPath} is not in the document`);
    for (const [status, spec] of Object.entries(op.responses)) {
      if (!spec.component) {
        if (Number(status) >= 400) throw new Error(`${operationId}: error response ${status} names no component`);
        continue;
      }
      const written = responses[status];
      const existing = shared[spec.component];
      if (existing !== undefined && !same(existing, written)) {
        throw new Error(`${operationId}: response ${status} differs from the component ${spec.component} another operation declared`);
      }
      shared[spec.component] = written;
      responses[status] = { $ref: `#/components/responses/${spec.component}` };
    }
  }
  components.responses = Object.fromEntries(Object.entries(shared).sort(([a], [b]) => a.localeCompare(b)));
}

const kindOf = (doc: Json, schema: unknown, on: readonly Json[] = []): 'object' | 'array' | 'scalar' => {
  const s = resolveObject(doc, schema);
  const variants = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []));
  if (s.type === 'object' || isRecord(s.properties)) return 'object';
  if (s.type === 'array') return 'array';
  if (on.includes(s)) return 'scalar';
  const kinds = variants.map((v) => kindOf(doc, v, [...on, s]));
  return kinds.includes('object') ? 'object' : kinds.includes('array') ? 'array' : 'scalar';
};

/** True when the value nests beyond what `deepObject` says: an object inside an object, or an array of objects. */
function nestsDeeper(doc: Json, schema: unknown, depth: number): boolean {
  const kind = kindOf(doc, schema);
  if (kind === 'array') {
    const items = resolveObject(doc, schema).items;
    return kindOf(doc, items) !== 'scalar' || depth > 0;
  }
  if (kind !== 'object') return false;
  if (depth > 0) return true;
  return Object.values(propertiesOf(doc, schema)).some((p) => nestsDeeper(doc, p, depth + 1));
}

/** The marker of a form media type whose fields nest as Rack does, beyond OpenAPI's `deepObject`. */
export const FORM_NESTING_EXTENSION = 'x-form-nesting';

/**
 * Gives every form media type an `encoding`: `deepObject` with `explode` for each object-valued
 * field (`payment[amount]=10`), `form` with `explode` for scalars and arrays of scalars (`a=1&a=2`). Where a
 * field nests deeper or is an array of objects (`orders[][side]=buy`), which OpenAPI cannot say,
 * the media type carries `x-form-nesting: rack` and the form decision says what it means.
 */
export function formEncodings(doc: Json): void {
  const bodies = eachOperation(doc).flatMap(({ operation }) => {
    const content = requestBodyOf(doc, operation)?.content;
    return isRecord(content) && isRecord(content[FORM_MEDIA_TYPE]) ? [content[FORM_MEDIA_TYPE]] : [];
  });
  for (const media of bodies) {
    const properties = propertiesOf(doc, media.schema);
    const encoding: Record<string, { style: string; explode: boolean }> = {};
    let rack = false;
    for (const [name, schema] of Object.entries(properties)) {
      const kind = kindOf(doc, schema);
      if (kind === 'object') encoding[name] = { style: 'deepObject', explode: true };
      else if (kind === 'scalar' || kindOf(doc, resolveObject(doc, schema).items) === 'scalar') encoding[name] = { style: 'form', explode: true };
      rack ||= nestsDeeper(doc, schema, 0);
    }
    media.encoding = encoding;
    if (rack) media[FORM_NESTING_EXTENSION] = 'rack';
  }
}

/**
 * Writes every `pattern` without `\/`: zod-to-openapi emits a RegExp's `source`, which escapes
 * `/`, and orval and openapi-zod-client then emit broken code. `/` needs no escape in ECMA-262 or
 * JSON Schema patterns, so both spellings are the same rule.
 */
const ESCAPED_SLASH = /((?:^|[^\\])(?:\\\\)*)\\\//g;
/** `^https:\/\/` -> `^https://`; an escaped backslash before a slash (`\\/`) stays. */
export function unescapeSlashes(pattern: string): string {
  let out = pattern;
  for (let prev = ''; prev !== out; ) [prev, out] = [out, out.replace(ESCAPED_SLASH, '$1/')];
  return out;
}

/** Every `pattern` of a document's schemas without `\/` (unescapeSlashes). */
export function plainSlashes(doc: Json): void {
  eachSchema(doc, plainPattern);
}

/** The same for one JSON Schema and every schema below it (a schema file with its `$defs`). */
export function plainSlashesOfSchema(schema: Json): void {
  walkSchema(schema, plainPattern);
}

function plainPattern(schema: Json): void {
  if (typeof schema.pattern === 'string') schema.pattern = unescapeSlashes(schema.pattern);
}
