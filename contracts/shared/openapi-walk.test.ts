// The one reader of the documents: pointers with their escapes, `$ref`s followed (and refused when
// remote, dangling or looping), the operations of paths and webhooks with their parameters, bodies
// and responses, and every schema of a document visited once, recursive ones included. Last, the
// three generated documents read through it as the server, the runner and the pipeline read them.
import { describe, expect, it } from 'vitest';
import exchange from '../../generated/openapi/exchange.document.ts';
import merchant from '../../generated/openapi/merchant.document.ts';
import partner from '../../generated/openapi/partner.document.ts';
import {
  deref,
  eachOperation,
  eachSchema,
  getPointer,
  joinPointer,
  parametersOf,
  pathDocument,
  pointerTokens,
  propertiesOf,
  refPointer,
  requestBodyOf,
  resolveObject,
  resolveRef,
  responsesOf,
  rewriteRefs,
  subschemas,
  walkSchema,
  type Json,
} from './openapi-walk.ts';

const doc = {
  openapi: '3.1.0',
  paths: {
    '/things/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }, { $ref: '#/components/parameters/Lang' }],
      get: {
        operationId: 'getThing',
        parameters: [{ name: 'lang', in: 'query', schema: { enum: ['en'] } }, { name: 'x', in: 'header', schema: { type: 'string' } }],
        responses: { '200': { $ref: '#/components/responses/Thing' }, default: { description: 'error' } },
      },
      post: { operationId: 'postThing', requestBody: { $ref: '#/components/requestBodies/Thing' }, responses: {} },
    },
  },
  webhooks: { thingMade: { post: { operationId: 'thingMade', requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } } } },
  components: {
    schemas: {
      Thing: { type: 'object', properties: { id: { type: 'string', pattern: 'a' }, child: { $ref: '#/components/schemas/Thing' }, 'a/b~c': { type: 'integer' } } },
      Alias: { $ref: '#/components/schemas/Thing' },
      Loop1: { $ref: '#/components/schemas/Loop2' },
      Loop2: { $ref: '#/components/schemas/Loop1' },
      Union: { oneOf: [{ $ref: '#/components/schemas/Thing' }, { type: 'object', properties: { other: { type: 'boolean' } } }], properties: { id: { type: 'number' } } },
      Self: { anyOf: [{ $ref: '#/components/schemas/Self' }, { properties: { s: {} } }] },
    },
    parameters: { Lang: { name: 'lang', in: 'query', schema: { type: 'string' } } },
    requestBodies: { Thing: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
    responses: { Thing: { description: 'a thing', headers: { 'X-Id': { schema: { type: 'string' } } }, content: { 'application/json': { schema: { $ref: '#/components/schemas/Alias' } } } } },
  },
} satisfies Json;

const schemas = doc.components.schemas;

describe('JSON pointers', () => {
  it('escape and unescape ~ and /, and find nothing where nothing is', () => {
    expect(joinPointer('/components/schemas', 'Thing', 'properties', 'a/b~c')).toBe('/components/schemas/Thing/properties/a~1b~0c');
    expect(getPointer(doc, '/components/schemas/Thing/properties/a~1b~0c')).toEqual({ type: 'integer' });
    expect(getPointer(doc, '')).toBe(doc);
    expect(getPointer(doc, '/paths/~1things~1{id}/parameters/1')).toEqual({ $ref: '#/components/parameters/Lang' });
    expect(getPointer(doc, '/components/nothing/here')).toBeUndefined();
    expect(getPointer(doc, '/components/schemas/Thing/type/length')).toBeUndefined();
    expect(getPointer(doc, '/constructor')).toBeUndefined();
  });

  it('split into the keys they name, and refuse what is no pointer', () => {
    expect(pointerTokens('/a~1b/~0c/0')).toEqual(['a/b', '~c', '0']);
    expect(pointerTokens('')).toEqual([]);
    expect(pointerTokens('/')).toEqual(['']);
    expect(getPointer({ '': 7 }, '/')).toBe(7);
    expect(getPointer([5, 6], '/1')).toBe(6);
    expect(() => pointerTokens('a/b')).toThrow('not a JSON pointer: a/b');
  });
});

