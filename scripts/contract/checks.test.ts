import { describe, expect, it } from 'vitest';
import { expectationChecks, mediaTypeDeclared, responseChecks, type Expectation } from './checks.ts';
import type { OpenApiDocument, OperationSpec } from './document.ts';
import { PROFILES } from './profiles.ts';
import { SchemaKit } from './schemas.ts';
import type { WireResponse } from './wire.ts';

const doc: OpenApiDocument = {
  paths: {},
  components: {
    schemas: {
      Thing: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      Error: { type: 'object', properties: { title: { type: 'string' }, code: { type: 'string' }, details: { type: 'string' } }, required: ['title', 'code', 'details'] },
    },
  },
};
const kit = new SchemaKit(doc, 'unit');
const json = ['application/json'];
const op: OperationSpec = {
  api: 'merchant', operationId: 'getThing', method: 'get', path: '/things/{id}', parameters: [], secured: true,
  responses: {
    '200': { mediaTypes: json, schema: { $ref: '#/components/schemas/Thing' } },
    '204': { mediaTypes: [] },
    '401': { mediaTypes: json, schema: { $ref: '#/components/schemas/Error' } },
    '422': { mediaTypes: json, schema: { $ref: '#/components/schemas/Error' } },
    '4XX': { mediaTypes: json, schema: { $ref: '#/components/schemas/Error' } },
  },
};
const res = (status: number, body: unknown, contentType: string | undefined = 'application/json; charset=utf-8'): WireResponse => {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { status, contentType, headers: {}, text, ms: 1, ...(typeof body === 'object' ? { json: body } : {}) };
};
const err = (code: string) => ({ title: 'x', code, details: 'y' });
const checks = (r: WireResponse) => responseChecks(op, kit, r).map((f) => f.check);

describe('responseChecks', () => {
  it.each<[string, WireResponse, string[]]>([
    ['a declared status with a matching body', res(200, { id: 1 }), []],
    ['a server error', res(500, err('1005')), ['not_a_server_error', 'status_code_conformance']],
    ['no response at all', { ...res(0, undefined), text: 'ECONNRESET' }, ['not_a_server_error']],
    ['an undeclared status', res(418, err('1')), []], // 4XX covers it
    ['a 3xx nobody declared', res(302, undefined, undefined), ['status_code_conformance']],
    ['a body missing a required field', res(200, {}), ['response_schema_conformance']],
    ['a field of the wrong type', res(200, { id: '1' }), ['response_schema_conformance']],
    ['a content type not declared', res(200, '<html>', 'text/html'), ['content_type_conformance']],
    ['a body where none is declared', res(204, { id: 1 }), ['content_type_conformance']],
    ['an empty 204', res(204, undefined, undefined), []],
    ['JSON declared, text sent', res(200, 'not json'), ['response_schema_conformance']],
  ])('%s', (_name, response, want) => expect(checks(response)).toEqual(want));

  it('matches media type ranges', () => {
    expect(mediaTypeDeclared(['application/*'], 'application/json')).toBe(true);
    expect(mediaTypeDeclared(['*/*'], 'text/plain')).toBe(true);
    expect(mediaTypeDeclared(['application/json'], 'application/problem+json')).toBe(false);
  });
});

describe('expectationChecks', () => {
  const profile = PROFILES.merchant;
  const auth = (code: string): Expectation => ({ kind: 'auth', auth: { mode: 'wrong-secret', expect: { status: 401, code } } });
  const negative: Expectation = { kind: 'negative', mutation: 'pattern' };
  it.each<[string, Expectation, WireResponse, string[]]>([
    ['valid data accepted', { kind: 'valid' }, res(200, { id: 1 }), []],
    ['valid data answered 404', { kind: 'valid' }, res(404, err('1004')), []],
    ['valid data rejected as invalid', { kind: 'valid' }, res(422, err('1002')), ['positive_data_acceptance']],
    ['negative data rejected as documented', negative, res(422, err('1002')), []],
    ['negative data accepted', negative, res(200, { id: 1 }), ['negative_data_rejection']],
    ['negative data with another 4xx', negative, res(404, err('1004')), ['negative_data_rejection']],
    ['negative data with another code', negative, res(422, err('2001')), ['negative_data_rejection']],
    ['malformed JSON answered 400 1011', { kind: 'negative', mutation: 'malformed-json' }, res(400, err('1011')), []],
    ['wrong credentials answered 401 1001', auth('1001'), res(401, err('1001')), []],
    ['wrong credentials let through', auth('1001'), res(200, { id: 1 }), ['auth_enforced']],
    ['wrong credentials with another code', auth('1003'), res(401, err('1001')), ['auth_enforced']],
  ])('%s', (_name, expect_, response, want) => expect(expectationChecks(op, profile, expect_, response).map((f) => f.check)).toEqual(want));

  it('reads the exchange code from {error: {code}}', () => {
    const rejected = res(400, { error: { code: 1001, message: 'market: must be one of' } });
    expect(PROFILES.exchange.errorCode(rejected.json)).toBe('1001');
    expect(expectationChecks(op, PROFILES.exchange, { kind: 'valid' }, rejected).map((f) => f.check)).toEqual(['positive_data_acceptance']);
  });
});
