import { describe, expect, it } from 'vitest';
import { mediaTypeDeclared, responseChecks } from './checks.ts';
import type { OpenApiDocument, OperationSpec } from './document.ts';
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
    '429': { mediaTypes: json, schema: { $ref: '#/components/schemas/Error' }, headers: [{ name: 'retry-after', required: true, schema: { type: 'integer' } }] },
    '503': { mediaTypes: json, schema: { $ref: '#/components/schemas/Error' } },
    '4XX': { mediaTypes: json, schema: { $ref: '#/components/schemas/Error' } },
  },
};
const res = (status: number, body: unknown, contentType: string | undefined = 'application/json; charset=utf-8', headers: Record<string, string> = {}): WireResponse => {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { status, contentType, headers, text, ms: 1, ...(typeof body === 'object' ? { json: body } : {}) };
};
const err = (code: string) => ({ title: 'x', code, details: 'y' });
const ct = 'application/json; charset=utf-8';
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

  it.each<[string, WireResponse, string[]]>([
    ['429 with its declared Retry-After', res(429, err('1007'), ct, { 'retry-after': '60' }), []],
    ['429 without it', res(429, err('1007')), ['429 without the required header Retry-After', '429 without Retry-After']],
    ['429 with a Retry-After that is no integer', res(429, err('1007'), ct, { 'retry-after': 'soon' }), ['429 header Retry-After: "soon" does not match its schema: (root): must be integer']],
    ['503 with a Retry-After the document does not declare', res(503, err('1006'), ct, { 'retry-after': '5' }), ['503 sends Retry-After, which the document does not declare for it']],
    ['405 (under 4XX) without Allow', res(405, err('1009')), ['405 without Allow']],
  ])('headers: %s', (_name, response, want) =>
    expect(responseChecks(op, kit, response).filter((f) => f.check === 'response_headers_conformance').map((f) => f.message)).toEqual(want),
  );

  it('matches media type ranges', () => {
    expect(mediaTypeDeclared(['application/*'], 'application/json')).toBe(true);
    expect(mediaTypeDeclared(['*/*'], 'text/plain')).toBe(true);
    expect(mediaTypeDeclared(['application/json'], 'application/problem+json')).toBe(false);
  });
});

