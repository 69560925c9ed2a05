// Negative data: every way the schema of an operation can be broken at one place (a required field
// missing, a wrong type, a pattern, enum, format, const or limit violated, a forbidden field
// present, a body that is missing or not JSON), each applied to a valid request. The runner keeps
// a mutated request only when it is really invalid (`requestProblems`).
import type { JsonSchema, OperationSpec } from './document.ts';
import { isForbidden } from './arbitrary.ts';
import { flatten, typeOf, type SchemaKit } from './schemas.ts';
import type { RequestInput } from './wire.ts';

export type MutationKind =
  | 'missing' | 'empty' | 'type' | 'enum' | 'const' | 'pattern' | 'format' | 'limit' | 'forbidden'
  | 'no-body' | 'malformed-json' | 'oversized' | 'malformed-form';

export interface Mutation {
  kind: MutationKind;
  /** Where: `body.payment.amount`, `query.market`, `path.id`, `body.orders[0].price`, `body`. */
  target: string;
  /** The value written there (undefined for `missing` and the body-level kinds). */
  value?: unknown;
  /** One line for reports: `body.payment.amount: pattern -> "!"`. */
  label: string;
}

// Wrong types that must fail on every server, including those that read the exact canonical text
// of a number or boolean ("1", "0.5", "true") as that value (decision of the merchant and partner
// APIs for plugin clients): a string here is never the canonical text of a valid value.
export const WRONG_TYPES: Record<string, unknown[]> = {
  string: [12345, true],
  integer: ['not-a-number', 1.5, '1.0'],
  number: ['not-a-number', true, '1e0'],
  boolean: ['yes', 1],
  object: ['text', [], null],
  array: ['text', {}],
};
const WIRE_WRONG_TYPES: Record<string, string[]> = { integer: ['abc', '1.5'], number: ['abc'], boolean: ['yes'] };
const BAD_FORMATS: Record<string, string[]> = {
  email: ['not-an-email', 'a@', 'a b@x.example'],
  uri: ['not a uri', 'no-scheme.example.com/x', 'https://x.invalid/\u0001', 'https://x.invalid/a b'],
  url: ['not a uri', 'https://x.invalid/\u0001'],
  'date-time': ['yesterday', '2024-13-45T25:61:00Z'],
  date: ['2024-13-45', '2023-02-29'],
  uuid: ['not-a-uuid'],
};
const PATTERN_BREAKERS = ['!', ' ', '<script>', 'é', '-1', 'abc', '1.2.3', '0x1F', 'a@b', ''];

const BODY_LABELS: Partial<Record<MutationKind, string>> = {
  'no-body': 'body: empty (required)',
  'malformed-json': 'body: not JSON',
  oversized: 'body: larger than the documented limit (413)',
  'malformed-form': 'body: not a form (Rack: an array and an object under one key)',
};

const mutation = (kind: MutationKind, target: string, value?: unknown): Mutation => ({
  kind,
  target,
  ...(kind === 'missing' ? {} : { value }),
  label: BODY_LABELS[kind] ?? (kind === 'missing' ? `${target}: missing` : `${target}: ${kind} -> ${JSON.stringify(value)}`),
});

/** The body limit the merchant and partner documents state (P-body, M-errors: 100 kB). */
export const DOCUMENTED_BODY_LIMIT = 100 * 1024;
const OVERSIZED = `{"padding":"${'x'.repeat(2 * DOCUMENTED_BODY_LIMIT)}"}`;
/** A form body Rack refuses (ParameterTypeError): `x` is an array, then an object. */
export const MALFORMED_FORM = 'x[]=1&x[y]=2';
export const MALFORMED_FORM_MUTATION: Mutation = mutation('malformed-form', 'body', MALFORMED_FORM);

/** Values that break one leaf schema, with the rule each breaks. */
function violations(kit: SchemaKit, raw: JsonSchema, onWire: boolean): [MutationKind, unknown][] {
  const s = flatten(kit.doc, raw);
  const out: [MutationKind, unknown][] = [];
  const type = typeOf(s);
  if (isForbidden(s)) return [['forbidden', '1']];
  if (type) for (const v of (onWire ? WIRE_WRONG_TYPES[type] : WRONG_TYPES[type]) ?? []) out.push(['type', v]);
  if (Array.isArray(s.enum)) {
    const first = String(s.enum[0]);
    out.push(['enum', typeof s.enum[0] === 'number' ? 987654 : 'not-an-enum-value']);
    if (first.toUpperCase() !== first) out.push(['enum', first.toUpperCase()]);
  }
  if ('const' in s) out.push(['const', typeof s.const === 'boolean' ? !s.const : `not-${String(s.const)}`]);
  if (typeof s.format === 'string') for (const v of BAD_FORMATS[s.format] ?? []) out.push(['format', v]);
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern);
    for (const v of PATTERN_BREAKERS.filter((c) => !re.test(c)).slice(0, 3)) out.push(['pattern', v]);
  }
  if (typeof s.minLength === 'number' && s.minLength > 0) out.push(['limit', 'x'.repeat(s.minLength - 1)]);
  if (typeof s.maxLength === 'number') out.push(['limit', 'x'.repeat(s.maxLength + 1)]);
  if (typeof s.minimum === 'number') out.push(['limit', s.minimum - 1]);
  if (typeof s.maximum === 'number') out.push(['limit', s.maximum + 1]);
  if (typeof s.exclusiveMinimum === 'number') out.push(['limit', s.exclusiveMinimum]);
  if (typeof s.exclusiveMaximum === 'number') out.push(['limit', s.exclusiveMaximum]);
  if (type === 'array' && typeof s.minItems === 'number' && s.minItems > 0) out.push(['limit', []]);
  return out.map(([k, v]) => [k, onWire && typeof v !== 'string' ? JSON.stringify(v) : v]);
}

