// `--set field=value` on a webhook payload: `field` is a dotted path into the payload
// (`transaction_status`, `blockchain_transactions.0.status`), checked against the event's schema in
// the document (a field the schema does not declare is refused), and `value` is typed by that
// schema: kept a string where a string is allowed (amounts stay exact decimal strings), `null`
// where null is allowed, a number or boolean where the schema wants one, JSON for objects/arrays.
// The payload is then validated as a whole; an override that makes it invalid is refused naming it.
import type { JsonSchema, OpenApiDocument } from '../contract/document.ts';
import { flatten, typeOf } from '../contract/schemas.ts';
import type { DeclaredWebhook, WebhookCatalog } from './events.ts';

export class OverrideError extends Error {
  constructor(readonly field: string, message: string) {
    super(`--set ${field}: ${message}`);
  }
}

/** Splits `field=value` at the first `=`. */
export function parseSet(arg: string): { field: string; value: string } {
  const at = arg.indexOf('=');
  if (at <= 0) throw new OverrideError(arg, 'expected field=value');
  return { field: arg.slice(0, at), value: arg.slice(at + 1) };
}

/** The types a schema allows, through anyOf/oneOf/type arrays. */
function typesOf(doc: OpenApiDocument, schema: JsonSchema): Set<string> {
  const s = flatten(doc, schema);
  const branches = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (branches) return new Set(branches.flatMap((b) => [...typesOf(doc, b)]));
  if (Array.isArray(s.type)) return new Set(s.type as string[]);
  const t = typeOf(s);
  return new Set(t ? [t] : []);
}

/** The schema of the value at `path` below `schema`, or an OverrideError naming the field. */
function schemaAt(doc: OpenApiDocument, schema: JsonSchema, path: string[], field: string): JsonSchema {
  let current = schema;
  for (const [i, key] of path.entries()) {
    const s = flatten(doc, current);
    const props = s.properties as Record<string, JsonSchema> | undefined;
    if (props) {
      if (!(key in props)) throw new OverrideError(field, `"${path.slice(0, i + 1).join('.')}" is not a field of this payload (fields: ${Object.keys(props).join(', ')})`);
      current = props[key]!;
    } else if (s.items) {
      if (!/^\d+$/.test(key)) throw new OverrideError(field, `"${key}" must be an array index`);
      current = s.items as JsonSchema;
    } else {
      throw new OverrideError(field, `"${path.slice(0, i).join('.')}" has no fields`);
    }
  }
  return current;
}

/** The value typed as the schema at the path wants it. */
function typed(doc: OpenApiDocument, schema: JsonSchema, raw: string, field: string): unknown {
  const types = typesOf(doc, schema);
  if (raw === 'null' && types.has('null')) return null;
  if (types.has('string')) return raw;
  if ((types.has('integer') || types.has('number')) && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(raw)) return Number(raw);
  if (types.has('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new OverrideError(field, `"${raw}" is not a valid ${[...types].join(' or ')}`);
  }
}

/** The payload with every override applied, valid against the document, or an OverrideError naming the field. */
export function applyOverrides(catalog: WebhookCatalog, event: DeclaredWebhook, payload: unknown, sets: readonly string[]): unknown {
  const out = structuredClone(payload) as Record<string, unknown>;
  const fields: string[] = [];
  for (const arg of sets) {
    const { field, value } = parseSet(arg);
    const path = field.split('.');
    const schema = schemaAt(catalog.doc, event.payloadSchema, path, field);
    let node: Record<string, unknown> = out;
    for (const [i, key] of path.slice(0, -1).entries()) {
      const next = node[key];
      if (next === null || typeof next !== 'object') throw new OverrideError(field, `"${path.slice(0, i + 1).join('.')}" is not present in the payload`);
      node = next as Record<string, unknown>;
    }
    const last = path.at(-1)!;
    if (Array.isArray(node) && Number(last) > node.length) throw new OverrideError(field, `index ${last} is past the end of the array (length ${node.length})`);
    node[last] = typed(catalog.doc, schema, value, field);
    fields.push(field);
  }
  const problems = catalog.explain(event, out);
  if (problems !== '') {
    // Name the override the first problem lies under (instancePath `/a/0/b` vs field `a.0.b`).
    const first = problems.split(';')[0]!;
    const culprit = fields.find((f) => first.startsWith(`/${f.split('.').join('/')}`)) ?? fields.at(-1) ?? '(payload)';
    throw new OverrideError(culprit, `makes the ${event.event} payload invalid against ${event.payloadSchemaName}: ${problems}`);
  }
  return out;
}
