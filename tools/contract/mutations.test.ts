import { describe, expect, it } from 'vitest';
import { loadDocument, operationsOf, type OpenApiDocument, type OperationSpec } from './document.ts';
import { applyMutation, mutationsOf, WRONG_TYPES, targetPath } from './mutations.ts';
import { requestProblems } from './requests.ts';
import { SchemaKit } from './schemas.ts';

const doc: OpenApiDocument = { paths: {}, components: { schemas: {} } };
const kit = new SchemaKit(doc, 'unit');
const op: OperationSpec = {
  api: 'partner',
  operationId: 'createThing',
  method: 'post',
  path: '/things/{id}',
  secured: true,
  parameters: [
    { name: 'id', in: 'path', required: true, allowEmptyValue: false, schema: { type: 'integer', minimum: 1 } },
    { name: 'mode', in: 'query', required: true, allowEmptyValue: false, schema: { type: 'string', enum: ['fast', 'slow'] } },
  ],
  body: {
    required: true,
    mediaType: 'application/json',
    schema: {
      type: 'object',
      properties: {
        name: { type: 'string', pattern: '^[a-z]+$', maxLength: 5 },
        email: { type: 'string', format: 'email' },
        tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] }, minItems: 1 },
      },
      required: ['name', 'tags'],
    },
  },
  responses: { '201': { mediaTypes: ['application/json'] }, '413': { mediaTypes: ['application/json'] } },
};
const base = { path: { id: 3 }, query: { mode: 'fast' }, body: { name: 'abc', email: 'a@b.io', tags: ['x'] } };

describe('mutationsOf', () => {
  const labels = mutationsOf(op, kit).map((m) => m.label);

  it('breaks every rule the schema states, once each', () => {
    expect(labels).toEqual(
      expect.arrayContaining([
        'path.id: type -> "abc"',
        'path.id: limit -> "0"',
        'query.mode: missing',
        'query.mode: enum -> "not-an-enum-value"',
        'query.mode: empty -> ""',
        'body: empty (required)',
        'body: not JSON',
        'body: larger than the documented limit (413)',
        'body.name: missing',
        'body.name: type -> 12345',
        'body.name: pattern -> "!"',
        'body.name: limit -> "xxxxxx"',
        'body.email: format -> "not-an-email"',
        'body.tags: limit -> []',
        'body.tags[0]: enum -> "not-an-enum-value"',
      ]),
    );
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('gives requests that are really invalid, each for its one reason', () => {
    for (const m of mutationsOf(op, kit)) {
      const mutated = applyMutation(base, m);
      if (!mutated) continue;
      expect(requestProblems(op, kit, mutated), m.label).not.toBe('');
    }
    expect(requestProblems(op, kit, base)).toBe('');
  });

  it('does not apply to a base that lacks the place', () => {
    const noEmail = mutationsOf(op, kit).find((m) => m.label === 'body.email: missing');
    expect(noEmail).toBeUndefined(); // optional: removing it is no violation
    const format = mutationsOf(op, kit).find((m) => m.label.startsWith('body.tags[0]'))!;
    expect(applyMutation({ ...base, body: { name: 'a' } }, format)).toBeUndefined();
  });

  it('finds mutations on every operation of the documents that takes input', () => {
    const doc = loadDocument('merchant');
    const real = new SchemaKit(doc, 'merchant');
    for (const o of operationsOf('merchant', doc)) {
      const takesInput = o.body !== undefined || o.parameters.some((p) => p.schema.type !== 'string' || p.schema.enum);
      if (takesInput) expect(mutationsOf(o, real).length, o.operationId).toBeGreaterThan(0);
    }
  });
});

describe('targetPath', () => {
  it.each([
    ['body', ['body']],
    ['body.payment.amount', ['body', 'payment', 'amount']],
    ['body.orders[0].price', ['body', 'orders', 0, 'price']],
  ])('%s', (target, want) => expect(targetPath(target)).toEqual(want));
});

describe('wrong-type values', () => {
  // Merchant and partner servers accept the exact canonical text of a number or boolean in a JSON
  // body ("1", "true"); a wrong-type negative must fail there too.
  it('are never the canonical text of a number or a boolean', () => {
    for (const type of ['integer', 'number', 'boolean'] as const) {
      for (const v of WRONG_TYPES[type]!) {
        if (typeof v !== 'string') continue;
        const canonical = type === 'boolean' ? v === 'true' || v === 'false' : /^-?\d/.test(v) && String(Number(v)) === v;
        expect(canonical, `${type}: ${v}`).toBe(false);
      }
    }
    // ... and a numeric-looking text that is not canonical probes the edge of that leniency.
    expect(WRONG_TYPES.integer).toContain('1.0');
    expect(WRONG_TYPES.number).toContain('1e0');
  });
});