/** The alternatives of a schema (oneOf/anyOf branches merged with their parent), or the schema itself. */
function alternatives(kit: SchemaKit, raw: JsonSchema): JsonSchema[] {
  const s = flatten(kit.doc, raw);
  const branches = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (!branches) return [s];
  const { oneOf: _o, anyOf: _a, discriminator: _d, ...rest } = s;
  return branches.map((b) => {
    const fb = flatten(kit.doc, b);
    const props = { ...(rest.properties as object), ...(fb.properties as object) };
    for (const [k, v] of Object.entries((fb.properties ?? {}) as Record<string, JsonSchema>)) {
      const base = (rest.properties as Record<string, JsonSchema> | undefined)?.[k];
      (props as Record<string, JsonSchema>)[k] = base ? { allOf: [base, v] } : v;
    }
    return { ...rest, ...fb, properties: props, required: [...((rest.required as string[]) ?? []), ...((fb.required as string[]) ?? [])] };
  });
}

/** Mutations of a body schema, recursively through objects and the first item of arrays. */
function bodyMutations(kit: SchemaKit, schema: JsonSchema, target: string, depth: number, out: Mutation[]): void {
  for (const s of alternatives(kit, schema)) {
    const type = typeOf(s);
    if (type === 'object' && depth < 6) {
      for (const key of (s.required as string[] | undefined) ?? []) out.push(mutation('missing', `${target}.${key}`));
      for (const [key, sub] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) {
        for (const [kind, value] of violations(kit, sub, false)) out.push(mutation(kind, `${target}.${key}`, value));
        if (!isForbidden(sub)) bodyMutations(kit, sub, `${target}.${key}`, depth + 1, out);
      }
    } else if (type === 'array' && depth < 6) {
      const items = (s.items ?? {}) as JsonSchema;
      for (const [kind, value] of violations(kit, items, false)) out.push(mutation(kind, `${target}[0]`, value));
      bodyMutations(kit, items, `${target}[0]`, depth + 1, out);
    }
  }
}

/** Every mutation of the operation, deduplicated, in a stable order. */
export function mutationsOf(op: OperationSpec, kit: SchemaKit): Mutation[] {
  const out: Mutation[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const target = `${p.in}.${p.name}`;
    if (p.in === 'query' && p.required) out.push(mutation('missing', target));
    for (const [kind, value] of violations(kit, p.schema, true)) {
      if (!(p.in === 'path' && value === '')) out.push(mutation(kind, target, value));
    }
    // Kept only where the schema refuses "" (requestProblems): then the server must refuse it too.
    if (p.in === 'query') out.push(mutation('empty', target, ''));
  }
  if (op.body) {
    if (op.body.required) out.push(mutation('no-body', 'body'));
    out.push(mutation('malformed-json', 'body', '{"unterminated": '));
    // Only where the operation documents its answer to an oversized body.
    if (op.responses['413']) out.push(mutation('oversized', 'body', OVERSIZED));
    if (typeOf(flatten(kit.doc, op.body.schema)) === 'object') out.push(mutation('type', 'body', []));
    bodyMutations(kit, op.body.schema, 'body', 0, out);
  }
  const seen = new Set<string>();
  return out.filter((m) => !seen.has(m.label) && seen.add(m.label));
}

/** Splits `body.orders[0].price` into `['body', 'orders', 0, 'price']`. */
export function targetPath(target: string): (string | number)[] {
  return target.split('.').flatMap((seg) => {
    const m = /^(.*?)((?:\[\d+\])+)$/.exec(seg);
    if (!m) return [seg];
    return [m[1]!, ...[...m[2]!.matchAll(/\[(\d+)\]/g)].map((x) => Number(x[1]))];
  });
}

/** The mutated copy of a request, or undefined when the base has nothing at that place. */
export function applyMutation(base: RequestInput, m: Mutation): RequestInput | undefined {
  const input = structuredClone(base);
  // An empty body sent as JSON: "the body is required", not "the media type is missing".
  if (m.kind === 'no-body') return input.body === undefined ? undefined : { path: input.path, query: input.query, rawBody: '' };
  if (m.kind === 'malformed-json' || m.kind === 'oversized' || m.kind === 'malformed-form') return { ...input, rawBody: String(m.value) };
  const path = targetPath(m.target);
  if (path.length === 1 && path[0] === 'body') return { ...input, body: structuredClone(m.value) };
  let parent: unknown = input;
  for (const key of path.slice(0, -1)) {
    parent = (parent as Record<string | number, unknown>)[key];
    if (parent === null || typeof parent !== 'object') return undefined;
  }
  const last = path[path.length - 1]!;
  const holder = parent as Record<string | number, unknown>;
  if (m.kind === 'missing') {
    if (!(last in holder)) return undefined;
    delete holder[last];
  } else {
    holder[last] = structuredClone(m.value);
  }
  return input;
}
