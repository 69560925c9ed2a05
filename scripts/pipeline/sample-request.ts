// One example request per operation, taken from the contract: the request body's example and,
// for each required path or query parameter, its example (parameter, schema, referenced schema,
// then default or first enum value). Optional parameters are left out so every sample is a
// valid call on its own.
import { isRecord, resolveRef, type Json } from '../../contracts/shared/openapi-walk.ts';
import type { OperationSpec } from '../../contracts/shared/operation.ts';

export type Scalar = string | number | boolean;

export interface SampleRequest {
  method: string;
  /** OpenAPI path relative to the base path, as the typed clients take it: `/tickers/{market}`. */
  pathTemplate: string;
  /** The same path with the example values filled in (not percent-encoded). */
  path: string;
  pathParams: Record<string, Scalar>;
  query: Record<string, Scalar>;
  /** The request body example, when the operation takes a body. */
  body?: unknown;
}

/** The object `node` is or references; undefined when it is none. */
function deref(doc: Json, node: unknown): Json | undefined {
  const target = resolveRef(doc, node);
  return isRecord(target) ? target : undefined;
}

const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The example value a schema offers, looking through `$ref` and `allOf`. */
function schemaExample(doc: Json, node: unknown): Scalar | undefined {
  const schema = deref(doc, node);
  if (!schema) return undefined;
  for (const candidate of [schema.example, Array.isArray(schema.examples) ? schema.examples[0] : undefined]) {
    if (isScalar(candidate)) return candidate;
  }
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const found = schemaExample(doc, part);
    if (found !== undefined) return found;
  }
  if (isScalar(schema.default)) return schema.default;
  if (Array.isArray(schema.enum) && isScalar(schema.enum[0])) return schema.enum[0];
  return undefined;
}

function paramExample(doc: Json, param: Json, where: string): Scalar {
  if (isScalar(param.example)) return param.example;
  const found = schemaExample(doc, param.schema);
  if (found === undefined) throw new Error(`${where}: parameter "${String(param.name)}" has no example; add one to its schema`);
  return found;
}

/**
 * Builds the sample request of one operation. `docOperation` is the operation object of the
 * generated document (parameters with their resolved schemas); `spec` is the contract's.
 */
export function sampleRequest(doc: Json, docOperation: Json, spec: OperationSpec, where: string): SampleRequest {
  const pathParams: Record<string, Scalar> = {};
  const query: Record<string, Scalar> = {};
  for (const raw of Array.isArray(docOperation.parameters) ? docOperation.parameters : []) {
    const param = deref(doc, raw);
    if (!param || param.required !== true) continue;
    const value = paramExample(doc, param, where);
    if (param.in === 'path') pathParams[String(param.name)] = value;
    else if (param.in === 'query') query[String(param.name)] = value;
  }
  const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = pathParams[name];
    if (value === undefined) throw new Error(`${where}: path parameter "${name}" is not declared`);
    return String(value);
  });
  return {
    method: spec.method.toUpperCase(),
    pathTemplate: spec.path,
    path,
    pathParams,
    query,
    ...(spec.request?.body ? { body: spec.request.body.example } : {}),
  };
}
