// What the pipeline adds to a generated document so that readers other than our own server (stock
// generators, linters, fuzzers, validators that skip OpenAPI's `discriminator`) read the same rules
// from it. Each rule is structural and applies to every schema of its kind, never to one name.
import { deref, eachOperation, eachSchema, isRecord, joinPointer, resolveObject, unescapeToken, type Json } from './openapi-walk.ts';

/** Whether every value the schema accepts is an object (a `type: object` schema, or a union of them). */
function onlyObjects(doc: Json, schema: unknown, depth = 0): boolean {
  const s = resolveObject(doc, schema);
  if (s.type === 'object') return true;
  if (depth > 10 || s.type !== undefined) return false;
  const branches = (Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : undefined) as unknown[] | undefined;
  return branches !== undefined && branches.length > 0 && branches.every((b) => onlyObjects(doc, b, depth + 1));
}

/**
 * A `oneOf`/`anyOf` whose branches are all objects gets `type: object` beside it. Without it, a
 * validator that selects the branch by the `discriminator` (Ajv's `discriminator` option) skips a
 * non-object value altogether: `null` in a list of such unions passed validation and reached the
 * handler. With it, every reader refuses a non-object before looking at the branches.
 */
export function typedObjectUnions(doc: Json): void {
  eachSchema(doc, (schema) => {
    if (schema.type !== undefined || !(Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf))) return;
    if (onlyObjects(doc, schema)) schema.type = 'object';
  });
}

/**
 * A tuple (`prefixItems` with `maxItems` equal to its length) gets `items: {not: {}}`: no item
 * beyond the tuple. It says what `maxItems` already says, for readers that look for `items` on
 * every array; written as the schema that accepts nothing rather than `false`, which means the same
 * but which Spectral's `array-items` rule (a truthiness check) reads as missing.
 */
export function closedTuples(doc: Json): void {
  eachSchema(doc, (schema) => {
    if (!Array.isArray(schema.prefixItems) || 'items' in schema) return;
    if (schema.maxItems === schema.prefixItems.length) schema.items = { not: {} };
  });
}

/** The object schemas a request body may be: the body's own, or each branch of its `oneOf`/`anyOf`. */
function bodyObjects(doc: Json, schema: unknown, out: Json[] = [], depth = 0): Json[] {
  const s = resolveObject(doc, schema);
  if (isRecord(s.properties) || s.additionalProperties !== undefined) out.push(s);
  else if (depth < 5) for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(s[key])) (s[key] as unknown[]).forEach((b) => bodyObjects(doc, b, out, depth + 1));
  return out;
}

/**
 * Every request body of an operation states which field names it takes (`propertyNames`: the names
 * a form body can carry, the same rule for JSON), and, where the contract gives one, the schema of
 * the fields it does not declare (the exchange: what X1 can sign). That schema goes in
 * `unevaluatedProperties` (JSON Schema 2020-12: the fields no `properties` evaluated), not in
 * `additionalProperties`, which generators turn into an index signature: the typed clients keep
 * refusing a misspelled field at compile time while the document says what the server accepts.
 * A body that already refuses unknown fields (`additionalProperties: false`) is left as it is.
 */
export function bodyFieldRules(doc: Json, names: Json, extraFields?: Json): void {
  for (const { operation } of eachOperation(doc, { sections: ['paths'] })) {
    const content = isRecord(operation.requestBody) ? operation.requestBody.content : undefined;
    if (!isRecord(content)) continue;
    for (const media of Object.values(content)) {
      for (const body of bodyObjects(doc, isRecord(media) ? media.schema : undefined)) {
        if (body.additionalProperties === false) continue;
        body.propertyNames = names;
        if (extraFields && body.additionalProperties === undefined) body.unevaluatedProperties = extraFields;
      }
    }
  }
}

const COMPONENT_SCHEMA = /^\/components\/schemas\/([^/]+)$/;

