// The one reader of our OpenAPI documents, for everything that reads them: the pipeline shaping a
// document (contracts/shared), the server's request pass, the contract runner and the diff. It
// resolves JSON pointers (RFC 6901) and local `$ref`s, refusing a remote, dangling or looping
// reference instead of guessing or spinning, and walks a document: its operations (paths and
// webhooks, with their parameters, request bodies and responses) and its schemas (every subschema
// keyword of JSON Schema 2020-12, each schema object once, so a recursive schema ends).
// Plain data in, plain data out: no imports, so every layer may use it.

export type Json = Record<string, unknown>;

export const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

// ---- JSON pointers (RFC 6901) ----

/** One reference token as a pointer writes it: `~` as `~0`, `/` as `~1`. */
export const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** A pointer's token as the key it names. */
export const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** `ptr` extended by `tokens`, each escaped: `joinPointer('/paths', '/a/{id}')` is `/paths/~1a~1{id}`. */
export function joinPointer(ptr: string, ...tokens: (string | number)[]): string {
  return ptr + tokens.map((t) => `/${escapeToken(String(t))}`).join('');
}

/** The keys a pointer names, in order (`/a~1b/0` is `['a/b', '0']`; `''` none, `/` the empty key). */
export function pointerTokens(ptr: string): string[] {
  if (ptr === '') return [];
  if (!ptr.startsWith('/')) throw new Error(`not a JSON pointer: ${ptr}`);
  return ptr.slice(1).split('/').map(unescapeToken);
}

/** What `ptr` points at in `doc` (`''` is the whole document), or undefined when nothing is there. */
export function getPointer(doc: unknown, ptr: string): unknown {
  let at: unknown = doc;
  for (const key of pointerTokens(ptr)) {
    if (at === null || typeof at !== 'object') return undefined;
    if (!Object.hasOwn(at, key)) return undefined;
    at = (at as Json)[key];
  }
  return at;
}

// ---- $ref ----

/** The pointer of a local `$ref` (`#/components/schemas/A%20B` is `/components/schemas/A B`); any other reference throws. */
export function refPointer(ref: string): string {
  if (!ref.startsWith('#')) throw new Error(`only local $ref is supported: ${ref}`);
  return decodeURIComponent(ref.slice(1));
}

/**
 * `value` with its `$ref`s followed (a reference to a reference too), and the pointer where it was
 * found (`ptr` when `value` is no reference). Throws on a reference that is not local, one that
 * points at nothing, and a loop of references; keywords beside a `$ref` are not merged.
 */
export function deref(doc: unknown, value: unknown, ptr = ''): { value: unknown; ptr: string } {
  let at = value;
  let where = ptr;
  let seen: string[] | undefined;
  while (isRecord(at) && typeof at.$ref === 'string') {
    const ref = at.$ref;
    if ((seen ??= []).includes(ref)) throw new Error(`$ref loop: ${[...seen, ref].join(' -> ')}`);
    seen.push(ref);
    where = refPointer(ref);
    at = getPointer(doc, where);
    if (at === undefined) throw new Error(`$ref ${ref} does not resolve`);
  }
  return { value: at, ptr: where };
}

/** `value` with its `$ref`s followed (deref without the pointer). */
export function resolveRef<T = unknown>(doc: unknown, value: T): T {
  return deref(doc, value).value as T;
}

/** `value` with its `$ref`s followed, as an object; `{}` when it is none (absent, or a boolean schema). */
export function resolveObject(doc: unknown, value: unknown): Json {
  const v = deref(doc, value).value;
  return isRecord(v) ? v : {};
}

/** A copy of `node` with every `$ref` string rewritten by `rewrite` (to point it into another document). */
export function rewriteRefs(node: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, rewrite));
  if (!isRecord(node)) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' ? rewrite(v) : rewriteRefs(v, rewrite);
  return out;
}

// ---- Operations ----

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface OperationAt {
  section: 'paths' | 'webhooks';
  /** The path as the document writes it (`/tickers/{market}`), or the webhook's name. */
  path: string;
  method: HttpMethod;
  /** The path item (its `$ref` followed). */
  item: Json;
  operation: Json;
  /** Pointer of the operation: `/paths/~1tickers~1{market}/get`. */
  ptr: string;
}

/**
 * Every operation of the document: per path (or webhook) in document order, its methods in the
 * order of `methods`; `sections` picks paths, webhooks or both.
 */
