import { describe, expect, it } from 'vitest';
import { MalformedJsonError, PayloadTooLargeError, RequestValidationError, UnsupportedMediaTypeError } from '../core/errors.ts';
import { InternalFailure, toFailure } from './failure.ts';

const req = { method: 'GET', originalUrl: '/api/v1/x?signature=s' };

describe('toFailure', () => {
  it('maps the body parser errors and a bad percent-encoding of the path', () => {
    expect(toFailure(Object.assign(new SyntaxError('Unexpected end'), { type: 'entity.parse.failed', status: 400 }), req, '1kb')).toBeInstanceOf(MalformedJsonError);
    expect(toFailure({ type: 'entity.too.large', status: 413 }, req, '1kb')).toEqual(new PayloadTooLargeError('1kb'));
    expect(toFailure({ type: 'charset.unsupported', status: 415, message: 'unsupported charset "LATIN1"' }, req, '1kb')).toEqual(new UnsupportedMediaTypeError('unsupported charset "LATIN1"'));
    const uri = toFailure(new URIError('URI malformed'), req, '1kb');
    expect((uri as RequestValidationError).issues).toEqual([{ location: 'path', field: '', message: 'is not a valid percent-encoded path' }]);
  });

  it('keeps anything else as an internal failure with its cause', () => {
    const boom = new Error('boom');
    const f = toFailure(boom, req, '1kb');
    expect(f).toBeInstanceOf(InternalFailure);
    expect((f as InternalFailure).cause).toBe(boom);
    expect(toFailure('a string', req, '1kb')).toBeInstanceOf(InternalFailure);
  });
});