/** Whether an object schema within `schema` (through its `$ref`s) gives one of its properties a `default`. */
function carriesDefault(doc: Json, schema: unknown, seen = new Set<string>()): boolean {
  if (Array.isArray(schema)) return schema.some((s) => carriesDefault(doc, s, seen));
  if (!isRecord(schema)) return false;
  const target = deref(doc, schema);
  if (target.value !== schema) {
    if (seen.has(target.ptr)) return false;
    seen.add(target.ptr);
    return carriesDefault(doc, target.value, seen);
  }
  if (isRecord(schema.properties) && Object.values(schema.properties).some((p) => isRecord(p) && 'default' in p)) return true;
  return Object.entries(schema).some(([k, v]) => k !== 'example' && k !== 'examples' && k !== 'default' && carriesDefault(doc, v, seen));
}

/** `schema` with every `$ref` to a component that carries a default replaced by a copy of it (titled with its name). */
function inlineDefaulted(doc: Json, schema: unknown, inlined: Set<string>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inlineDefaulted(doc, s, inlined));
  if (!isRecord(schema)) return schema;
  const target = deref(doc, schema);
  const component = target.value !== schema ? COMPONENT_SCHEMA.exec(target.ptr)?.[1] : undefined;
  const name = component === undefined ? undefined : unescapeToken(component);
  if (name !== undefined) {
    if (!carriesDefault(doc, schema)) return schema;
    inlined.add(name);
    const { $ref: _ref, ...siblings } = schema;
    return { title: name, ...(inlineDefaulted(doc, structuredClone(resolveObject(doc, schema)), inlined) as Json), ...siblings };
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'example' || k === 'examples' || k === 'default' ? v : inlineDefaulted(doc, v, inlined);
  return out;
}

/** Every local `$ref` string in `node`. */
function refsIn(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => refsIn(n, out));
  else if (isRecord(node)) for (const [k, v] of Object.entries(node)) k === '$ref' && typeof v === 'string' ? out.add(v) : refsIn(v, out);
  return out;
}

/**
 * A request body schema that gives a field a `default` is written in the request body itself, not
 * under `components/schemas`: a default there means "always present" to generators
 * (openapi-typescript, with its default options, types such a field as required, since a response
 * always carries it), while in a request body the field may be left out and the server fills it.
 * Every component on the way to such a field is copied into each body that refers to it, titled
 * with the component's name, and the components no longer referred to leave the document. Schemas
 * without defaults stay shared components.
 */
export function requestDefaultsInBodies(doc: Json): void {
  const inlined = new Set<string>();
  for (const section of ['paths', 'webhooks']) {
    for (const item of Object.values((doc[section] ?? {}) as Record<string, Json>)) {
      for (const op of Object.values(item)) {
        const content = isRecord(op) && isRecord(op.requestBody) ? op.requestBody.content : undefined;
        if (!isRecord(content)) continue;
        for (const media of Object.values(content)) if (isRecord(media)) media.schema = inlineDefaulted(doc, media.schema, inlined);
      }
    }
  }
  const schemas = isRecord(doc.components) && isRecord(doc.components.schemas) ? doc.components.schemas : {};
  // A component that only inlined ones referred to goes too: repeat until nothing more leaves.
  for (let removed = true; removed; ) {
    removed = false;
    const used = refsIn({ ...doc, components: { ...(doc.components as Json), schemas: {} } });
    for (const schema of Object.values(schemas)) refsIn(schema, used);
    for (const name of inlined) {
      if (name in schemas && !used.has(`#/components/schemas/${name}`)) {
        delete schemas[name];
        removed = true;
      }
    }
  }
}

/**
 * Where the schema named `name` is written in `doc`, as JSON pointers (`#/...`): its component, or
 * each copy that `requestDefaultsInBodies` wrote into a request body (titled with the name).
 */
export function namedSchemaPointers(doc: Json, name: string): string[] {
  const schemas = isRecord(doc.components) && isRecord(doc.components.schemas) ? doc.components.schemas : {};
  if (name in schemas) return [joinPointer('#/components/schemas', name)];
  const found: string[] = [];
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) node.forEach((n, i) => visit(n, `${pointer}/${i}`));
    else if (isRecord(node)) {
      if (node.title === name && pointer.includes('/requestBody/')) found.push(pointer);
      for (const [k, v] of Object.entries(node)) if (k !== 'example' && k !== 'examples') visit(v, joinPointer(pointer, k));
    }
  };
  visit({ paths: doc.paths, webhooks: doc.webhooks }, '#');
  return found;
}
