import { describe, expect, it } from 'vitest';
import type { OperationSpec } from './document.ts';
import { allowProblem, expectationChecks, type Expectation } from './expectations.ts';
import { PROFILES } from './profiles.ts';
import type { WireResponse } from './wire.ts';

const op: OperationSpec = { api: 'merchant', operationId: 'getThing', method: 'get', path: '/things/{id}', parameters: [], secured: true, responses: {} };
const res = (status: number, body: unknown, headers: Record<string, string> = {}): WireResponse => ({
  status, contentType: 'application/json', headers, text: JSON.stringify(body), json: body, ms: 1,
});
const err = (code: string) => ({ title: 'x', code, details: 'y' });
const checks = (e: Expectation, r: WireResponse, o: OperationSpec = op) => expectationChecks(o, PROFILES.merchant, e, r).map((f) => f.check);

describe('expectationChecks', () => {
  const auth = (code: string): Expectation => ({ kind: 'auth', auth: { mode: 'wrong-secret', expect: { status: 401, code } } });
  const negative: Expectation = { kind: 'negative', mutation: 'pattern' };
  it.each<[string, Expectation, WireResponse, string[]]>([
    ['valid data accepted', { kind: 'valid' }, res(200, { id: 1 }), []],
    ['valid data answered 404', { kind: 'valid' }, res(404, err('1004')), []],
    ['valid data rejected as invalid', { kind: 'valid' }, res(422, err('1002')), ['positive_data_acceptance']],
    ['an undocumented parameter, any answer', { kind: 'any' }, res(422, err('1002')), []],
    ['negative data rejected as documented', negative, res(422, err('1002')), []],
    ['negative data accepted', negative, res(200, { id: 1 }), ['negative_data_rejection']],
    ['negative data with another 4xx', negative, res(404, err('1004')), ['negative_data_rejection']],
    ['negative data with another code', negative, res(422, err('2001')), ['negative_data_rejection']],
    ['malformed JSON answered 400 1011', { kind: 'negative', mutation: 'malformed-json' }, res(400, err('1011')), []],
    ['wrong credentials answered 401 1001', auth('1001'), res(401, err('1001')), []],
    ['wrong credentials let through', auth('1001'), res(200, { id: 1 }), ['ignored_auth']],
    ['wrong credentials with another code', auth('1003'), res(401, err('1001')), ['ignored_auth']],
    ['a created resource read back', { kind: 'available', producer: 'createThing' }, res(200, { id: 1 }), []],
    ['a created resource not found', { kind: 'available', producer: 'createThing' }, res(404, err('1004')), ['ensure_resource_availability']],
    ['a deleted resource gone', { kind: 'freed', deleter: 'deleteThing' }, res(404, err('1004')), []],
    ['a deleted resource still there', { kind: 'freed', deleter: 'deleteThing' }, res(200, { id: 1 }), ['use_after_free']],
  ])('%s', (_name, e, response, want) => expect(checks(e, response)).toEqual(want));

  it('reads the exchange code from {error: {code}}', () => {
    const rejected = res(400, { error: { code: 1001, message: 'market: must be one of' } });
    expect(PROFILES.exchange.errorCode(rejected.json)).toBe('1001');
    expect(expectationChecks(op, PROFILES.exchange, { kind: 'valid' }, rejected).map((f) => f.check)).toEqual(['positive_data_acceptance']);
  });
});

describe('methods a path lacks', () => {
  const put: OperationSpec = { ...op, operationId: 'PUT /things/{id}', method: 'put' as OperationSpec['method'] };
  const options: OperationSpec = { ...op, operationId: 'OPTIONS /things/{id}', method: 'options' as OperationSpec['method'] };
  const method: Expectation = { kind: 'method', allow: ['GET', 'DELETE'] };
  const messages = (r: WireResponse, o = put) => expectationChecks(o, PROFILES.merchant, method, r).map((f) => f.message);

  it.each<[string, WireResponse, string[]]>([
    ['405 with the documented Allow and the error body', res(405, err('1009'), { allow: 'GET, HEAD, DELETE' }), []],
    ['answered as another method', res(422, err('1002')), ['PUT /things/{id} (not documented) answered 422, expected 405: {"title":"x","code":"1002","details":"y"}']],
    ['405 without Allow', res(405, err('1009')), ['PUT /things/{id} answered 405 with no Allow header']],
    ['Allow missing a method', res(405, err('1009'), { allow: 'GET' }), ['PUT /things/{id} answered 405 with Allow: GET (documented: GET, DELETE; missing DELETE)']],
    ['Allow with a method not documented', res(405, err('1009'), { allow: 'GET, POST, DELETE' }), ['PUT /things/{id} answered 405 with Allow: GET, POST, DELETE (documented: GET, DELETE; not documented POST)']],
    ['405 with another code', res(405, err('1002'), { allow: 'GET, DELETE' }), ['PUT /things/{id} answered code 1002, expected 1009']],
  ])('%s', (_name, r, want) => expect(messages(r)).toEqual(want));

  it('OPTIONS may answer 2xx or 405, always with the true Allow', () => {
    expect(messages(res(204, {}, { allow: 'GET, DELETE, OPTIONS' }), options)).toEqual([]);
    expect(messages(res(405, err('1009'), { allow: 'GET, DELETE' }), options)).toEqual([]);
    expect(messages(res(200, {}, { allow: 'GET, POST, HEAD' }), options)).toEqual(['OPTIONS /things/{id} answered 200 with Allow: GET, POST, HEAD (documented: GET, DELETE; missing DELETE; not documented POST)']);
  });

  it('HEAD is tolerated only beside GET', () => {
    expect(allowProblem('POST, HEAD', ['POST'])).toBe('Allow: POST, HEAD (documented: POST; not documented HEAD)');
    expect(allowProblem('post , options', ['POST'])).toBe('');
  });
});
