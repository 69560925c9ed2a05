// The one schema-driven preparation of request input, built from the operation's JSON Schema in
// the OpenAPI document (document.ts) once per operation and applied once per request, before
// validation:
// - coercion of scalar text: query and path values and form values (every value is a string),
//   and, in the merchant and partner APIs, the numeric and boolean strings of JSON bodies
//   (`"hosted_payment_id": "1"`). A string becomes a number or a boolean only where the schema
//   wants one and only when it is that value's canonical text (`"1"`, `"-2"`, `"0.5"`, `"true"`;
//   an integer of more digits than a double holds exactly stays an integer, so `maximum` names it);
//   `"1.0"`, `" 1"`, `"1e0"`, `"01"`, `"+1"`, `""` stay strings, and the validator refuses them
//   naming the field;
// - only when express-openapi-validator does not run (VALIDATE=none): the document's `default`s of
//   absent properties (also behind a `$ref`), not inside `anyOf`/`oneOf` branches. Otherwise the
//   library fills them (its Ajv's `useDefaults`, over the dereferenced document);
// - undeclared properties of objects whose schema leaves `additionalProperties` unsaid are
//   dropped (what the handler gets is what its type says), `additionalProperties: false` ones are
//   left for the validator to refuse.
// A request only walks the paths that need something.
import type { ApiDocument, Schema } from './document.ts';

export type CoercionPlan =
  | { kind: 'number' | 'boolean' | 'keep' | 'none' }
  | { kind: 'object'; fields: Map<string, CoercionPlan>; rest?: CoercionPlan; defaults: [string, unknown][]; strip: boolean }
  | { kind: 'array'; items: CoercionPlan };

type ObjectPlan = Extract<CoercionPlan, { kind: 'object' }>;
const KEEP: CoercionPlan = { kind: 'keep' };
const NONE: CoercionPlan = { kind: 'none' };
const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Two parts of one value (allOf, or branches of a union): the same position must agree, or strings stay as they are. */
function merge(a: CoercionPlan, b: CoercionPlan): CoercionPlan {
  if (a.kind === 'none') return b;
  if (b.kind === 'none') return a;
  if (a.kind === 'object' && b.kind === 'object') {
    const fields = new Map(a.fields);
    for (const [k, p] of b.fields) fields.set(k, fields.has(k) ? merge(fields.get(k)!, p) : p);
    const rest = a.rest && b.rest ? merge(a.rest, b.rest) : (a.rest ?? b.rest);
    return { kind: 'object', fields, ...(rest ? { rest } : {}), defaults: [...a.defaults, ...b.defaults], strip: a.strip && b.strip };
  }
  if (a.kind === 'array' && b.kind === 'array') return { kind: 'array', items: merge(a.items, b.items) };
  return a.kind === b.kind && (a.kind === 'number' || a.kind === 'boolean') ? a : KEEP;
}

const noDefaults = (p: CoercionPlan): CoercionPlan => (p.kind === 'object' ? { ...p, defaults: [] } : p);

function scalarOf(values: unknown[]): CoercionPlan {
  if (values.length > 0 && values.every((v) => typeof v === 'number')) return { kind: 'number' };
  if (values.length > 0 && values.every((v) => typeof v === 'boolean')) return { kind: 'boolean' };
  return KEEP;
}

/** The `default` of a property schema, also behind `$ref` and single-member `allOf` wrappers; a schema met again on the way has none. */
function defaultOf(doc: ApiDocument, schema: Schema, on: readonly Schema[] = []): unknown {
  if (on.includes(schema)) return undefined;
  if (schema.default !== undefined) return schema.default;
  const target = doc.resolve(schema);
  if (target !== schema) return defaultOf(doc, target, [...on, schema]);
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf) if (isObject(s)) { const d = defaultOf(doc, s, [...on, schema]); if (d !== undefined) return d; }
  return undefined;
}

function build(doc: ApiDocument, schema: Schema, depth: number, withDefaults = true): CoercionPlan {
  if (depth > 32) return KEEP; // a recursive schema: stop, leave deeper values alone
  let plan: CoercionPlan = NONE;
  const target = doc.resolve(schema);
  if (target !== schema) plan = build(doc, target, depth + 1, withDefaults);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  const scalarTypes = types.filter((t) => t !== 'null');
  if (scalarTypes.length === 1 && (scalarTypes[0] === 'integer' || scalarTypes[0] === 'number')) plan = merge(plan, { kind: 'number' });
  else if (scalarTypes.length === 1 && scalarTypes[0] === 'boolean') plan = merge(plan, { kind: 'boolean' });
  else if (scalarTypes.length === 1 && scalarTypes[0] === 'string') plan = merge(plan, KEEP);
  else if (scalarTypes.length > 1) plan = merge(plan, KEEP);
  if (schema.const !== undefined) plan = merge(plan, scalarOf([schema.const]));
  else if (Array.isArray(schema.enum)) plan = merge(plan, scalarOf(schema.enum.filter((v) => v !== null)));
  if (isObject(schema.properties) || scalarTypes[0] === 'object') {
    const fields = new Map<string, CoercionPlan>();
    const defaults: [string, unknown][] = [];
    for (const [k, s] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
      if (!isObject(s)) continue;
      fields.set(k, build(doc, s, depth + 1, withDefaults));
      const d = withDefaults ? defaultOf(doc, s) : undefined;
      if (d !== undefined) defaults.push([k, d]);
    }
    const extra = schema.additionalProperties;
    const rest = isObject(extra) ? build(doc, extra, depth + 1, withDefaults) : undefined;
    plan = merge(plan, { kind: 'object', fields, ...(rest ? { rest } : {}), defaults, strip: extra === undefined && fields.size > 0 });
  }
  if (scalarTypes[0] === 'array' || isObject(schema.items)) plan = merge(plan, { kind: 'array', items: isObject(schema.items) ? build(doc, schema.items, depth + 1, withDefaults) : KEEP });
  for (const s of Array.isArray(schema.allOf) ? schema.allOf : []) if (isObject(s)) plan = merge(plan, build(doc, s, depth + 1, withDefaults));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = Array.isArray(schema[key]) ? (schema[key] as unknown[]).filter(isObject) : [];
    if (branches.length > 0) plan = merge(plan, branches.map((s) => noDefaults(build(doc, s, depth + 1, withDefaults))).reduce(merge, NONE));
  }
  return plan;
}