export function eachOperation(
  doc: Json,
  { sections = ['paths', 'webhooks'], methods = HTTP_METHODS }: { sections?: readonly ('paths' | 'webhooks')[]; methods?: readonly HttpMethod[] } = {},
): OperationAt[] {
  const out: OperationAt[] = [];
  for (const section of sections) {
    const items = doc[section];
    if (!isRecord(items)) continue;
    for (const [path, raw] of Object.entries(items)) {
      const found = deref(doc, raw, joinPointer(`/${section}`, path));
      if (!isRecord(found.value)) continue;
      const item = found.value;
      for (const method of methods) {
        const operation = item[method];
        if (isRecord(operation)) out.push({ section, path, method, item, operation, ptr: joinPointer(found.ptr, method) });
      }
    }
  }
  return out;
}

/**
 * The parameters of an operation, each resolved: the path item's first, then the operation's; one
 * of the operation with the same `in` and `name` replaces the path item's (OpenAPI's rule).
 */
export function parametersOf(doc: Json, { item, operation }: Pick<OperationAt, 'item' | 'operation'>): Json[] {
  const byKey = new Map<string, Json>();
  for (const list of [item.parameters, operation.parameters]) {
    for (const raw of Array.isArray(list) ? list : []) {
      const p = resolveObject(doc, raw);
      byKey.set(`${String(p.in)}:${String(p.name)}`, p);
    }
  }
  return [...byKey.values()];
}

/** The operation's request body, resolved; undefined when it takes none. */
export function requestBodyOf(doc: Json, operation: Json): Json | undefined {
  return operation.requestBody === undefined ? undefined : resolveObject(doc, operation.requestBody);
}

/** The operation's responses by status as written (`200`, `4XX`, `default`), each resolved. */
export function responsesOf(doc: Json, operation: Json): Record<string, Json> {
  const responses = isRecord(operation.responses) ? operation.responses : {};
  return Object.fromEntries(Object.entries(responses).map(([status, r]) => [status, resolveObject(doc, r)]));
}

// ---- Schemas ----

/** Keywords holding one subschema, a list of them, or a map of them (JSON Schema 2020-12 applicators, and `contentSchema`). */
const ONE = ['items', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'propertyNames', 'contains', 'not', 'if', 'then', 'else', 'contentSchema'];
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', 'dependentSchemas', '$defs'];

/** The subschemas `schema` holds directly (not through a `$ref`), each with its pointer below `ptr`; boolean schemas left out. */
export function subschemas(schema: Json, ptr = ''): { schema: Json; ptr: string }[] {
  const out: { schema: Json; ptr: string }[] = [];
  for (const k of ONE) if (isRecord(schema[k])) out.push({ schema: schema[k], ptr: joinPointer(ptr, k) });
  for (const k of LIST) {
    const list = schema[k];
    if (Array.isArray(list)) list.forEach((s, i) => isRecord(s) && out.push({ schema: s, ptr: joinPointer(ptr, k, i) }));
  }
  for (const k of MAP) {
    const map = schema[k];
    if (isRecord(map)) for (const [name, s] of Object.entries(map)) if (isRecord(s)) out.push({ schema: s, ptr: joinPointer(ptr, k, name) });
  }
  return out;
}

export type SchemaVisitor = (schema: Json, ptr: string) => void;

/**
 * Visits `schema` and every schema below it, parents first. A `$ref` is not followed (its target
 * is a schema of its own, visited from where it is written); a schema object met twice is visited once.
 */
export function walkSchema(schema: unknown, visit: SchemaVisitor, ptr = '', seen = new WeakSet<Json>()): void {
  if (!isRecord(schema) || seen.has(schema)) return;
  seen.add(schema);
  visit(schema, ptr);
  for (const sub of subschemas(schema, ptr)) walkSchema(sub.schema, visit, sub.ptr, seen);
}

/** The schemas of the media types of a `content` map, and of a `headers` map's headers. */
function contentSchemas(doc: Json, holder: Json, ptr: string, out: { schema: unknown; ptr: string }[]): void {
  for (const [key, kind] of [['content', 'media'], ['headers', 'header']] as const) {
    const map = holder[key];
    if (!isRecord(map)) continue;
    for (const [name, raw] of Object.entries(map)) {
      const found = kind === 'header' ? deref(doc, raw, joinPointer(ptr, key, name)) : { value: raw, ptr: joinPointer(ptr, key, name) };
      if (isRecord(found.value) && 'schema' in found.value) out.push({ schema: found.value.schema, ptr: joinPointer(found.ptr, 'schema') });
    }
  }
}

