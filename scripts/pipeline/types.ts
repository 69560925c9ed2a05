// OpenAPI document -> TypeScript types with openapi-typescript.
import openapiTS, { astToString } from 'openapi-typescript';
import { slashHeader } from './header.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const SHAPE_KEYS = ['type', '$ref', 'allOf', 'oneOf', 'anyOf'];

/**
 * An object schema's `anyOf` whose branches only add constraints (`required` lists, `const`/`not`
 * on existing properties) states a rule, not a shape: the validator enforces it, but
 * openapi-typescript turns each such branch into `unknown`, which swallows the whole body type.
 * The types are generated from a copy without those clauses (the fields stay optional).
 */
export function withoutConstraintClauses(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutConstraintClauses);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = withoutConstraintClauses(value);
  const branches = out.anyOf;
  if (out.type === 'object' && isObject(out.properties) && Array.isArray(branches)) {
    const constraintOnly = branches.every((b) => isObject(b) && !SHAPE_KEYS.some((k) => k in b));
    if (constraintOnly) delete out.anyOf;
  }
  return out;
}

export async function renderTypes(doc: Record<string, unknown>): Promise<string> {
  // defaultNonNullable: false keeps fields with defaults optional in request types (a known trap: docs/guides/architecture.md).
  const ast = await openapiTS(withoutConstraintClauses(doc) as never, { defaultNonNullable: false, alphabetize: false });
  return `${slashHeader()}/* eslint-disable */\n${astToString(ast)}`;
}
