import { describe, expect, it } from 'vitest';
import type { OperationSpec } from './document.ts';
import { documentEdges, edgeApplies, evaluate, pointer, valuesOf } from './links.ts';

const op = (operationId: string, method: OperationSpec['method'], path: string, parameters: OperationSpec['parameters'] = [], responses: OperationSpec['responses'] = {}): OperationSpec => ({
  api: 'merchant', operationId, method, path, parameters, responses, secured: true,
});
const param = (name: string, where: 'path' | 'query') => ({ name, in: where, required: true, allowEmptyValue: false, schema: { type: 'string' } });
const getThing = op('getThing', 'get', '/things/{id}', [param('id', 'path'), param('lang', 'query')]);
const useThing = op('useThing', 'post', '/uses');
const createThing = op('createThing', 'post', '/things', [], {
  '201': {
    mediaTypes: ['application/json'],
    links: [
      { name: 'read', operationId: 'getThing', parameters: { id: '$response.body#/id', 'query.lang': '$request.body#/lang' } },
      { name: 'use', operationId: 'useThing', parameters: {}, requestBody: { thing: { id: '$response.body#/id' }, note: 'literal' } },
    ],
  },
});

describe('links', () => {
  it('turns Link Objects into edges with request places', () => {
    expect(documentEdges([createThing, getThing, useThing])).toEqual([
      { from: 'createThing', status: '201', name: 'read', to: 'getThing', bind: { 'path.id': '$response.body#/id', 'query.lang': '$request.body#/lang' } },
      { from: 'createThing', status: '201', name: 'use', to: 'useThing', bind: { 'body.thing.id': '$response.body#/id', 'body.note': 'literal' } },
    ]);
  });

  it('names what a document gets wrong', () => {
    const bad = (link: object) => () => documentEdges([op('createThing', 'post', '/things', [], { '201': { mediaTypes: [], links: [link as never] } }), getThing]);
    expect(bad({ name: 'x', operationId: 'nope', parameters: {} })).toThrow('createThing 201: link x names an unknown operation nope');
    expect(bad({ name: 'x', operationId: 'getThing', parameters: { thing_id: '$response.body#/id' } })).toThrow('link x sets thing_id, which getThing does not have');
  });

  it('evaluates runtime expressions over the request and the answer', () => {
    const request = { path: { id: '7' }, query: { q: 'a' }, body: { lang: 'en', list: [{ 'a/b': 1 }] } };
    const response = { json: { id: 5, items: [{ id: 9 }] }, headers: { location: '/things/5' } };
    expect(evaluate('$response.body#/items/0/id', request, response)).toBe(9);
    expect(evaluate('$response.body', request, response)).toEqual(response.json);
    expect(evaluate('$request.body#/list/0/a~1b', request, response)).toBe(1);
    expect(evaluate('$request.path.id', request, response)).toBe('7');
    expect(evaluate('$request.query.q', request, response)).toBe('a');
    expect(evaluate('$response.header.Location', request, response)).toBe('/things/5');
    expect(evaluate(42, request, response)).toBe(42);
    expect(() => evaluate('$url', request, response)).toThrow('unsupported runtime expression $url');
    expect(pointer({ a: null }, '/a/b')).toBeUndefined();
  });

  it('gives values only when every expression has one, and only on the declared success', () => {
    const [read] = documentEdges([createThing, getThing, useThing]);
    const request = { path: {}, query: {}, body: { lang: 'en' } };
    expect(valuesOf(read!, request, { json: { id: 5 }, headers: {} })).toEqual({ 'path.id': 5, 'query.lang': 'en' });
    expect(valuesOf(read!, request, { json: {}, headers: {} })).toBeUndefined();
    expect(edgeApplies(read!, 201, '201')).toBe(true);
    expect(edgeApplies(read!, 200, '200')).toBe(false);
    expect(edgeApplies({ ...read!, status: '2XX' }, 200, '200')).toBe(true);
    expect(edgeApplies({ ...read!, status: '2XX' }, 404, '404')).toBe(false);
  });
});
