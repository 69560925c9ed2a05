// Normalises anything thrown while serving a request — the OpenAPI validator's HttpErrors, the JSON
// parser's errors, Express's URI errors, Zod issues and our own classes — into one of the error
// classes of server/errors.ts, so each API's renderer handles a closed set.
import type { z } from 'zod';
import * as E from '../errors.ts';

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

/** `['payment', 'email']` -> `payment.email`; `['orders', 0, 'price']` -> `orders[0].price`. */
export function fieldPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number' || (typeof s === 'string' && /^\d+$/.test(s))) out += `[${String(s)}]`;
    else out += out === '' ? String(s) : `.${String(s)}`;
  }
  return out;
}

const LOCATIONS: Record<string, E.ValidationIssue['location']> = { query: 'query', body: 'body', params: 'path', path: 'path', headers: 'header' };

/** An issue of the validator: path `/body/payment/email` (JSON pointer, starting with the request part). */
export function validatorIssue(e: { path?: string; message?: string }): E.ValidationIssue {
  const parts = (e.path ?? '').replace(/^[./]/, '').split(/[./]/).filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const location = LOCATIONS[parts[0] ?? ''] ?? 'body';
  const field = fieldPath(parts.slice(1));
  const message = e.message ?? 'is invalid';
  if (/^must have required property/.test(message)) return { location, field, message: 'is required', missing: true };
  if (/^Unknown query parameter/i.test(message)) return { location, field, message: 'is not a parameter of this operation' };
  return { location, field, message };
}

/**
 * Zod issues of one request part, worded as the OpenAPI validator words the same failures (an
 * enum, a pattern, a discriminator), so a client reads one style whichever check caught it.
 */
export function zodIssues(location: E.ValidationIssue['location'], error: z.ZodError): E.ValidationIssue[] {
  return error.issues.map((i) => {
    const field = fieldPath(i.path);
    if (i.code === 'invalid_type' && /received undefined$/.test(i.message)) return { location, field, message: 'is required', missing: true };
    const allowed = (values: readonly unknown[]) => `must be equal to one of the allowed values: ${values.map(String).join(', ')}`;
    if (i.code === 'invalid_value') return { location, field, message: allowed(i.values) };
    const issue = i as { code: string; format?: string; pattern?: string; options?: unknown[] };
    if (issue.code === 'invalid_union' && Array.isArray(issue.options)) return { location, field, message: allowed(issue.options) };
    if (issue.code === 'invalid_format' && issue.format === 'regex' && issue.pattern) {
      return { location, field, message: `must match pattern "${issue.pattern.replace(/^\/|\/[a-z]*$/g, '')}"` };
    }
    return { location, field, message: i.message };
  });
}

interface HttpLike {
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
  errors?: { path?: string; message?: string }[];
  message?: string;
  limit?: unknown;
  headers?: Record<string, unknown>;
  expose?: unknown;
}

export function toFailure(err: unknown, req: { method: string; originalUrl: string }, bodyLimit: string): Failure {
  if (KNOWN.some((k) => err instanceof k)) return err as Failure;
  if (typeof err !== 'object' || err === null) return new InternalFailure(err, `non-error thrown: ${String(err)}`);
  const e = err as HttpLike;
  const status = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : undefined;
  const path = req.originalUrl.split('?')[0] ?? '';
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
  // express-openapi-validator HttpErrors.
  if (status === 400 && Array.isArray(e.errors)) return new E.RequestValidationError(e.errors.map(validatorIssue));
  if (status === 404) return new E.RouteNotFoundError(req.method, path);
  if (status === 405) {
    const allow = typeof e.headers?.Allow === 'string' ? e.headers.Allow.split(',').map((s) => s.trim()) : [];
    return new E.MethodNotAllowedError(req.method, path, allow);
  }
  if (status === 413) return new E.PayloadTooLargeError(bodyLimit);
  if (status === 415) return new E.UnsupportedMediaTypeError(undefined);
  if (status === 500 && Array.isArray(e.errors)) {
    return new InternalFailure(err, `response failed validation: ${e.message ?? ''}`);
  }
  // Any other client error body-parser raises while reading the body (a corrupt gzip or deflate
  // stream, for one) is the request's fault, not ours.
  if (status === 400 && e.expose === true) {
    return new E.MalformedJsonError(`body: could not be read (${e.message ?? 'invalid body'})`);
  }
  return new InternalFailure(err, (err as Error).message ?? 'unexpected error');
}
