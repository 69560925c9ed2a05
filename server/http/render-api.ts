// Every failure as the merchant / partner error body `{title, code, details, error?, source?}` with
// the status of the shared code table (contracts/shared/errors.ts, API_ERROR_CODES).
import { API_ERROR_CODES, type ApiErrorCode } from '../../contracts/shared/errors.ts';
import * as E from '../core/errors.ts';
import type { Failure, Rendered } from './failure.ts';


export interface ApiRenderOptions {
  /**
   * Fields whose invalid value is "Invalid currency type" (code 2004) rather than a generic
   * validation error (1002), matched on the dotted path (`user.currency`) or its last segment (`crypto_iso`).
   */
  currencyFields: readonly string[];
  /**
   * The (operation, status) pairs whose declared body is not the API's error body, each with the
   * converter to that body (`declaredBodies`): every refusal of such an operation with such a status
   * goes out in the body the operation declares (partner registration's 422, P2), whatever failed.
   */
  declared?: DeclaredBodies;
}

/** How a failure rendered in the platform body becomes the body an operation declares for its status. */
export type BodyConverter = (platform: Rendered, failure: Failure) => Rendered;
export type DeclaredBodies = ReadonlyMap<string, ReadonlyMap<number, BodyConverter>>;

/**
 * From an API's operation table: every (operation, status) whose declared schema is not
 * `errorSchema`, with the converter `converters` gives that schema. A declared body without a
 * converter is an error at start: no refusal may go out in a shape its operation does not declare.
 */
export function declaredBodies(
  operations: Record<string, { responses: Record<number, { schema?: unknown } | undefined> }>,
  errorSchema: unknown,
  converters: ReadonlyMap<unknown, BodyConverter>,
): DeclaredBodies {
  const out = new Map<string, Map<number, BodyConverter>>();
  for (const [id, op] of Object.entries(operations)) {
    for (const [status, response] of Object.entries(op.responses)) {
      const code = Number(status);
      if (code < 400 || response?.schema === undefined || response.schema === errorSchema) continue;
      const convert = converters.get(response.schema);
      if (!convert) throw new Error(`${id} declares its ${code} in a body the error renderer cannot write`);
      const byStatus = out.get(id) ?? new Map<number, BodyConverter>();
      byStatus.set(code, convert);
      out.set(id, byStatus);
    }
  }
  return out;
}

const error = (code: ApiErrorCode, details: string, extra: { source?: Record<string, string>[]; error?: string } = {}) => ({
  title: API_ERROR_CODES[code].title,
  code,
  details,
  ...(extra.error !== undefined ? { error: extra.error } : {}),
  ...(extra.source !== undefined ? { source: extra.source } : {}),
});

/** One `{field: reason}` per invalid field; several reasons for one field are joined with `; `. */
export function toSource(issues: readonly E.ValidationIssue[]): Record<string, string>[] {
  const merged = new Map<string, string[]>();
  for (const i of issues) {
    const reasons = merged.get(E.issueKey(i)) ?? [];
    if (!reasons.includes(i.message)) reasons.push(i.message);
    merged.set(E.issueKey(i), reasons);
  }
  return [...merged].map(([field, reasons]) => ({ [field]: reasons.join('; ') }));
}

export function renderApiFailure(f: Failure, opts: ApiRenderOptions, operationId?: string): Rendered {
  const platform = platformFailure(f, opts);
  const convert = operationId === undefined ? undefined : opts.declared?.get(operationId)?.get(platform.status);
  return convert ? convert(platform, f) : platform;
}

function platformFailure(f: Failure, opts: ApiRenderOptions): Rendered {
  const status = (code: ApiErrorCode) => API_ERROR_CODES[code].status;
  if (f instanceof E.ApiDomainError) {
    return { status: f.status, body: error(f.code, f.details, { ...(f.source ? { source: f.source } : {}), ...(f.error !== undefined ? { error: f.error } : {}) }) };
  }
  if (f instanceof E.RequestValidationError) {
    const isCurrency = (i: E.ValidationIssue) =>
      !i.missing &&
      opts.currencyFields.some((c) => i.field === c || i.field.endsWith(`.${c}`) || (!c.includes('.') && i.field.split('.').pop() === c));
    if (f.issues.length > 0 && f.issues.every(isCurrency)) {
      return { status: 422, body: error('2004', 'Invalid currency type', { source: toSource(f.issues) }) };
    }
    return { status: 422, body: error('1002', 'Required fields are missing or incorrect', { source: toSource(f.issues) }) };
  }
  if (f instanceof E.MalformedJsonError) return { status: 400, body: error('1011', 'The request body is not valid JSON', { error: f.message }) };
  if (f instanceof E.MalformedFormError) {
    return { status: 400, body: error('1011', 'The request body is not valid application/x-www-form-urlencoded', { error: f.message }) };
  }
  if (f instanceof E.RateLimitedError) {
    return { status: status('1007'), body: error('1007', `Too many requests; retry after ${f.retryAfterSec} s`), headers: { 'Retry-After': String(f.retryAfterSec) } };
  }
  if (f instanceof E.StoreUnavailableError) return { status: 503, body: error('1006', f.message), headers: { 'Retry-After': '1' } };
  if (f instanceof E.RouteNotFoundError) return { status: 404, body: error('1004', f.message) };
  if (f instanceof E.MethodNotAllowedError) return { status: 405, body: error('1009', f.message), headers: { Allow: f.allow.join(', ') } };
  if (f instanceof E.PayloadTooLargeError) return { status: 413, body: error('1008', f.message) };
  if (f instanceof E.UnsupportedMediaTypeError) return { status: 415, body: error('1010', f.message) };
  if (f instanceof E.StateUnavailableError) return { status: 503, body: error('1006', f.message), headers: { 'Retry-After': '5' } };
  if (f instanceof E.NotImplementedError) return { status: 501, body: { ...error('1005', f.message), title: 'Not Implemented' } };
  // ExchangeDomainError thrown into this API by mistake, and InternalFailure: a bug.
  return { status: 500, body: error('1005', 'Internal server error') };
}
