// Every failure as the exchange error body `{error: {code, message}}` and a fitting status.
// Documented codes where the document has one (1001 validation, 2xxx auth and orders, 3001
// maintenance, 1002 rate limit of X5). For failures the document has no code for, we use the number
// the merchant and partner table gives the same failure, so one code means one thing platform-wide:
// 1004 unknown route (404), 1005 internal error (500), 1006 shared store unreachable (503), 1008 body
// too large (413), 1009 method not allowed (405), 1010 unsupported media type (415).
import { EXCHANGE_ERROR_CODES, type ExchangeErrorCode } from '../../contracts/shared/errors.ts';
import * as E from '../core/errors.ts';
import type { Failure, Rendered } from '../http/failure.ts';

/** The platform codes for failures the document has no code for (decision X-codes; in the contract's table). */
export const EXCHANGE_PLATFORM_CODES = Object.fromEntries(
  ([1004, 1005, 1006, 1008, 1009, 1010] as const).map((c) => [c, EXCHANGE_ERROR_CODES[c]]),
) as Pick<typeof EXCHANGE_ERROR_CODES, 1004 | 1005 | 1006 | 1008 | 1009 | 1010>;
export type ExchangeWireCode = ExchangeErrorCode;

const body = (code: ExchangeWireCode, message: string) => ({ error: { code, message } });

export function renderExchangeFailure(f: Failure): Rendered {
  if (f instanceof E.ExchangeDomainError) return { status: f.status, body: body(f.code, f.message) };
  if (f instanceof E.RequestValidationError) return { status: 400, body: body(1001, E.describeIssues(f.issues)) };
  if (f instanceof E.MalformedJsonError || f instanceof E.MalformedFormError) return { status: 400, body: body(1001, f.message) };
  if (f instanceof E.RateLimitedError) {
    return {
      status: 429,
      body: body(1002, f.banned ? `Rate limit exceeded; temporarily banned, retry after ${f.retryAfterSec} s` : f.message),
      headers: { 'Retry-After': String(f.retryAfterSec) },
    };
  }
  if (f instanceof E.StoreUnavailableError) return { status: 503, body: body(1006, f.message), headers: { 'Retry-After': '1' } };
  if (f instanceof E.RouteNotFoundError) return { status: 404, body: body(1004, f.message) };
  if (f instanceof E.MethodNotAllowedError) return { status: 405, body: body(1009, f.message), headers: { Allow: f.allow.join(', ') } };
  if (f instanceof E.PayloadTooLargeError) return { status: 413, body: body(1008, f.message) };
  if (f instanceof E.UnsupportedMediaTypeError) return { status: 415, body: body(1010, f.message) };
  if (f instanceof E.NotImplementedError) return { status: 501, body: body(1005, f.message) };
  // 3001 is the document's 503 ("undergoing maintenance"): the state store cannot take writes.
  if (f instanceof E.StateUnavailableError) return { status: 503, body: body(3001, f.message), headers: { 'Retry-After': '5' } };
  // ApiDomainError (a merchant error thrown into the exchange by mistake) and InternalFailure: a bug.
  return { status: 500, body: body(1005, 'Internal server error') };
}
