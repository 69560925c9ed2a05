import { describe, expect, it } from 'vitest';
import { ruleJsonSchema, requireOneOf } from '../../contracts/shared/conditional.ts';
import { renderTypes } from './types.ts';

describe('renderTypes: openapi-typescript with its default options', () => {
  it('keeps an object with a rule between its fields typed (the rule is an anyOf inside allOf)', async () => {
    const rule = ruleJsonSchema(requireOneOf([['a'], ['b']], { message: 'a or b' }));
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: { schemas: { Body: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, ...rule } } },
    };
    const types = await renderTypes(doc);
    expect(types).toMatch(/Body: \{\s+a\?: string;\s+b\?: string;\s+\} & \(unknown \| unknown\);/);
  });

  it('types a defaulted field of a shared component as present, and of a request body as optional', async () => {
    const flag = { type: 'object', properties: { flag: { type: 'boolean', default: false } } };
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/x': { post: { requestBody: { content: { 'application/json': { schema: flag } } }, responses: { '204': { description: 'done' } } } } },
      components: { schemas: { Shared: flag } },
    };
    const types = await renderTypes(doc);
    expect(types).toMatch(/Shared: \{\s+\/\*\* @default false \*\/\s+flag: boolean;/);
    expect(types).toMatch(/"application\/json": \{\s+\/\*\* @default false \*\/\s+flag\?: boolean;/);
  });
});
