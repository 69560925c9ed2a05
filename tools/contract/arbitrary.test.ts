import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from '../../contracts/shared/primitives.ts';
import { arbitraryFor } from './arbitrary.ts';
import { API_IDS, loadDocument, operationsOf, type JsonSchema, type OpenApiDocument } from './document.ts';
import { SchemaKit } from './schemas.ts';

const doc: OpenApiDocument = {
  paths: {},
  components: {
    schemas: {
      Side: { type: 'string', enum: ['buy', 'sell'] },
      Limit: {
        type: 'object',
        properties: { ord_type: { type: 'string', enum: ['limit'] }, side: { $ref: '#/components/schemas/Side' }, price: { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$' } },
        required: ['ord_type', 'side', 'price'],
      },
      Market: {
        type: 'object',
        properties: { ord_type: { type: 'string', enum: ['market'] }, side: { $ref: '#/components/schemas/Side' }, price: { not: {} } },
        required: ['ord_type', 'side'],
      },
    },
  },
};
const kit = new SchemaKit(doc, 'unit');
const sample = (schema: JsonSchema, n = 200) => fc.sample(arbitraryFor(schema, { doc }), { seed: 42, numRuns: n });

describe('arbitraryFor', () => {
  it.each<[string, JsonSchema, (v: unknown) => boolean]>([
    ['enum', { type: 'string', enum: ['a', 'b'] }, (v) => v === 'a' || v === 'b'],
    ['pattern', { type: 'string', pattern: '^[a-z]{2}[0-9]$' }, (v) => /^[a-z]{2}[0-9]$/.test(v as string)],
    ['length limits', { type: 'string', minLength: 3, maxLength: 5 }, (v) => (v as string).length >= 3 && (v as string).length <= 5],
    ['integer range', { type: 'integer', minimum: 12, maximum: 336 }, (v) => Number.isInteger(v) && (v as number) >= 12 && (v as number) <= 336],
    ['exclusive range', { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }, (v) => (v as number) > 0 && (v as number) < 1],
    ['email format', { type: 'string', format: 'email' }, (v) => kit.valid({ type: 'string', format: 'email' }, v)],
    ['https uri', { type: 'string', format: 'uri', pattern: '^https:\\/\\/' }, (v) => (v as string).startsWith('https://')],
    ['date-time', { type: 'string', format: 'date-time' }, (v) => !Number.isNaN(Date.parse(v as string))],
    ['array limits', { type: 'array', items: { type: 'boolean' }, minItems: 1, maxItems: 3 }, (v) => (v as unknown[]).length >= 1 && (v as unknown[]).length <= 3],
  ])('%s', (_name, schema, holds) => {
    for (const v of sample(schema)) expect(holds(v), JSON.stringify(v)).toBe(true);
  });

  it('puts generated URLs and e-mails on reserved domains only (no deployment calls a real host)', () => {
    for (const url of sample({ type: 'string', format: 'uri' })) expect(new URL(url as string).hostname).toMatch(/\.invalid$/);
    for (const email of sample({ type: 'string', format: 'email' })) expect((email as string).split('@')[1]).toMatch(/(^|\.)example(\.(com|org|net))?$/);
    // The documents declare an e-mail by its pattern alone: the same generator, within the pattern.
    const byPattern = { type: 'string', pattern: EMAIL_PATTERN };
    const emails = sample(byPattern, 200) as string[];
    for (const email of emails) expect([email.split('@')[1], new RegExp(EMAIL_PATTERN).test(email)]).toEqual([expect.stringMatching(/(^|\.)example(\.(com|org|net))?$/), true]);
    expect(emails).toContain('a+b{c}@x.example');
  });

  it('honours formats with unusual but valid values, each valid by the declared format', () => {
    const formats = ['email', 'uri', 'date', 'date-time'];
    const values = Object.fromEntries(formats.map((f) => [f, sample({ type: 'string', format: f }, 400) as string[]]));
    for (const f of formats) for (const v of values[f]!) expect(kit.valid({ type: 'string', format: f }, v), `${f} ${v}`).toBe(true);
    expect(values.email).toContain('a+b{c}@x.example');
    expect(values.email!.some((v) => /[{}|'~^`!#$%&*=?/]/.test(v.split('@')[0]!))).toBe(true);
    expect(values.uri!.some((v) => /\.invalid:\d+/.test(v))).toBe(true);
    expect(values.uri!.some((v) => /%[0-9A-F]{2}/.test(v))).toBe(true);
    expect(values.date!.some((v) => v.endsWith('-02-29'))).toBe(true);
    expect(values['date-time']!.some((v) => /\.\d{6}[+-]\d\d:\d\d$/.test(v))).toBe(true);
  });

  it('sometimes sends more than 100 items where no maxItems is stated, never beyond a stated one', () => {
    const lengths = (schema: JsonSchema) => (sample(schema, 300) as unknown[][]).map((a) => a.length);
    expect(Math.max(...lengths({ type: 'array', items: { type: 'integer' } }))).toBeGreaterThan(100);
    expect(Math.max(...lengths({ type: 'array', items: { type: 'integer' }, maxItems: 3 }))).toBe(3);
  });

  it('generates the large integers a schema without maximum allows, and none beyond a stated one', () => {
    const free = sample({ type: 'integer', minimum: 1 }, 400) as number[];
    expect(free).toContain(Number.MAX_SAFE_INTEGER);
    expect(free.some((n) => n > Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(Math.max(...(sample({ type: 'integer', minimum: 1, maximum: 2 ** 40 }, 400) as number[]))).toBeLessThanOrEqual(2 ** 40);
  });

  it('sends every required property and sometimes leaves optional ones out', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a'] };
    const values = sample(schema) as Record<string, unknown>[];
    expect(values.every((v) => 'a' in v)).toBe(true);
    expect(values.some((v) => 'b' in v)).toBe(true);
    expect(values.some((v) => !('b' in v))).toBe(true);
  });

  it('generates both branches of a discriminated oneOf, never a price on a market order', () => {
    const schema = { oneOf: [{ $ref: '#/components/schemas/Limit' }, { $ref: '#/components/schemas/Market' }], discriminator: { propertyName: 'ord_type' } };
    const values = sample(schema) as Record<string, unknown>[];
    expect(new Set(values.map((v) => v.ord_type))).toEqual(new Set(['limit', 'market']));
    for (const v of values) expect(kit.explain(schema, v)).toBe('');
    expect(values.filter((v) => v.ord_type === 'market').every((v) => !('price' in v))).toBe(true);
  });

  it('satisfies anyOf rules of required sets (either an id, or the contact fields)', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'integer' }, email: { type: 'string', format: 'email' }, name: { type: 'string', minLength: 1 }, full: { type: 'boolean' } },
      anyOf: [{ required: ['id'] }, { required: ['email', 'name'], properties: { full: { const: false } } }],
    };
    const values = sample(schema) as Record<string, unknown>[];
    for (const v of values) expect(kit.explain(schema, v), JSON.stringify(v)).toBe('');
    expect(values.some((v) => !('id' in v))).toBe(true);
  });

  it('generates request bodies valid against every operation of the three documents', () => {
    for (const api of API_IDS) {
      const real = loadDocument(api);
      const realKit = new SchemaKit(real, api);
      for (const op of operationsOf(api, real)) {
        if (!op.body) continue;
        const values = fc.sample(arbitraryFor(op.body.schema, { doc: real }), { seed: 7, numRuns: 60 });
        const invalid = values.filter((v) => !realKit.valid(op.body!.schema, v));
        expect(invalid.length, `${api} ${op.operationId}: ${realKit.explain(op.body.schema, invalid[0])}`).toBe(0);
      }
    }
  });
});
