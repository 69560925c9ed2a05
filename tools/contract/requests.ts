// Valid requests of one operation: the documented examples first, then an arbitrary over every
// parameter and the body, and the check that a request is valid as the server will see it (path
// and query values travel as text and are coerced back by their schema; so do form-encoded bodies).
import fc from 'fast-check';
import { arbitraryFor, type ArbitraryContext } from './arbitrary.ts';
import type { JsonSchema, OperationSpec, ParameterSpec } from './document.ts';
import { coerceForm, decodeForm, encodeForm, type Coercion } from './form.ts';
import { DOCUMENTED_BODY_LIMIT } from './mutations.ts';
import { typeOf, type SchemaKit } from './schemas.ts';
import { wireValue, type RequestInput } from './wire.ts';

const PARTS = { path: 'path', query: 'query' } as const;
const params = (op: OperationSpec, where: 'path' | 'query') => op.parameters.filter((p) => p.in === where);

/** The arbitrary of schema-valid requests; `override` replaces generators by `path.x`, `query.x`, `body.x.y`. */
export function requestArbitrary(op: OperationSpec, kit: SchemaKit, override?: ArbitraryContext['override']): fc.Arbitrary<RequestInput> {
  const part = (where: 'path' | 'query') => {
    const list = params(op, where);
    const model = Object.fromEntries(
      list.map((p) => [p.name, arbitraryFor(paramSchema(p, kit), { doc: kit.doc, ...(override ? { override } : {}) }, `${PARTS[where]}.${p.name}`)]),
    );
    return fc.record(model, { requiredKeys: list.filter((p) => p.required).map((p) => p.name) });
  };
  const body = op.body
    ? arbitraryFor(op.body.schema, { doc: kit.doc, override: (path, s) => override?.(path ? `body.${path}` : 'body', s) })
    : fc.constant(undefined);
  return fc
    .record({ path: part('path'), query: part('query'), body })
    .map(({ path, query, body: b }) => (b === undefined ? { path, query } : { path, query, body: b }));
}

/**
 * A parameter's schema. A query value is what its schema says: `?name=` is the empty string, valid
 * where the schema allows it (no `minLength`, the server must take it). An empty path
 * segment is another URL, so path strings get minLength 1.
 */
function paramSchema(p: ParameterSpec, kit: SchemaKit): JsonSchema {
  const s = kit.flatten(p.schema);
  if (p.in !== 'path' || typeOf(s) !== 'string' || (typeof s.minLength === 'number' && s.minLength > 0)) return s;
  return { ...s, minLength: 1 };
}

/** The documented example request, when the operation has one: example body, example parameters. */
export function exampleRequest(op: OperationSpec, kit: SchemaKit): RequestInput | undefined {
  const hasBodyExample = op.body?.example !== undefined;
  const hasParamExample = op.parameters.some((p) => p.example !== undefined);
  if (!hasBodyExample && !hasParamExample && (op.body || op.parameters.some((p) => p.required))) return undefined;
  const values = (where: 'path' | 'query') =>
    Object.fromEntries(
      params(op, where)
        .map((p) => [p.name, p.example ?? fallbackExample(p, kit)] as const)
        .filter(([, v]) => v !== undefined),
    );
  const input: RequestInput = { path: values('path'), query: values('query') };
  if (op.body?.example !== undefined) input.body = structuredClone(op.body.example);
  return input;
}

/** A required parameter without an example takes the first value of its arbitrary (seed 0). */
function fallbackExample(p: ParameterSpec, kit: SchemaKit): unknown {
  if (!p.required) return undefined;
  return fc.sample(arbitraryFor(paramSchema(p, kit), { doc: kit.doc }), { seed: 0, numRuns: 1 })[0];
}

/** A path or query value as the server reads it back: text coerced by the parameter's schema. */
export function coerceParam(schema: JsonSchema, kit: SchemaKit, value: unknown): unknown {
  if (value === undefined) return undefined;
  const text = wireValue(value);
  const type = typeOf(kit.flatten(schema));
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * Why the request is invalid against the operation ("" when it is valid). A form-encoded body is
 * read back as the server reads it, coerced by its schema (`coercion`: strict for valid cases;
 * loose to keep only negatives no reading of the text could make valid).
 */
export function requestProblems(op: OperationSpec, kit: SchemaKit, input: RequestInput, coercion: Coercion = 'strict'): string {
  const problems: string[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const raw = input[p.in][p.name];
    if (raw === undefined) {
      if (p.required) problems.push(`${p.in}.${p.name}: missing`);
      continue;
    }
    if (wireValue(raw) === '' && p.in === 'path') problems.push(`${p.in}.${p.name}: empty value`);
    const why = kit.explain(p.schema, coerceParam(p.schema, kit, raw));
    if (why) problems.push(`${p.in}.${p.name}: ${why}`);
  }
  if (input.encoding === 'form') {
    const why = formBodyProblem(op, kit, input, coercion);
    if (why) problems.push(why);
  } else if (input.rawBody !== undefined) {
    if (input.rawBody.length > DOCUMENTED_BODY_LIMIT) problems.push('body: over the documented size limit');
    try {
      const parsed: unknown = JSON.parse(input.rawBody);
      const why = op.body ? kit.explain(op.body.schema, parsed) : '';
      if (why) problems.push(`body: ${why}`);
    } catch {
      problems.push('body: not JSON');
    }
  } else if (op.body) {
    if (input.body === undefined) {
      if (op.body.required) problems.push('body: missing');
    } else {
      const why = kit.explain(op.body.schema, input.body);
      if (why) problems.push(`body: ${why}`);
    }
  }
  return problems.join('; ');
}

function formBodyProblem(op: OperationSpec, kit: SchemaKit, input: RequestInput, coercion: Coercion): string {
  if (!op.body) return '';
  const text = input.rawBody ?? (input.body === undefined ? undefined : encodeForm(input.body));
  if (text === undefined) return input.body === undefined ? (op.body.required ? 'body: missing' : '') : 'body: has no form encoding';
  if (text === '') return op.body.required ? 'body: missing' : '';
  if (text.length > DOCUMENTED_BODY_LIMIT) return 'body: over the documented size limit';
  let decoded: unknown;
  try {
    decoded = decodeForm(text);
  } catch (e) {
    return `body: not a form (${(e as Error).message})`;
  }
  const why = kit.explain(op.body.schema, coerceForm(kit, op.body.schema, decoded, coercion));
  return why ? `body: ${why}` : '';
}