describe('$ref', () => {
  it('follows a chain of references to the schema, with its pointer', () => {
    expect(deref(doc, { $ref: '#/components/schemas/Alias' }, '/here')).toEqual({ value: schemas.Thing, ptr: '/components/schemas/Thing' });
    expect(deref(doc, schemas.Thing, '/here')).toEqual({ value: schemas.Thing, ptr: '/here' });
    expect(refPointer('#/components/schemas/A%20B')).toBe('/components/schemas/A B');
    expect(resolveRef(doc, undefined)).toBeUndefined();
    expect(resolveObject(doc, undefined)).toEqual({});
    expect(resolveObject(doc, true)).toEqual({});
  });

  it('refuses a remote reference, a dangling one and a loop, naming it', () => {
    expect(() => resolveRef(doc, { $ref: 'other.yaml#/x' })).toThrow('only local $ref is supported: other.yaml#/x');
    expect(() => resolveRef(doc, { $ref: '#/components/schemas/Nope' })).toThrow('$ref #/components/schemas/Nope does not resolve');
    expect(() => resolveRef(doc, schemas.Loop1)).toThrow('$ref loop: #/components/schemas/Loop2 -> #/components/schemas/Loop1 -> #/components/schemas/Loop2');
  });

  it('rewrites every reference of a copy, leaving the original', () => {
    const copy = rewriteRefs(schemas.Union, (ref) => ref.replace('#/components/schemas/', '#/$defs/')) as Json;
    expect(copy).toEqual({ oneOf: [{ $ref: '#/$defs/Thing' }, schemas.Union.oneOf[1]], properties: { id: { type: 'number' } } });
    expect(schemas.Union.oneOf[0]).toEqual({ $ref: '#/components/schemas/Thing' });
  });
});

describe('pathDocument', () => {
  it('keeps one path and the components it reaches, through references to references and loops', () => {
    const narrowed = pathDocument({ ...doc, paths: { ...doc.paths, '/other': { get: { responses: { '200': { $ref: '#/components/responses/Other' } } } } }, components: { ...doc.components, responses: { ...doc.components.responses, Other: { description: 'other' } } } }, '/things/{id}');
    expect(narrowed).toEqual({
      openapi: '3.1.0',
      paths: { '/things/{id}': doc.paths['/things/{id}'] },
      components: {
        parameters: { Lang: doc.components.parameters.Lang },
        responses: { Thing: doc.components.responses.Thing },
        schemas: { Alias: schemas.Alias, Thing: schemas.Thing },
        requestBodies: { Thing: doc.components.requestBodies.Thing },
      },
    });
  });

  it('keeps a whole component for a reference into one of its parts, and gives the whole document to a path that reaches outside the components', () => {
    const partial = { openapi: '3.1.0', paths: { '/a': { get: { parameters: [{ name: 'x', in: 'query', schema: { $ref: '#/components/schemas/Thing/properties/id' } }], responses: {} } } }, components: { schemas } };
    expect(pathDocument(partial, '/a').components).toEqual({ schemas: { Thing: schemas.Thing } });
    // As a bundler writes a parameter shared by two paths: a pointer into the other path.
    const bundled = { openapi: '3.1.0', paths: { '/a/{id}': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: {} } }, '/b/{id}': { get: { parameters: [{ $ref: '#/paths/~1a~1%7Bid%7D/get/parameters/0' }], responses: {} } } } };
    expect(pathDocument(bundled, '/b/{id}')).toBe(bundled);
    expect(Object.keys(pathDocument(bundled, '/a/{id}').paths as Json)).toEqual(['/a/{id}']);
  });

  it('keeps the security schemes, and refuses a path the document does not have or a reference that points nowhere', () => {
    const secured = { openapi: '3.1.0', paths: { '/a': { get: { responses: {} } } }, components: { securitySchemes: { basic: { type: 'http', scheme: 'basic' } } } };
    expect(pathDocument(secured, '/a').components).toEqual({ securitySchemes: secured.components.securitySchemes });
    expect(() => pathDocument(secured, '/b')).toThrow('path /b is not in the document');
    expect(() => pathDocument({ paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/Gone' } } } } } }, '/a')).toThrow('$ref #/components/responses/Gone does not resolve');
  });

  it.each([['exchange', exchange], ['merchant', merchant], ['partner', partner]] as const)('narrows every path of the %s document to a document whose references all resolve', (_name, api) => {
    for (const path of Object.keys(api.paths as Json)) {
      const narrowed = pathDocument(api as Json, path);
      expect(Object.keys(narrowed.paths as Json)).toEqual([path]);
      const refs: string[] = [];
      const visit = (v: unknown): void => {
        if (Array.isArray(v)) v.forEach(visit);
        else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) k === '$ref' && typeof x === 'string' ? refs.push(x) : visit(x);
      };
      visit(narrowed);
      for (const ref of refs) expect(getPointer(narrowed, refPointer(ref)), `${path}: ${ref}`).toBeDefined();
      if (path === Object.keys(api.paths as Json)[0]) expect(refs.length).toBeGreaterThan(0);
    }
  });
});

describe('operations', () => {
  it('lists paths then webhooks, methods in the order asked, with pointers', () => {
    expect(eachOperation(doc).map((o) => [o.section, o.path, o.method, o.ptr])).toEqual([
      ['paths', '/things/{id}', 'get', '/paths/~1things~1{id}/get'],
      ['paths', '/things/{id}', 'post', '/paths/~1things~1{id}/post'],
      ['webhooks', 'thingMade', 'post', '/webhooks/thingMade/post'],
    ]);
    expect(eachOperation(doc, { sections: ['paths'], methods: ['post', 'get'] }).map((o) => o.method)).toEqual(['post', 'get']);
  });

  it("resolves parameters (the operation's replace the path item's of the same in and name), bodies and responses", () => {
    const [get, post] = eachOperation(doc);
    expect(parametersOf(doc, get!)).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'lang', in: 'query', schema: { enum: ['en'] } },
      { name: 'x', in: 'header', schema: { type: 'string' } },
    ]);
    expect(requestBodyOf(doc, get!.operation)).toBeUndefined();
    expect(requestBodyOf(doc, post!.operation)).toBe(doc.components.requestBodies.Thing);
    expect(responsesOf(doc, get!.operation)).toEqual({ '200': doc.components.responses.Thing, default: { description: 'error' } });
  });
});

