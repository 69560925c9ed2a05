import { describe, expect, it } from 'vitest';
import { renderTypes, withoutConstraintClauses } from './types.ts';

describe('withoutConstraintClauses', () => {
  const object = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
  it.each([
    ['drops an anyOf of required lists', { ...object, anyOf: [{ required: ['a'] }, { required: ['b'] }] }, object],
    ['keeps an anyOf of shapes', { anyOf: [{ type: 'string' }, { type: 'null' }] }, { anyOf: [{ type: 'string' }, { type: 'null' }] }],
    ['keeps a mixed anyOf', { ...object, anyOf: [{ required: ['a'] }, { $ref: '#/x' }] }, { ...object, anyOf: [{ required: ['a'] }, { $ref: '#/x' }] }],
    ['walks nested schemas', { items: { ...object, anyOf: [{ required: ['a'] }] } }, { items: object }],
  ])('%s', (_, given, want) => {
    expect(withoutConstraintClauses(given)).toEqual(want);
  });

  it('gives openapi-typescript a typed body instead of unknown', async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: { Body: { ...object, anyOf: [{ required: ['a'] }, { required: ['b'] }] } } },
    };
    const types = await renderTypes(doc);
    expect(types).toMatch(/Body: \{\s+a\?: string;\s+b\?: string;\s+\};/);
    expect(types).not.toContain('unknown');
  });
});
