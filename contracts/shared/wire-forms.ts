// The wire forms real clients send that the documents' JSON does not describe, decided once for
// the three APIs: form-encoded bodies (Peatio clients, the shop plugins), and in the merchant and
// partner APIs numeric and boolean strings in JSON (the plugins keep ids in text settings).
// Rendered once into each document's description, and into docs/decisions.md.
import type { Decision } from './decision.ts';

/** Bounds of a form body (server/http/form-body.ts enforces them). */
export const FORM_LIMITS = { maxPairs: 1000, maxDepth: 5 } as const;

/**
 * A body field name a form can carry: not empty, no bracket (brackets nest, Rack), not `__proto__`.
 * Every request body of the documents states it as `propertyNames`, JSON and form alike, so a field
 * name is valid or not whatever the media type; the form parser refuses the same names.
 */
export const FORM_FIELD_NAME_PATTERN = '^[^\\[\\]]+$';
export const FORM_FIELD_NAMES = {
  pattern: FORM_FIELD_NAME_PATTERN,
  not: { const: '__proto__' },
  maxLength: 255,
} as const;

const COERCION =
  'A string becomes a number or a boolean only where the schema wants one and only when it is the canonical text of ' +
  'that value: `"1"`, `"-2"`, `"0.5"`, `"true"`, `"false"`; not `"1.0"`, `" 1"`, `"1e0"`, `"01"`, `"yes"`, which stay strings and ' +
  'fail validation naming the field. Nothing else changes type.';

/** Form-encoded bodies; `errors` says how that API answers a malformed one. */
export function formBodiesDecision(id: string, errors: string): Decision {
  return {
    id,
    gap: 'Request bodies other than JSON',
    decision:
      'Every operation that takes a JSON body also takes the same fields as `application/x-www-form-urlencoded` (UTF-8), ' +
      'declared as a second media type with the same schema and validated by the same validator with the same errors. ' +
      'Nesting follows Rack: `a[b][c]=v` is `{a: {b: {c: v}}}`; `orders[][k]=v` appends to a list of objects, and a key the ' +
      'current (last) object already has starts the next one, so `orders[][side]=buy&orders[][side]=sell` is two orders. A ' +
      'plain name given twice collects its values in a list, as in the URL query. Form values are strings. ' +
      'Each form media type states this in its `encoding`: `style: deepObject, explode: true` for an object field ' +
      '(`payment[amount]=10`), `style: form, explode: true` for the others (`a=1&a=2`). Where a body nests deeper than ' +
      'one level or holds a list of objects, which OpenAPI cannot express, the media type carries ' +
      '`x-form-nesting: rack`: its nested fields follow the Rack rules above. ' +
      `${COERCION} At most ${FORM_LIMITS.maxPairs} fields and ${FORM_LIMITS.maxDepth} bracket levels. ${errors} ` +
      'Any other media type answers 415 (`1010`).',
  };
}

/** Numeric and boolean strings in JSON bodies (merchant and partner APIs). */
export function lenientScalarsDecision(id: string, example: string): Decision {
  return {
    id,
    gap: 'Numbers and booleans sent as JSON strings',
    decision:
      `Accepted where the schema wants an integer, a number or a boolean, as the platform's plugins send them (${example}). ` +
      `${COERCION} The documents stay strict: they describe what a client should send.`,
  };
}
