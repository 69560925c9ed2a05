// What the pipeline adds to a generated document so that readers other than our own server (stock
// generators, linters, fuzzers, validators that skip OpenAPI's `discriminator`) read the same rules
// from it. Each rule is structural and applies to every schema of its kind, never to one name.
import { eachOperation, eachSchema, isRecord, resolveObject, type Json } from './openapi-walk.ts';

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
