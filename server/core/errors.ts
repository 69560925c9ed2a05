// The failures a request can end in, as classes with data. Handlers and middleware throw them;
// each API's error handler (server/http/pipeline.ts, apiErrorHandler) renders them in that API's body.
import { API_ERROR_CODES, EXCHANGE_ERROR_CODES, type ApiErrorCode, type ExchangeErrorCode } from '../../contracts/shared/errors.ts';

/** One invalid input: where it is, the field path (dotted, e.g. `payment.email`), and why. */
export interface ValidationIssue {
  location: 'path' | 'query' | 'body' | 'header';
  /** Dotted path of the field inside its location; '' when the whole location is wrong (a body that is not an object). */
  field: string;
  message: string;
  /** The field is absent (rather than present with a wrong value). */
  missing?: boolean;
}

/** Where an issue is: its field path, or its location when the whole location is wrong. */
export const issueKey = (i: ValidationIssue): string => i.field || i.location;

/** `market: must be equal to one of the allowed values: btcusd, ...; limit: must be <= 1000`. */
export const describeIssues = (issues: readonly ValidationIssue[]): string => issues.map((i) => `${issueKey(i)}: ${i.message}`).join('; ');

/** Request input that does not match the document (server/validation). Exchange 400/1001, merchant and partner 422/1002. */
export class RequestValidationError extends Error {
  override readonly name = 'RequestValidationError';
  constructor(readonly issues: readonly ValidationIssue[]) {
    super(describeIssues(issues));
  }
}

/** A body that is not JSON (the parser's error, mapped). */
export class MalformedJsonError extends Error {
  override readonly name = 'MalformedJsonError';
}

/** A form-encoded body (or POST parameters in the query) that cannot be parsed: encoding, brackets, limits. */
export class MalformedFormError extends Error {
  override readonly name = 'MalformedFormError';
}

/** A body larger than the configured limit. */
export class PayloadTooLargeError extends Error {
  override readonly name = 'PayloadTooLargeError';
  constructor(readonly limit: string) {
    super(`Request body exceeds ${limit}`);
  }
}

/** A Content-Type the operation does not accept. */
export class UnsupportedMediaTypeError extends Error {
  override readonly name = 'UnsupportedMediaTypeError';
  constructor(readonly contentType: string | undefined) {
    super(`${contentType ? `Unsupported Content-Type ${contentType}` : 'Missing Content-Type'}; send application/json or application/x-www-form-urlencoded (UTF-8)`);
  }
}

/** No operation has this path. */
export class RouteNotFoundError extends Error {
  override readonly name = 'RouteNotFoundError';
  constructor(readonly method: string, readonly path: string) {
    super(`Unknown route ${method} ${path}`);
  }
}

/** The path exists, but not with this method. */
export class MethodNotAllowedError extends Error {
  override readonly name = 'MethodNotAllowedError';
  constructor(readonly method: string, readonly path: string, readonly allow: readonly string[]) {
    super(`Method ${method} not allowed on ${path}; allowed: ${allow.join(', ')}`);
  }
}

/** Over the rate limit (or banned); `retryAfterSec` goes into Retry-After. */
export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError';
  constructor(readonly retryAfterSec: number, readonly banned: boolean) {
    super(`Rate limit exceeded; retry after ${retryAfterSec} s`);
  }
}

/**
 * A store shared between instances (Redis: nonces, rate limits, invoice numbers) did not answer.
 * 503 with Retry-After: the request was not accepted, so it never counts as a nonce's first use.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(readonly store: string, override readonly cause?: unknown) {
    super(`The shared ${store} store cannot be reached; retry shortly`);
  }
}

/**
 * The state store (server/state) refused a write: disk full, read-only file, I/O error. Answers 503
 * in the API's error body; the request was not applied (its transaction rolled back).
 */
export class StateUnavailableError extends Error {
  override readonly name = 'StateUnavailableError';
  constructor(readonly reason: string) {
    super(`The sandbox state store is unavailable (${reason}); the request was not applied, retry later`);
  }
}

/** The default handler of an operation nobody implemented yet. */
export class NotImplementedError extends Error {
  override readonly name = 'NotImplementedError';
  constructor(readonly operationId: string) {
    super(`Operation ${operationId} is not implemented by this server`);
  }
}

/** An exchange failure with one of the documented codes; status from the code table unless given. */
export class ExchangeDomainError extends Error {
  override readonly name = 'ExchangeDomainError';
  readonly status: number;
  constructor(readonly code: ExchangeErrorCode, message: string, status?: number) {
    super(message);
    this.status = status ?? EXCHANGE_ERROR_CODES[code].status;
  }
}

/** A merchant or partner failure: `{title, code, details, error?, source?}`; title from the code table. */
export class ApiDomainError extends Error {
  override readonly name = 'ApiDomainError';
  readonly title: string;
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    readonly details: string,
    readonly source?: Record<string, string>[],
    readonly error?: string,
  ) {
    super(`${code}: ${details}`);
    this.title = API_ERROR_CODES[code].title;
  }

  /** The code's own status from the table (1001 -> 401, 2004 -> 422, ...). */
  static of(code: ApiErrorCode, details: string, source?: Record<string, string>[]): ApiDomainError {
    return new ApiDomainError(API_ERROR_CODES[code].status, code, details, source);
  }
}
