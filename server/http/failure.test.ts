import { describe, expect, it } from 'vitest';
import { BadRequest, NotFound } from 'express-openapi-validator/dist/framework/types.js';
import { MalformedJsonError, PayloadTooLargeError, RequestValidationError, RouteNotFoundError } from '../errors.ts';
import { InternalFailure, fieldPath, toFailure } from './failure.ts';

const req = { method: 'GET', originalUrl: '/api/v1/x?signature=s' };

describe('fieldPath', () => {
  it.each([
    [[], ''],
    [['payment', 'email'], 'payment.email'],
    [['orders', 0, 'price'], 'orders[0].price'],
    [['orders', '1'], 'orders[1]'],
  ])('%j -> %s', (segments, want) => expect(fieldPath(segments)).toBe(want));
});

describe('toFailure', () => {
  it('maps validator issues to located, dotted fields; required ones marked missing', () => {
    const err = Object.assign(new BadRequest({ path: '/x', message: 'x' }), {
      errors: [
        { path: '/body/payment/email', message: 'must match format "email"' },
        { path: '/query/market', message: "must have required property 'market'" },
        { path: '/params/id', message: 'must be integer' },
        { path: '/query/foo', message: "Unknown query parameter 'foo'" },
      ],
    });
    const f = toFailure(err, req, '100kb');
    expect(f).toBeInstanceOf(RequestValidationError);
    expect((f as RequestValidationError).issues).toEqual([
      { location: 'body', field: 'payment.email', message: 'must match format "email"' },
      { location: 'query', field: 'market', message: 'is required', missing: true },
      { location: 'path', field: 'id', message: 'must be integer' },
      { location: 'query', field: 'foo', message: 'is not a parameter of this operation' },
    ]);
  });

  it('maps the JSON parser errors and the validator HTTP errors; the path never carries the query', () => {
    expect(toFailure(Object.assign(new SyntaxError('Unexpected end'), { type: 'entity.parse.failed', status: 400 }), req, '1kb')).toBeInstanceOf(MalformedJsonError);
    expect(toFailure({ type: 'entity.too.large', status: 413 }, req, '1kb')).toEqual(new PayloadTooLargeError('1kb'));
    const notFound = toFailure(new NotFound({ path: '/x', message: 'not found' }), req, '1kb');
    expect(notFound).toBeInstanceOf(RouteNotFoundError);
    expect(notFound.message).toBe('Unknown route GET /api/v1/x');
  });

  it('keeps anything else as an internal failure with its cause', () => {
    const boom = new Error('boom');
    const f = toFailure(boom, req, '1kb');
    expect(f).toBeInstanceOf(InternalFailure);
    expect((f as InternalFailure).cause).toBe(boom);
    expect(toFailure('a string', req, '1kb')).toBeInstanceOf(InternalFailure);
  });
});
