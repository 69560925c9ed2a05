// Request bodies as `application/x-www-form-urlencoded` in Rack's style, the way Peatio clients and
// the shop plugins send them: `a[b]=v` for nested objects, `a[]=v` for arrays of scalars, and
// `orders[][k]=v` for arrays of objects, each element's keys in order. The reading is Rack's
// (`normalize_params`): a key that repeats within the current element starts a new element. Some
// JSON values have no form (null, empty arrays and objects, arrays of arrays, elements whose keys
// would merge into the previous one); `encodeForm` says so rather than send something else.
import type { JsonSchema } from './document.ts';
import { typeOf, type SchemaKit } from './schemas.ts';

export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

export class FormSyntaxError extends Error {
  override readonly name = 'FormSyntaxError';
}

/** Percent-encodes a key, leaving its brackets readable (`orders[][price]`). */
const encodedKeys = new Map<string, string>();
const encodeKey = (k: string) => {
  let e = encodedKeys.get(k);
  if (e === undefined) {
    e = encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']');
    if (encodedKeys.size < 10_000) encodedKeys.set(k, e);
  }
  return e;
};

function pairsOf(prefix: string, value: unknown, out: [string, string][]): boolean {
  if (value === undefined) return true;
  if (value === null) return false;
  if (typeof value !== 'object') {
    out.push([prefix, String(value)]);
    return true;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item === null || Array.isArray(item)) return false;
      if (typeof item !== 'object') out.push([`${prefix}[]`, String(item)]);
      else for (const [k, v] of Object.entries(item as object)) if (!validKey(k) || !pairsOf(`${prefix}[][${k}]`, v, out)) return false;
    }
    return true;
  }
  for (const [k, v] of Object.entries(value as object)) if (!validKey(k) || !pairsOf(prefix === '' ? k : `${prefix}[${k}]`, v, out)) return false;
  return true;
}

const validKey = (k: string) => k !== '' && !/[[\]]/.test(k);

/**
 * The form body of a JSON object, or undefined when the form would not read back as the same
 * structure (every leaf becomes its text: `1` → "1", `true` → "true").
 */
export function encodeForm(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const pairs: [string, string][] = [];
  if (!pairsOf('', body, pairs)) return undefined;
  const text = pairs.map(([k, v]) => `${encodeKey(k)}=${encodeURIComponent(v)}`).join('&');
  return sameStructure(decodeForm(text), asText(body)) ? text : undefined;
}

const asText = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(asText)
  : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => [k, asText(x)]))
  : String(v);

const sameStructure = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

type Params = Record<string, unknown>;
const isParams = (v: unknown): v is Params => v !== null && typeof v === 'object' && !Array.isArray(v);

function hasKey(params: Params, key: string): boolean {
  if (key.includes('[]')) return false;
  let node: unknown = params;
  for (const part of key.split(/[[\]]+/)) {
    if (part === '') continue;
    if (!isParams(node) || !(part in node)) return false;
    node = node[part];
  }
  return true;
}

/** Rack's normalize_params: puts `value` at `name` (`a`, `a[b]`, `a[]`, `a[][b]`) inside `params`. */
function normalize(params: Params, name: string, value: string, depth: number): Params {
  if (depth <= 0) throw new FormSyntaxError('form keys nested too deep');
  const m = /^[[\]]*([^[\]]+)\]*/.exec(name);
  const k = m?.[1] ?? '';
  const after = m ? name.slice(m[0].length) : '';
  if (k === '') return params;
  if (after === '') params[k] = value;
  else if (after === '[') params[name] = value;
  else if (after === '[]') {
    const list = (params[k] ??= []);
    if (!Array.isArray(list)) throw new FormSyntaxError(`expected an array at ${k}`);
    list.push(value);
  } else if (after.startsWith('[]')) {
    const child = /^\[\]\[([^[\]]+)\]$/.exec(after)?.[1] ?? after.slice(2);
    const list = (params[k] ??= []);
    if (!Array.isArray(list)) throw new FormSyntaxError(`expected an array at ${k}`);
    const last: unknown = list[list.length - 1];
    if (isParams(last) && !hasKey(last, child)) normalize(last, child, value, depth - 1);
    else list.push(normalize({}, child, value, depth - 1));
  } else {
    const node = (params[k] ??= {});
    if (!isParams(node)) throw new FormSyntaxError(`expected an object at ${k}`);
    params[k] = normalize(node, after, value, depth - 1);
  }
  return params;
}

