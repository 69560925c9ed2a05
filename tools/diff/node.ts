// A schema seen through its `$ref`s, `allOf`s and nullable unions: one flat view the rules
// compare. `type: [x, 'null']`, `anyOf: [x, {type: 'null'}]`, `enum: [.., null]` and 3.0's
// `nullable: true` all become `nullable`; an `allOf` merges its members' properties and
// required lists; a `oneOf`/`anyOf` with two or more non-null branches keeps them as branches.
import type { Doc } from './finding.ts';
import { deref, isRecord, joinPointer } from '../../contracts/shared/openapi-walk.ts';

export interface Sub {
  schema: unknown;
  ptr: string;
}

export interface Node {
  ptr: string;
  /** Scalar keywords (constraints, format, pattern, default, flags), first one wins across allOf. */
  kw: Record<string, unknown>;
  /** Types without `null`; undefined means any type. */
  types?: Set<string>;
  nullable: boolean;
  /** `enum` (or `const`) without `null`. */
  enumValues?: unknown[];
  props: Map<string, Sub>;
  required: Set<string>;
  /** Two or more non-null union branches. */
  branches?: Sub[];
  items?: Sub;
  prefixItems?: Sub[];
  /** undefined: not stated (any extra property allowed). */
  additional?: boolean | Sub;
  /** `contentSchema`: what a string holds once decoded (a webhook's base64 `data`). */
  encoded?: Sub;
  /** Where `type`, `enum` and each keyword of `kw` was written (an allOf member, a $ref target). */
  origin: Record<string, string>;
}

const SKIP = new Set(['type', 'enum', 'const', 'nullable', 'properties', 'required', 'items', 'prefixItems', 'additionalProperties', 'contentSchema', 'allOf', 'anyOf', 'oneOf', '$ref', 'description', 'title', 'example', 'examples', 'discriminator', 'externalDocs']);

function isNullSchema(s: unknown): boolean {
  if (!isRecord(s)) return false;
  if (s.type === 'null') return true;
  if (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null) return true;
  return 'const' in s && s.const === null;
}

export function view(doc: Doc, schema: unknown, ptr: string, depth = 0): Node {
  const { value, ptr: at } = deref(doc, schema, ptr);
  const node: Node = { ptr: at, kw: {}, nullable: false, props: new Map(), required: new Set(), origin: {} };
  if (!isRecord(value) || depth > 64) return node;
  const s = value;
  if (s.type !== undefined) {
    const list = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    node.nullable = list.includes('null');
    node.types = new Set(list.filter((t) => t !== 'null'));
    node.origin.type = at;
  }
  if (s.nullable === true) node.nullable = true;
  const values = Array.isArray(s.enum) ? s.enum : 'const' in s ? [s.const] : undefined;
  if (values) {
    if (values.includes(null)) node.nullable = true;
    node.enumValues = values.filter((v) => v !== null);
    node.origin.enum = at;
  }
  if (isRecord(s.properties)) {
    for (const name of Object.keys(s.properties)) node.props.set(name, { schema: s.properties[name], ptr: joinPointer(at, 'properties', name) });
  }
  if (Array.isArray(s.required)) for (const r of s.required) node.required.add(String(r));
  if (s.items !== undefined && typeof s.items !== 'boolean') node.items = { schema: s.items, ptr: joinPointer(at, 'items') };
  if (Array.isArray(s.prefixItems)) node.prefixItems = s.prefixItems.map((p, i) => ({ schema: p, ptr: joinPointer(at, 'prefixItems', i) }));
  if (typeof s.additionalProperties === 'boolean') node.additional = s.additionalProperties;
  else if (isRecord(s.additionalProperties)) node.additional = { schema: s.additionalProperties, ptr: joinPointer(at, 'additionalProperties') };
  if (s.contentSchema !== undefined) node.encoded = { schema: s.contentSchema, ptr: joinPointer(at, 'contentSchema') };
  for (const [k, v] of Object.entries(s)) {
    if (SKIP.has(k) || k in node.kw) continue;
    node.kw[k] = v;
    node.origin[k] = at;
  }
  if (Array.isArray(s.allOf)) s.allOf.forEach((m, i) => merge(node, view(doc, m, joinPointer(at, 'allOf', i), depth + 1)));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = s[key];
    if (!Array.isArray(list)) continue;
    const branches: Sub[] = [];
    list.forEach((b, i) => {
      const sub = { schema: b, ptr: joinPointer(at, key, i) };
      if (isNullSchema(deref(doc, b, sub.ptr).value)) node.nullable = true;
      else branches.push(sub);
    });
    if (branches.length === 1) {
      const only = view(doc, branches[0]!.schema, branches[0]!.ptr, depth + 1);
      const nullable = node.nullable || only.nullable;
      merge(node, only);
      node.nullable = nullable;
    } else if (branches.length > 1) node.branches = branches;
  }
  return node;
}

/** Merges an allOf member (or a lone union branch) into `node`. */
export function merge(node: Node, m: Node): void {
  node.nullable = allowsNull(node) && allowsNull(m);
  if (m.types && !node.types) node.origin.type = m.origin.type!;
  if (m.enumValues && !node.enumValues) node.origin.enum = m.origin.enum!;
  if (m.types) node.types = node.types ? new Set([...node.types].filter((t) => m.types!.has(t) || (t === 'integer' && m.types!.has('number')))) : m.types;
  if (m.enumValues) {
    const keep = new Set(m.enumValues.map(key));
    node.enumValues = node.enumValues ? node.enumValues.filter((v) => keep.has(key(v))) : m.enumValues;
  }
  for (const [name, sub] of m.props) if (!node.props.has(name)) node.props.set(name, sub);
  for (const r of m.required) node.required.add(r);
  for (const [k, v] of Object.entries(m.kw)) {
    if (k in node.kw) continue;
    node.kw[k] = v;
    node.origin[k] = m.origin[k]!;
  }
  node.items ??= m.items;
  node.encoded ??= m.encoded;
  node.prefixItems ??= m.prefixItems;
  if (m.additional !== undefined && node.additional === undefined) node.additional = m.additional;
  node.branches ??= m.branches;
}

/** A copy that `merge` may change without touching the original. */
export function copy(n: Node): Node {
  return { ...n, kw: { ...n.kw }, props: new Map(n.props), required: new Set(n.required), origin: { ...n.origin } };
}

/** An allOf member lets null through when it says so or says nothing about types. */
function allowsNull(n: Node): boolean {
  return n.nullable || (!n.types && !n.enumValues && !n.branches);
}

/** A canonical string of a JSON value (object keys sorted). */
export function key(v: unknown): string {
  return typeof v === 'string' ? `"${v}` : JSON.stringify(canonical(v));
}

export function same(a: unknown, b: unknown): boolean {
  return a === b || key(a) === key(b);
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (isRecord(v)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical(v[k])]));
  return v;
}

/** True when the node may hold a value of type `t` (undefined types = any). */
export function allows(node: Node, t: string): boolean {
  return !node.types || node.types.has(t) || (t === 'integer' && node.types.has('number'));
}
