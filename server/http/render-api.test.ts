// Every refusal in the body its operation declares: the table of declared bodies comes from the
// operation table, and a declared body the renderer cannot write stops the start.
import { describe, expect, it } from 'vitest';
import { ApiDomainError } from '../core/errors.ts';
import { declaredBodies, renderApiFailure } from './render-api.ts';

const Platform = { name: 'platform' };
const Own = { name: 'own' };
const operations = { plain: { responses: { 422: { schema: Platform } } }, own: { responses: { 201: { schema: Own }, 422: { schema: Own } } } };

describe('declaredBodies', () => {
  it('converts exactly the (operation, status) pairs that declare another body than the API error body', () => {
    const declared = declaredBodies(operations, Platform, new Map([[Own as unknown, (p: { status: number }) => ({ status: p.status, body: { own: true } })]]));
    const failure = ApiDomainError.of('1002', 'Required fields are missing or incorrect');
    expect(renderApiFailure(failure, { currencyFields: [], declared }, 'own')).toEqual({ status: 422, body: { own: true } });
    expect(renderApiFailure(failure, { currencyFields: [], declared }, 'plain').body).toMatchObject({ code: '1002' });
    expect(renderApiFailure(ApiDomainError.of('1004', 'x'), { currencyFields: [], declared }, 'own')).toMatchObject({ status: 404, body: { code: '1004' } });
  });

  it('refuses a declared error body it has no converter for', () => {
    expect(() => declaredBodies(operations, Platform, new Map())).toThrow('own declares its 422 in a body the error renderer cannot write');
  });
});
