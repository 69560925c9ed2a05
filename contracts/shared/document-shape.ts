// What the pipeline does to a generated document after zod-to-openapi: shared responses written
// once under `components/responses` (decision C-answers), and form media types that say how their
// nested fields are written (decision *-form). Both are read off the contract, so the document
// stays generated from one source.
import type { OperationMap } from './operation.ts';
import { FORM_MEDIA_TYPE } from './operation.ts';

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
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

/** Resolves a local `$ref` (`#/components/schemas/X`) against the document; anything else as is. */
function resolve(doc: Json, schema: unknown): Json {
  let s = schema;
  for (let i = 0; i < 20 && isRecord(s) && typeof s.$ref === 'string'; i++) {
    s = s.$ref.replace(/^#\//, '').split('/').reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), doc);
  }
  return isRecord(s) ? s : {};
}

/** The properties of an object schema, through `allOf`, `anyOf`, `oneOf` and a nullable union. */
function propertiesOf(doc: Json, schema: unknown): Record<string, unknown> {
  const s = resolve(doc, schema);
  const own = isRecord(s.properties) ? s.properties : {};
  const parts = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []));
  return Object.assign({}, ...parts.map((p) => propertiesOf(doc, p)), own) as Record<string, unknown>;
}

const kindOf = (doc: Json, schema: unknown): 'object' | 'array' | 'scalar' => {
  const s = resolve(doc, schema);
  const variants = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []));
  if (s.type === 'object' || isRecord(s.properties)) return 'object';
  if (s.type === 'array') return 'array';
  const kinds = variants.map((v) => kindOf(doc, v));
  return kinds.includes('object') ? 'object' : kinds.includes('array') ? 'array' : 'scalar';
};

/** True when the value nests beyond what `deepObject` says: an object inside an object, or an array of objects. */
function nestsDeeper(doc: Json, schema: unknown, depth: number): boolean {
  const kind = kindOf(doc, schema);
  if (kind === 'array') {
    const items = resolve(doc, schema).items;
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
  const bodies: Json[] = [];
  const collect = (op: unknown) => {
    const content = isRecord(op) && isRecord(op.requestBody) ? op.requestBody.content : undefined;
    if (isRecord(content) && isRecord(content[FORM_MEDIA_TYPE])) bodies.push(content[FORM_MEDIA_TYPE]);
  };
  for (const section of ['paths', 'webhooks']) {
    for (const item of Object.values((doc[section] ?? {}) as Record<string, Json>)) Object.values(item).forEach(collect);
  }
  for (const media of bodies) {
    const properties = propertiesOf(doc, media.schema);
    const encoding: Record<string, { style: string; explode: boolean }> = {};
    let rack = false;
    for (const [name, schema] of Object.entries(properties)) {
      const kind = kindOf(doc, schema);
      if (kind === 'object') encoding[name] = { style: 'deepObject', explode: true };
      else if (kind === 'scalar' || kindOf(doc, resolve(doc, schema).items) === 'scalar') encoding[name] = { style: 'form', explode: true };
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

export function plainSlashes(node: unknown): void {
  if (Array.isArray(node)) node.forEach(plainSlashes);
  else if (isRecord(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') node[key] = unescapeSlashes(value);
      else plainSlashes(value);
    }
  }
}
