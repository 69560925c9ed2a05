// Walks the generated merchant document for the tests: follows $refs, merges allOf, and reads a
// field's type, nullability, enum and limits the same whether the schema is named or inline.
import { expect } from 'vitest';
import { buildDocument } from '../shared/contract.ts';
import { resolveRef } from '../shared/openapi-walk.ts';
import { merchantContract } from './index.ts';

export type Schema = Record<string, any>;
export const doc = buildDocument(merchantContract) as Schema;

export function resolve(schema: Schema): Schema {
  const target = resolveRef(doc, schema);
  if (target !== schema) return resolve(target);
  if (schema.allOf) {
    // The allOf parts, then the schema's own keywords (a rule between fields sits in allOf beside them).
    const { allOf, ...own } = schema;
    return Object.assign({}, ...allOf.map(resolve), own);
  }
  return schema;
}

/** The non-null branch of `anyOf: [X, {type: null}]`, or the schema itself. */
function branches(schema: Schema): Schema[] {
  const s = resolve(schema);
  if (s.anyOf && !s.properties) return s.anyOf.flatMap(branches);
  if (Array.isArray(s.type)) return s.type.map((type: string) => ({ ...s, type }));
  return [s];
}

export interface FieldInfo {
  schema: Schema;
  required: boolean;
  types: string[];
  nullable: boolean;
  enum: unknown[] | undefined;
}

export function describeSchema(schema: Schema, required: boolean): FieldInfo {
  const all = branches(schema);
  const nonNull = all.filter((b) => b.type !== 'null');
  const enums = nonNull.flatMap((b) => b.enum ?? (b.const !== undefined ? [b.const] : []));
  return {
    schema: nonNull.length === 1 ? nonNull[0]! : resolve(schema),
    required,
    types: [...new Set(nonNull.map((b) => (b.properties ? 'object' : b.type)))],
    nullable: all.some((b) => b.type === 'null'),
    enum: enums.length ? enums : undefined,
  };
}

/** The field at a dotted path below `root` (array items are walked through with `[]`). */
export function field(root: Schema, path: string): FieldInfo {
  let current = resolve(root);
  let required = true;
  for (const key of path.split('.')) {
    if (key === '[]') {
      current = resolve(describeSchema(current, true).schema.items);
      continue;
    }
    const obj = describeSchema(current, true).schema;
    expect(obj.properties, `${path}: no properties above "${key}"`).toBeDefined();
    expect(obj.properties[key], `${path}: no property "${key}"`).toBeDefined();
    required = (obj.required ?? []).includes(key);
    current = obj.properties[key];
  }
  return describeSchema(current, required);
}

export const component = (name: string): Schema => {
  expect(doc.components.schemas[name], `component ${name}`).toBeDefined();
  return doc.components.schemas[name];
};

export const op = (method: string, path: string): Schema => {
  const found = doc.paths[path]?.[method];
  expect(found, `${method.toUpperCase()} ${path}`).toBeDefined();
  return found;
};
export const requestBody = (method: string, path: string): Schema => op(method, path).requestBody.content['application/json'].schema;
export const responseBody = (method: string, path: string, status: number): Schema =>
  op(method, path).responses[String(status)].content['application/json'].schema;

/** [field path, required, type, checks]: one line of a seed-document table. */
export type Row = [string, boolean, string, Checks?];
export interface Checks {
  /** true / false: the document says "may be null" / says nothing; omitted where a decision made it nullable. */
  nullable?: boolean;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  default?: unknown;
}

export function checkRows(root: Schema, rows: Row[]): void {
  for (const [path, required, type, checks = {}] of rows) {
    const f = field(root, path);
    expect(f.required, `${path} required`).toBe(required);
    expect(f.types, `${path} type`).toEqual([type]);
    if (checks.nullable !== undefined) expect(f.nullable, `${path} nullable`).toBe(checks.nullable);
    if (checks.enum) expect([...(f.enum ?? [])].sort(), `${path} enum`).toEqual([...checks.enum].sort());
    for (const key of ['format', 'pattern', 'minimum', 'maximum', 'maxLength', 'default'] as const) {
      if (checks[key] !== undefined) expect(f.schema[key], `${path} ${key}`).toEqual(checks[key]);
    }
  }
}
