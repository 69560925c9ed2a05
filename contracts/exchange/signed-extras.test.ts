// The document's rule for undeclared exchange body fields and the X1 signer agree on every JSON
// value: the schema accepts a value exactly when the signer can sign it.
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import exchange from '../../generated/openapi/exchange.json' with { type: 'json' };
import { SIGNABLE_EXTRA_FIELD } from './signed-extras.ts';
import { signaturePayload, UnsignableRequestError } from './signing.ts';

/** A fixed seed in CI (reproducible), a random one elsewhere (fast-check prints it on failure). */
const seed = process.env.CI ? { seed: 27 } : {};
const accepts = new Ajv2020({ strict: false }).compile(SIGNABLE_EXTRA_FIELD as object);

function signs(value: unknown): boolean {
  try {
    signaturePayload({ method: 'POST', path: '/api/v1/orders', body: { extra: value } });
    return true;
  } catch (e) {
    if (e instanceof UnsignableRequestError) return false;
    throw e;
  }
}

describe('undeclared exchange body fields (decision X-extra-fields)', () => {
  it.each([
    ['a string', 'x', true], ['a safe integer', 2 ** 53 - 1, true], ['null', null, true], ['a flat object', { a: 1 }, true],
    ['an array of flat objects', [{ a: 'x' }, { b: true }], true], ['2^53', 2 ** 53, false], ['-2^53', -(2 ** 53), false],
    ['an object in an object', { a: { b: 1 } }, false], ['an array in an array', [[1]], false], ['an array in an object', { a: [1] }, false],
  ])('%s: the schema and the signer agree', (_name, value, expected) => {
    expect([accepts(value), signs(value)]).toEqual([expected, expected]);
  });

  it('agree on any JSON value (property)', () => {
    const big = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(2 ** 53, -(2 ** 53), 2 ** 53 - 1, 1e300));
    const value = fc.letrec((tie) => ({
      any: fc.oneof({ depthSize: 'small' }, fc.string(), big, fc.boolean(), fc.constant(null), fc.array(tie('any'), { maxLength: 3 }), fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }).filter((k) => !/[[\]]/.test(k) && k !== '__proto__'), tie('any'), { maxKeys: 3 })),
    })).any;
    fc.assert(fc.property(value, (v) => accepts(v) === signs(v)), { numRuns: 3000, ...seed });
  });

  it('every exchange body in the document says so: field names a form can carry, undeclared values X1 can sign', () => {
    const schemas = exchange.components.schemas as Record<string, Record<string, unknown>>;
    const bodies = ['LimitOrderRequest', 'MarketOrderRequest', 'CreateOrdersRequest', 'CancelOrderRequest', 'ClearOrdersRequest'];
    for (const name of bodies) {
      expect(schemas[name]?.unevaluatedProperties, name).toEqual(SIGNABLE_EXTRA_FIELD);
      expect(schemas[name]?.propertyNames, name).toEqual({ pattern: '^[^\\[\\]]+$', not: { const: '__proto__' }, maxLength: 255 });
    }
  });
});