/** Drops every branch with nothing to do; `keep` when nothing is left. */
function prune(plan: CoercionPlan): CoercionPlan {
  if (plan.kind === 'object') {
    const fields = new Map<string, CoercionPlan>();
    for (const [k, p] of plan.fields) {
      const q = prune(p);
      if (q.kind !== 'keep' && q.kind !== 'none') fields.set(k, q);
    }
    const rest = plan.rest ? prune(plan.rest) : undefined;
    const useful = rest && rest.kind !== 'keep' && rest.kind !== 'none' ? rest : undefined;
    if (fields.size === 0 && !useful && plan.defaults.length === 0 && !plan.strip) return KEEP;
    // Stripping needs every declared name, not only those with something to coerce.
    const known = plan.strip ? new Map([...plan.fields.keys()].map((k) => [k, fields.get(k) ?? KEEP])) : fields;
    return { kind: 'object', fields: known, ...(useful ? { rest: useful } : {}), defaults: plan.defaults, strip: plan.strip };
  }
  if (plan.kind === 'array') {
    const items = prune(plan.items);
    return items.kind === 'keep' || items.kind === 'none' ? KEEP : { kind: 'array', items };
  }
  return plan.kind === 'none' ? KEEP : plan;
}

/** The plan of one schema of the document (build it once per operation); `defaults` false: the library fills them. */
export function coercionPlan(doc: ApiDocument, schema: Schema | undefined, defaults = true): CoercionPlan {
  return schema ? prune(build(doc, schema, 0, defaults)) : KEEP;
}

/** The canonical text of a number: what `String(n)` writes, without exponent. */
const NUMBER_TEXT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;
const LONG_INTEGER = /^-?[1-9][0-9]{15,}$/;

/** `s` as the number or boolean it canonically spells, or undefined when it is not that text. */
export function canonicalScalar(kind: 'number' | 'boolean', s: string): number | boolean | undefined {
  if (kind === 'boolean') return s === 'true' ? true : s === 'false' ? false : undefined;
  if (!NUMBER_TEXT.test(s)) return undefined;
  const n = Number(s);
  if (!Number.isFinite(n)) return undefined;
  // An integer too long for a double: a number all the same, so the schema's `maximum` refuses it by name.
  return String(n) === s || LONG_INTEGER.test(s) ? n : undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Applies `plan` to `value`, in place where it is an object or array (request input is ours to
 * change); returns the value to use. `coerce` false: defaults and stripping only (JSON bodies of
 * the exchange, whose numbers must be JSON numbers).
 */
export function applyPlan(value: unknown, plan: CoercionPlan, coerce = true, dropped?: string[], at = ''): unknown {
  switch (plan.kind) {
    case 'number':
    case 'boolean': {
      if (!coerce || typeof value !== 'string') return value;
      const v = canonicalScalar(plan.kind, value);
      return v === undefined ? value : v;
    }
    case 'object':
      if (isRecord(value)) applyObject(value, plan, coerce, dropped, at);
      return value;
    case 'array':
      if (Array.isArray(value)) for (let i = 0; i < value.length; i++) value[i] = applyPlan(value[i], plan.items, coerce, dropped, `${at}[${i}]`);
      return value;
    default:
      return value;
  }
}

/** `dropped` collects the path of every field stripped (`payment.webhok_url`), to name them back to the caller. */
function applyObject(value: Record<string, unknown>, plan: ObjectPlan, coerce: boolean, dropped: string[] | undefined, at: string): void {
  for (const k of Object.keys(value)) {
    const p = plan.fields.get(k) ?? plan.rest;
    const path = at === '' ? k : `${at}.${k}`;
    if (p) value[k] = applyPlan(value[k], p, coerce, dropped, path);
    else if (plan.strip) {
      delete value[k];
      dropped?.push(path);
    }
  }
  for (const [k, d] of plan.defaults) if (value[k] === undefined) value[k] = typeof d === 'object' && d !== null ? structuredClone(d) : d;
}

/** The top-level property names of a body schema (every branch of a union), for finding body fields elsewhere. */
export function topLevelFields(doc: ApiDocument, schema: Schema | undefined): Set<string> {
  const plan = schema ? build(doc, schema, 0) : KEEP;
  return new Set(plan.kind === 'object' ? plan.fields.keys() : []);
}