/** Reads a form body as Rack does; every value stays text. Throws FormSyntaxError on a malformed body. */
export function decodeForm(text: string): Params {
  const params: Params = {};
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const [rawKey, rawValue] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      throw new FormSyntaxError(`bad percent-encoding in ${JSON.stringify(pair.slice(0, 40))}`);
    }
    normalize(params, key, value, 32);
  }
  return params;
}

export type Coercion = 'strict' | 'loose';

/** The types a schema admits, looking through oneOf/anyOf. */
function typesOf(kit: SchemaKit, schema: JsonSchema): Set<string> {
  const s = kit.flatten(schema);
  const branches = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  const out = new Set<string>();
  const own = Array.isArray(s.type) ? (s.type as string[]) : [typeOf(s)].filter((t): t is string => t !== undefined);
  own.forEach((t) => out.add(t));
  for (const b of branches ?? []) typesOf(kit, b).forEach((t) => out.add(t));
  return out;
}

/** The sub-schema of a property or of array items, looking through oneOf/anyOf (first that has it). */
function childSchema(kit: SchemaKit, schema: JsonSchema, key: string | number): JsonSchema | undefined {
  const s = kit.flatten(schema);
  if (typeof key === 'number') {
    if (s.items) return s.items as JsonSchema;
  } else {
    const props = s.properties as Record<string, JsonSchema> | undefined;
    if (props?.[key]) return props[key];
  }
  for (const b of ((s.oneOf ?? s.anyOf) as JsonSchema[] | undefined) ?? []) {
    const found = childSchema(kit, b, key);
    if (found) return found;
  }
  return undefined;
}

// Canonical text: what the value would print as (`1`, `0.5`, `true`), nothing else.
const canonicalNumber = (t: string) => /^-?\d/.test(t) && String(Number(t)) === t;

/**
 * A decoded form read by the schema, as a server that coerces by schema reads it: integer, number
 * and boolean fields from their text (strict: the canonical text only, as the documents' servers
 * do; loose: anything Number() or a yes/no reading would take, to keep only negatives no server
 * could accept), everything else stays text.
 */
export function coerceForm(kit: SchemaKit, schema: JsonSchema, value: unknown, coercion: Coercion): unknown {
  if (Array.isArray(value)) return value.map((v, i) => coerceForm(kit, childSchema(kit, schema, i) ?? {}, v, coercion));
  if (isParams(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, coerceForm(kit, childSchema(kit, schema, k) ?? {}, v, coercion)]));
  if (typeof value !== 'string') return value;
  const types = typesOf(kit, schema);
  if (types.has('string')) return value;
  if (types.has('integer') || types.has('number')) {
    const n = Number(value);
    if (coercion === 'strict' ? canonicalNumber(value) : value.trim() !== '' && Number.isFinite(n)) return n;
  }
  if (types.has('boolean')) {
    if (value === 'true' || value === 'false') return value === 'true';
    if (coercion === 'loose' && /^(1|0|yes|no|on|off|true|false)$/i.test(value)) return /^(1|yes|on|true)$/i.test(value);
  }
  return value;
}

/**
 * The form a reader of the document writes where the media type declares no `encoding` for a
 * property: OpenAPI's default, `style: form, explode: true`: a scalar `k=v`, an array of scalars
 * `k=a&k=b`, an object's own fields as top-level pairs (`amount=1&currency=USD`). Undefined where
 * every object property is declared `deepObject` (the bracket form is then the documented one) or
 * where OpenAPI defines no form (objects within objects, arrays of objects, keys that collide).
 */
export function defaultForm(body: unknown, encoding: Record<string, { style?: string }> = {}): string | undefined {
  if (!isParams(body)) return undefined;
  const pairs: [string, string][] = [];
  let undeclared = false;
  const seen = new Set<string>();
  const add = (k: string, v: unknown): boolean => {
    if (v === null || typeof v === 'object') return false;
    pairs.push([k, String(v)]);
    return true;
  };
  for (const [k, v] of Object.entries(body)) {
    if (v === undefined) continue;
    if (!isParams(v) && !Array.isArray(v)) {
      if (!add(k, v)) return undefined;
      seen.add(k);
      continue;
    }
    if (encoding[k]?.style === 'deepObject') return undefined; // the documented form is the bracket one (form.ts)
    undeclared = true;
    if (Array.isArray(v)) {
      if (!v.every((x) => add(k, x))) return undefined;
      seen.add(k);
    } else {
      for (const [sk, sv] of Object.entries(v)) if (sv !== undefined && (seen.has(sk) || !add(sk, sv) || !seen.add(sk))) return undefined;
    }
  }
  return undeclared ? pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&') : undefined;
}