/**
 * Visits every schema of the document once, parents first: the components' schemas, then the
 * schemas of every parameter, request body, response and header written in the components or in
 * an operation (paths and webhooks), each with every schema below it.
 */
export function eachSchema(doc: Json, visit: SchemaVisitor): void {
  const roots: { schema: unknown; ptr: string }[] = [];
  const components = isRecord(doc.components) ? doc.components : {};
  const section = (name: string) => (isRecord(components[name]) ? Object.entries(components[name]) : []);
  for (const [name, s] of section('schemas')) roots.push({ schema: s, ptr: joinPointer('/components/schemas', name) });
  for (const [name, p] of section('parameters')) if (isRecord(p)) roots.push({ schema: p.schema, ptr: joinPointer('/components/parameters', name, 'schema') });
  for (const [name, h] of section('headers')) if (isRecord(h)) roots.push({ schema: h.schema, ptr: joinPointer('/components/headers', name, 'schema') });
  for (const kind of ['requestBodies', 'responses']) for (const [name, r] of section(kind)) if (isRecord(r)) contentSchemas(doc, r, joinPointer('/components', kind, name), roots);
  for (const at of eachOperation(doc)) {
    const itemPtr = at.ptr.slice(0, at.ptr.lastIndexOf('/'));
    for (const [holder, ptr] of [[at.item, itemPtr], [at.operation, at.ptr]] as const) {
      const params = Array.isArray(holder.parameters) ? holder.parameters : [];
      params.forEach((p, i) => isRecord(p) && 'schema' in p && roots.push({ schema: p.schema, ptr: joinPointer(ptr, 'parameters', i, 'schema') }));
    }
    if (isRecord(at.operation.requestBody)) contentSchemas(doc, at.operation.requestBody, joinPointer(at.ptr, 'requestBody'), roots);
    const responses = isRecord(at.operation.responses) ? at.operation.responses : {};
    for (const [status, r] of Object.entries(responses)) if (isRecord(r)) contentSchemas(doc, r, joinPointer(at.ptr, 'responses', status), roots);
  }
  const seen = new WeakSet<Json>();
  for (const root of roots) walkSchema(root.schema, visit, root.ptr, seen);
}

/**
 * The properties of an object schema, through `$ref`s and its `allOf`, `anyOf` and `oneOf`
 * branches (its own win over the branches'); a branch leading back to a schema on the way adds nothing.
 */
export function propertiesOf(doc: Json, schema: unknown, on: readonly Json[] = []): Json {
  const s = resolveObject(doc, schema);
  if (on.includes(s)) return {};
  const own = isRecord(s.properties) ? s.properties : {};
  const parts = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]) : []));
  return Object.assign({}, ...parts.map((p) => propertiesOf(doc, p, [...on, s])), own) as Json;
}

// ---- Parts of a document ----

/**
 * `doc` narrowed to one path: that path item, and of `components` only what it reaches through
 * local `$ref`s (transitively; every other top-level field kept, `webhooks` dropped). The parts are
 * shared with `doc`, not copied. A path that reaches a reference outside `#/components/` (a bundler
 * may point one path's parameter at another path's) gets `doc` whole; a reference that points at
 * nothing throws.
 */
export function pathDocument(doc: Json, path: string): Json {
  const paths = isRecord(doc.paths) ? doc.paths : {};
  const item = paths[path];
  if (!isRecord(item)) throw new Error(`path ${path} is not in the document`);
  const components: Record<string, Json> = {};
  const reached = new Set<string>();
  let outside = false;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isRecord(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#') && !reached.has(v)) {
        reached.add(v);
        const target = getPointer(doc, refPointer(v));
        if (target === undefined) throw new Error(`$ref ${v} does not resolve`);
        const [top, section, name] = pointerTokens(refPointer(v));
        if (top === 'components' && section !== undefined && name !== undefined) {
          // The whole component, also for a pointer into one of its parts.
          const component = getPointer(doc, joinPointer('/components', section, name));
          (components[section] ??= {})[name] = component;
          visit(component);
        } else {
          outside = true;
          visit(target);
        }
      } else visit(v);
    }
  };
  visit(item);
  if (outside) return doc;
  const { webhooks: _webhooks, ...rest } = doc;
  const securitySchemes = isRecord(doc.components) && isRecord(doc.components.securitySchemes) ? { securitySchemes: doc.components.securitySchemes } : {};
  return { ...rest, paths: { [path]: item }, components: { ...securitySchemes, ...components } };
}
