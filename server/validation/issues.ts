// Ajv's structured errors (instancePath, keyword, params) as the request's validation issues. The
// validated value is `{path, query, body}`, so the first segment of an error's instancePath is the
// request part and the rest the field (`/body/orders/0/price` -> body `orders[0].price`). Nothing
// here reads an error's message text: where Ajv's own wording is kept, it is used as it comes.
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { ValidationIssue } from '../errors.ts';

const LOCATIONS: Record<string, ValidationIssue['location']> = { path: 'path', query: 'query', body: 'body' };

/** `['payment', 'email']` -> `payment.email`; `['orders', '0', 'price']` -> `orders[0].price`. */
export function fieldPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number' || (typeof s === 'string' && /^\d+$/.test(s))) out += `[${String(s)}]`;
    else out += out === '' ? String(s) : `.${String(s)}`;
  }
  return out;
}

const pointer = (p: string): string[] => (p === '' ? [] : p.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')));

type Schema = Record<string, unknown>;

/** The values the branches of a discriminated `oneOf` give their tag (Ajv reports only which tag failed). */
function tagValues(e: ErrorObject, tag: string, resolve: (s: Schema) => Schema): unknown[] {
  const branches = ((e.parentSchema as Schema | undefined)?.oneOf ?? []) as Schema[];
  return branches.flatMap((b) => {
    const prop = (resolve(b).properties as Record<string, Schema> | undefined)?.[tag];
    if (!prop) return [];
    const p = resolve(prop);
    return p.const !== undefined ? [p.const] : Array.isArray(p.enum) ? p.enum : [];
  });
}

const allowed = (values: readonly unknown[]) => `must be equal to one of the allowed values: ${values.map(String).join(', ')}`;

function issueOf(e: ErrorObject, resolve: (s: Schema) => Schema): ValidationIssue | undefined {
  const [part, ...rest] = pointer(e.instancePath);
  const at = (extra: string[], message: string, missing = false): ValidationIssue => {
    // `required` of the request itself names the part (`body: is required`).
    if (part === undefined) return { location: LOCATIONS[extra[0] ?? ''] ?? 'body', field: '', message, ...(missing ? { missing } : {}) };
    return { location: LOCATIONS[part] ?? 'body', field: fieldPath([...rest, ...extra]), message, ...(missing ? { missing } : {}) };
  };
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return at([String(params.missingProperty)], 'is required', true);
    case 'additionalProperties':
      return at([String(params.additionalProperty)], part === 'query' && rest.length === 0 ? 'is not a parameter of this operation' : 'is not a field of this object');
    case 'enum':
      return at([], allowed(params.allowedValues as unknown[]));
    case 'discriminator': {
      const tag = String(params.tag);
      if (params.tagValue === undefined) return at([tag], 'is required', true);
      const values = tagValues(e, tag, resolve);
      return at([tag], params.error === 'mapping' && values.length > 0 ? allowed(values) : 'must be a string');
    }
    case 'not':
      // `not: {}` is how the document says "no value allowed" (a market order's price).
      return at([], e.schema !== null && typeof e.schema === 'object' && Object.keys(e.schema).length === 0 ? 'must be absent' : (e.message ?? 'is invalid'));
    case 'if':
      return undefined; // the failing `then` is reported by its own keywords
    default:
      return at([], e.message ?? `is invalid (${e.keyword})`);
  }
}

/** The issues of one failed validation, in Ajv's order, one per (field, message). */
export function issuesOf(errors: readonly ErrorObject[], resolve: (s: Schema) => Schema): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const issue = issueOf(e, resolve);
    if (!issue) continue;
    const key = `${issue.location}\u0000${issue.field}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(issue);
  }
  return out;
}