describe('schemas', () => {
  it('names the direct subschemas of every applicator keyword', () => {
    const s = { properties: { a: {} }, patternProperties: { '^x': {} }, items: {}, prefixItems: [{}], additionalProperties: {}, allOf: [{}], anyOf: [{}], oneOf: [{}], not: {}, if: {}, then: {}, else: {}, contentSchema: {}, propertyNames: {}, contains: {}, unevaluatedProperties: false, $defs: { D: {} } };
    expect(subschemas(s, '/s').map((x) => x.ptr).sort()).toEqual(
      ['/s/$defs/D', '/s/additionalProperties', '/s/allOf/0', '/s/anyOf/0', '/s/contains', '/s/contentSchema', '/s/else', '/s/if', '/s/items', '/s/not', '/s/oneOf/0', '/s/patternProperties/^x', '/s/prefixItems/0', '/s/properties/a', '/s/propertyNames', '/s/then'].sort(),
    );
  });

  it('visits each schema of a document once, parents first, from components, parameters, bodies, responses, headers and webhooks', () => {
    const seen: string[] = [];
    eachSchema(doc, (_s, ptr) => seen.push(ptr));
    expect(seen).toEqual([
      '/components/schemas/Thing',
      '/components/schemas/Thing/properties/id',
      '/components/schemas/Thing/properties/child',
      '/components/schemas/Thing/properties/a~1b~0c',
      '/components/schemas/Alias',
      '/components/schemas/Loop1',
      '/components/schemas/Loop2',
      '/components/schemas/Union',
      '/components/schemas/Union/oneOf/0',
      '/components/schemas/Union/oneOf/1',
      '/components/schemas/Union/oneOf/1/properties/other',
      '/components/schemas/Union/properties/id',
      '/components/schemas/Self',
      '/components/schemas/Self/anyOf/0',
      '/components/schemas/Self/anyOf/1',
      '/components/schemas/Self/anyOf/1/properties/s',
      '/components/parameters/Lang/schema',
      '/components/requestBodies/Thing/content/application~1json/schema',
      '/components/responses/Thing/content/application~1json/schema',
      '/components/responses/Thing/headers/X-Id/schema',
      '/paths/~1things~1{id}/parameters/0/schema',
      '/paths/~1things~1{id}/get/parameters/0/schema',
      '/paths/~1things~1{id}/get/parameters/1/schema',
      '/webhooks/thingMade/post/requestBody/content/application~1json/schema',
    ]);
  });

  it('walks one schema without following references, so a recursive one ends', () => {
    const seen: string[] = [];
    walkSchema(schemas.Thing, (_s, ptr) => seen.push(ptr), '#');
    expect(seen).toEqual(['#', '#/properties/id', '#/properties/child', '#/properties/a~1b~0c']);
  });

  it('collects properties through references and unions, its own winning, and ends on a union that contains itself', () => {
    expect(Object.keys(propertiesOf(doc, { $ref: '#/components/schemas/Union' }))).toEqual(['id', 'child', 'a/b~c', 'other']);
    expect(propertiesOf(doc, schemas.Union).id).toEqual({ type: 'number' });
    expect(propertiesOf(doc, schemas.Self)).toEqual({ s: {} });
  });
});

describe('the generated documents', () => {
  it.each([['exchange', exchange], ['merchant', merchant], ['partner', partner]] as const)('%s: every $ref resolves, every operation has its parameters, body and responses resolved', (_api, d) => {
    const document = d as unknown as Json;
    const refs: string[] = [];
    eachSchema(document, (s) => typeof s.$ref === 'string' && refs.push(s.$ref));
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of refs) expect(resolveObject(document, { $ref: ref })).not.toEqual({});
    const ops = eachOperation(document);
    const written = (section: string) => Object.values((document[section] ?? {}) as Record<string, Json>).flatMap((item) => Object.keys(item).filter((k) => /^(get|put|post|delete|patch)$/.test(k)));
    expect(ops.length).toBe(written('paths').length + written('webhooks').length);
    expect(ops.map((o) => o.operation.operationId).every((id) => typeof id === 'string')).toBe(true);
    for (const at of ops) {
      for (const p of parametersOf(document, at)) expect(typeof p.name === 'string' && typeof p.in === 'string', `${at.ptr} ${JSON.stringify(p)}`).toBe(true);
      for (const r of Object.values(responsesOf(document, at.operation))) expect(r.$ref).toBeUndefined();
      expect(requestBodyOf(document, at.operation)?.$ref).toBeUndefined();
    }
  });
});
