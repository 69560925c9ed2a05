// Normalises anything thrown while serving a request — the body parser's errors, Express's URI
// errors and our own classes (request validation throws RequestValidationError with its issues
// already built, server/validation/openapi-validator.ts) — into one of the error classes of server/core/errors.ts,
// so each API's renderer handles a closed set. No message text is matched here but Express's
// "decode param" (its URIError has no other mark).
import * as E from '../core/errors.ts';

export type Failure =
  | E.RequestValidationError
  | E.MalformedJsonError
  | E.MalformedFormError
  | E.PayloadTooLargeError
  | E.UnsupportedMediaTypeError
  | E.RouteNotFoundError
  | E.MethodNotAllowedError
  | E.RateLimitedError
  | E.StoreUnavailableError
  | E.NotImplementedError
  | E.ExchangeDomainError
  | E.ApiDomainError
  | E.StateUnavailableError
  | InternalFailure;

/** A failure as one API answers it. */
export interface Rendered {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Anything else: a bug, a response that failed validation, an unexpected library error. Answers 500. */
export class InternalFailure extends Error {
  override readonly name = 'InternalFailure';
  constructor(override readonly cause: unknown, readonly reason: string) {
    super(reason);
  }
}

const KNOWN = [
  E.RequestValidationError, E.MalformedJsonError, E.MalformedFormError, E.PayloadTooLargeError, E.UnsupportedMediaTypeError, E.RouteNotFoundError,
  E.MethodNotAllowedError, E.RateLimitedError, E.StoreUnavailableError, E.NotImplementedError, E.ExchangeDomainError, E.ApiDomainError, E.StateUnavailableError, InternalFailure,
];

interface HttpLike {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  message?: string;
  limit?: unknown;
  expose?: unknown;
}

export function toFailure(err: unknown, req: { method: string; originalUrl: string }, bodyLimit: string): Failure {
  if (KNOWN.some((k) => err instanceof k)) return err as Failure;
  if (typeof err !== 'object' || err === null) return new InternalFailure(err, `non-error thrown: ${String(err)}`);
  const e = err as HttpLike;
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined;
  // body-parser (express.json) errors carry a `type`.
  switch (e.type) {
    case 'entity.parse.failed':
      return new E.MalformedJsonError(`body: malformed JSON (${e.message ?? 'parse error'})`);
    case 'entity.too.large':
      return new E.PayloadTooLargeError(bodyLimit);
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new E.UnsupportedMediaTypeError(e.message);
    case 'request.aborted':
    case 'request.size.invalid':
      return new E.MalformedJsonError(`body: ${e.message ?? 'incomplete request body'}`);
  }
  if (err instanceof URIError || (status === 400 && /decode param/i.test(e.message ?? ''))) {
    return new E.RequestValidationError([{ location: 'path', field: '', message: 'is not a valid percent-encoded path' }]);
  }
  if (status === 413) return new E.PayloadTooLargeError(bodyLimit);
  if (status === 415) return new E.UnsupportedMediaTypeError(undefined);
  // Any other client error body-parser raises while reading the body (a corrupt gzip or deflate
  // stream, for one) is the request's fault, not ours.
  if (status === 400 && e.expose === true) {
    return new E.MalformedJsonError(`body: could not be read (${e.message ?? 'invalid body'})`);
  }
  return new InternalFailure(err, (err as Error).message ?? 'unexpected error');
}
