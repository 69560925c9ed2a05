// Schema-driven coercion of scalar text, the one rule for form-encoded values (every value is a
// string) and for the numeric and boolean strings the merchant and partner plugins put in JSON
// bodies (`"hosted_payment_id": "1"`). A string becomes a number or a boolean only where the
// operation's Zod schema wants one and only when it is that value's canonical text (`"1"`,
// `"-2"`, `"0.5"`, `"true"`); `"1.0"`, `" 1"`, `"1e0"`, `"01"` stay strings, so the validator
// refuses them naming the field. Nothing else changes type. The plan is built once per operation;
// a request only walks the paths that hold a number or a boolean.
import type { z } from 'zod';

/** Where numbers and booleans sit in a schema. `keep`: strings are valid there, leave them. */
export type CoercionPlan =
  | { kind: 'number' | 'boolean' | 'keep' | 'none' }
  | { kind: 'object'; fields: Map<string, CoercionPlan>; rest?: CoercionPlan }
  | { kind: 'array'; items: CoercionPlan };

const KEEP: CoercionPlan = { kind: 'keep' };
const NONE: CoercionPlan = { kind: 'none' };
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success']);

type Def = { type: string; [k: string]: unknown };
const defOf = (s: z.ZodType): Def => (s as unknown as { def: Def }).def;

/** Two branches of a union: the same position must agree, or strings stay as they are. */
function merge(a: CoercionPlan, b: CoercionPlan): CoercionPlan {
  if (a.kind === 'none') return b;
  if (b.kind === 'none') return a;
  if (a.kind === 'object' && b.kind === 'object') {
    const fields = new Map(a.fields);
    for (const [k, p] of b.fields) fields.set(k, fields.has(k) ? merge(fields.get(k)!, p) : p);
    const rest = a.rest && b.rest ? merge(a.rest, b.rest) : (a.rest ?? b.rest);
    return { kind: 'object', fields, ...(rest ? { rest } : {}) };
  }
  if (a.kind === 'array' && b.kind === 'array') return { kind: 'array', items: merge(a.items, b.items) };
  return a.kind === b.kind && (a.kind === 'number' || a.kind === 'boolean') ? a : KEEP;
}

function build(schema: z.ZodType, depth: number): CoercionPlan {
  if (depth > 32) return KEEP; // a recursive (lazy) schema: stop, leave deeper values alone
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return build(def.innerType as z.ZodType, depth + 1);
  switch (def.type) {
    case 'number':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'null':
    case 'never':
    case 'undefined':
      return NONE;
    case 'literal': {
      const values = def.values as unknown[];
      if (values.every((v) => typeof v === 'number')) return { kind: 'number' };
      if (values.every((v) => typeof v === 'boolean')) return { kind: 'boolean' };
      return KEEP;
    }
    case 'pipe':
      return build(def.in as z.ZodType, depth + 1);
    case 'lazy':
      return build((def.getter as () => z.ZodType)(), depth + 1);
    case 'union':
      return (def.options as z.ZodType[]).map((o) => build(o, depth + 1)).reduce(merge, NONE);
    case 'intersection':
      return merge(build(def.left as z.ZodType, depth + 1), build(def.right as z.ZodType, depth + 1));
    case 'array':
      return { kind: 'array', items: build(def.element as z.ZodType, depth + 1) };
    case 'object': {
      const fields = new Map<string, CoercionPlan>();
      for (const [k, s] of Object.entries(def.shape as Record<string, z.ZodType>)) fields.set(k, build(s, depth + 1));
      const catchall = def.catchall as z.ZodType | undefined;
      return { kind: 'object', fields, ...(catchall ? { rest: build(catchall, depth + 1) } : {}) };
    }
    case 'record':
      return { kind: 'object', fields: new Map(), rest: build(def.valueType as z.ZodType, depth + 1) };
    default:
      return KEEP;
  }
}

/** Drops every branch with nothing to coerce; `keep` when nothing is left. */
function prune(plan: CoercionPlan): CoercionPlan {
  if (plan.kind === 'object') {
    const fields = new Map<string, CoercionPlan>();
    for (const [k, p] of plan.fields) {
      const q = prune(p);
      if (q.kind !== 'keep' && q.kind !== 'none') fields.set(k, q);
    }
    const rest = plan.rest ? prune(plan.rest) : undefined;
    const useful = rest && rest.kind !== 'keep' && rest.kind !== 'none' ? rest : undefined;
    return fields.size === 0 && !useful ? KEEP : { kind: 'object', fields, ...(useful ? { rest: useful } : {}) };
  }
  if (plan.kind === 'array') {
    const items = prune(plan.items);
    return items.kind === 'keep' || items.kind === 'none' ? KEEP : { kind: 'array', items };
  }
  return plan.kind === 'none' ? KEEP : plan;
}

/** The coercion plan of a request body schema (build it once per operation). */
export function coercionPlan(schema: z.ZodType | undefined): CoercionPlan {
  return schema ? prune(build(schema, 0)) : KEEP;
}

/** The canonical text of a number: what `String(n)` writes, without exponent. */
const NUMBER_TEXT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?$/;

/** `s` as the number or boolean it canonically spells, or undefined when it is not that text. */
export function canonicalScalar(kind: 'number' | 'boolean', s: string): number | boolean | undefined {
  if (kind === 'boolean') return s === 'true' ? true : s === 'false' ? false : undefined;
  if (!NUMBER_TEXT.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) && String(n) === s ? n : undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Coerces `value` by `plan`, in place where it is an object or array (request bodies are ours to
 * change); returns the value to use.
 */
export function coerceScalars(value: unknown, plan: CoercionPlan): unknown {
  switch (plan.kind) {
    case 'number':
    case 'boolean': {
      if (typeof value !== 'string') return value;
      const v = canonicalScalar(plan.kind, value);
      return v === undefined ? value : v;
    }
    case 'object':
      if (isRecord(value)) {
        for (const [k, p] of plan.fields) if (Object.hasOwn(value, k)) value[k] = coerceScalars(value[k], p);
        if (plan.rest) for (const k of Object.keys(value)) if (!plan.fields.has(k)) value[k] = coerceScalars(value[k], plan.rest);
      }
      return value;
    case 'array':
      if (Array.isArray(value)) for (let i = 0; i < value.length; i++) value[i] = coerceScalars(value[i], plan.items);
      return value;
    default:
      return value;
  }
}

/** The top-level field names of a body schema (every branch of a union), for finding body fields elsewhere. */
export function topLevelFields(schema: z.ZodType | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (s: z.ZodType, depth: number): void => {
    if (depth > 8) return;
    const def = defOf(s);
    if (WRAPPERS.has(def.type)) return walk(def.innerType as z.ZodType, depth + 1);
    if (def.type === 'pipe') return walk(def.in as z.ZodType, depth + 1);
    if (def.type === 'union') for (const o of def.options as z.ZodType[]) walk(o, depth + 1);
    if (def.type === 'intersection') for (const o of [def.left, def.right] as z.ZodType[]) walk(o, depth + 1);
    if (def.type === 'object') for (const k of Object.keys(def.shape as object)) out.add(k);
  };
  if (schema) walk(schema, 0);
  return out;
}
