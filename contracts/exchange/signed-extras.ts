// Decision X-extra-fields: the body fields of an exchange POST beyond those its operation declares.
// X1 signs every top-level body field, so the document accepts exactly the extra fields the signer
// (signing.ts) can sign, and no more: scalars (a number within ±(2^53 - 1)), flat objects of scalars,
// and arrays of scalars and flat objects, under names a form body can carry (wire-forms.ts). The server
// ignores them once the signature is checked. Written as JSON Schema because it is what the
// document states; signed-extras.test.ts proves the schema and the signer agree on any JSON value.
import { TEXT_LIMITS } from '../shared/limits.ts';
import { FORM_FIELD_NAMES, FORM_LIMITS } from '../shared/wire-forms.ts';

const SCALAR = {
  anyOf: [
    { type: 'string', maxLength: TEXT_LIMITS.token },
    { type: ['boolean', 'null'] },
    { type: 'number', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
  ],
} as const;
const FLAT_OBJECT = { type: 'object', propertyNames: FORM_FIELD_NAMES, additionalProperties: SCALAR, maxProperties: FORM_LIMITS.maxPairs } as const;

/** The JSON Schema of one extra body field's value (the `unevaluatedProperties` of every exchange body). */
export const SIGNABLE_EXTRA_FIELD = {
  description:
    'A body field the operation does not declare (decision X-extra-fields): signed by X1 like any other, then ignored. ' +
    `A scalar (a number within ±(2^53 - 1), a string of at most ${TEXT_LIMITS.token} characters), a flat object of scalars, or an array of scalars and flat objects (at most ${FORM_LIMITS.maxPairs} members).`,
  anyOf: [SCALAR, FLAT_OBJECT, { type: 'array', items: { anyOf: [SCALAR, FLAT_OBJECT] }, maxItems: FORM_LIMITS.maxPairs }],
} as const;

export const EXTRA_FIELDS_DECISION =
  'A POST body may carry fields its operation does not declare (Peatio clients add their own): X1 signs them with the ' +
  'others and the server then ignores them. The document says which: each body schema\'s `unevaluatedProperties` accepts a ' +
  `string (at most ${TEXT_LIMITS.token} characters), boolean, null or number within ±(2^53 - 1), a flat object of those, or an array of those and of flat ` +
  'objects, at most 1000 members (what X1 can sign), and `propertyNames` the names a form body can carry (decision X-form). Anything else ' +
  'answers 400 1001 naming the field, as the document says.';
