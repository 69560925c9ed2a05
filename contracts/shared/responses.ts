// Declared error responses, one helper per error shape. Every status the server can answer for an
// operation is declared on it (decision C-answers): the validation status (400 exchange, 422
// merchant/partner, which unknown query parameters get too), 401 where secured, 404, 405, 413 and
// 415 where a body is accepted, 429, 500 and 503. Each one names its component: the document
// writes it once under `components/responses` and every operation refers to it (contract.ts).
import type { z } from 'zod';
import { API_ERROR_CODES, ExchangeErrorSchema, MerchantErrorSchema, PartnerErrorSchema, type ApiErrorCode } from './errors.ts';
import type { Decision } from './decision.ts';
import type { ResponseHeader, ResponseSpec } from './response-spec.ts';

/** A declared error response: its schema is known to the types, so handlers can return it typed. */
export interface ErrorResponseSpec<S extends z.ZodType> extends ResponseSpec {
  schema: S;
  component: string;
}

/** One error response per status, keyed by the literal statuses given. */
export type ErrorResponses<Status extends number, S extends z.ZodType> = { [K in Status]: ErrorResponseSpec<S> };

/** Longest Retry-After the server sends: a rate-limit ban of a day (the configured bans are 60 s). */
export const RETRY_AFTER_MAX_SECONDS = 86_400;

const RETRY_AFTER: Record<string, ResponseHeader> = {
  'Retry-After': {
    description: 'Seconds until the client may send again',
    schema: { type: 'integer', format: 'int32', minimum: 1, maximum: RETRY_AFTER_MAX_SECONDS },
  },
};
const ALLOW: Record<string, ResponseHeader> = {
  Allow: {
    description: 'The methods this path has, e.g. `GET, HEAD`',
    schema: { type: 'string', maxLength: 64, pattern: '^[A-Z]+(, [A-Z]+)*$' },
  },
};
/** Headers each status is sent with. */
export const headersOf = (status: number) => (status === 429 || status === 503 ? RETRY_AFTER : status === 405 ? ALLOW : undefined);

/** Component names of the shared error responses, by status. */
export const ERROR_COMPONENTS = {
  400: 'BadRequest',
  401: 'Unauthorized',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  503: 'ServiceUnavailable',
} as const;

type ExchangeStatus = 400 | 401 | 404 | 405 | 413 | 415 | 429 | 500 | 503;

const EXCHANGE_EXAMPLES: Record<ExchangeStatus, { description: string; code: number; message: string }> = {
  400: { description: 'Validation error (1001) naming the offending parameter (an unknown query parameter, a malformed body too), or a failed order create (2002) or cancel (2003)', code: 1001, message: 'market: must be equal to one of the allowed values' },
  401: { description: 'Authentication failed: 2001, 2005, 2006, 2007, 2008 or 2011', code: 2005, message: 'The signature is incorrect' },
  404: { description: 'Order with the given id does not exist (2004), or unknown route (1004)', code: 2004, message: 'Order with id 42 does not exist' },
  405: { description: 'Method not allowed on this path (1009); Allow lists the methods it has', code: 1009, message: 'DELETE is not allowed on /api/v1/timestamp' },
  413: { description: 'Request body larger than the limit (1008)', code: 1008, message: 'Request body exceeds 100 kB' },
  415: { description: 'Request body is neither application/json nor application/x-www-form-urlencoded (1010)', code: 1010, message: 'Unsupported media type' },
  429: { description: 'Rate limit exceeded (1002): 60 requests per minute per client, then a temporary ban (see Retry-After)', code: 1002, message: 'Rate limit exceeded; retry after 60 s' },
  500: { description: 'Internal error (1005)', code: 1005, message: 'Internal server error' },
  503: { description: 'Exchange is currently undergoing maintenance (3001; also when the state file cannot take a write, such as a full disk: the request was not applied), or a store shared between instances cannot be reached (1006); both with Retry-After', code: 3001, message: 'Exchange is currently undergoing maintenance' },
};

/** Exchange error responses `{ error: { code, message } }` for the given statuses. */
export function exchangeErrors<const T extends ExchangeStatus>(...statuses: T[]): ErrorResponses<T, typeof ExchangeErrorSchema> {
  const out = {} as ErrorResponses<T, typeof ExchangeErrorSchema>;
  for (const status of statuses) {
    const ex = EXCHANGE_EXAMPLES[status];
    const headers = headersOf(status);
    out[status] = {
      component: ERROR_COMPONENTS[status],
      description: ex.description,
      schema: ExchangeErrorSchema,
      example: { error: { code: ex.code, message: ex.message } },
      ...(headers ? { headers } : {}),
    };
  }
  return out;
}

type ExchangeStatusFor<R extends { secured?: true; body?: true }> =
  | 400 | 404 | 405 | 429 | 500 | 503
  | (R extends { secured: true } ? 401 : never)
  | (R extends { body: true } ? 413 | 415 : never);

/** Every error an exchange operation can answer, by whether it is signed and takes a body. */
export function exchangeErrorsFor<const R extends { secured?: true; body?: true }>(r: R): ErrorResponses<ExchangeStatusFor<R>, typeof ExchangeErrorSchema> {
  return exchangeErrors(
    400, 404, 405, 429, 500, 503,
    ...(r.secured ? ([401] as const) : []),
    ...(r.body ? ([413, 415] as const) : []),
  ) as ErrorResponses<ExchangeStatusFor<R>, typeof ExchangeErrorSchema>;
}

export type ApiStatus = 400 | 401 | 404 | 405 | 413 | 415 | 422 | 429 | 500 | 503;

const API_EXAMPLES: Record<ApiStatus, { description: string; code: ApiErrorCode; details: string; source?: Record<string, string>[] }> = {
  400: { description: 'Malformed body: not valid JSON, or not valid form encoding (1011)', code: '1011', details: 'The request body is not valid JSON' },
  401: { description: 'Unauthorized: key or secret not set properly in Authorization (1001)', code: '1001', details: 'Key or secret not set properly in Authorization' },
  404: { description: 'Record not found, or no operation at this path (1004)', code: '1004', details: 'Record not found' },
  405: { description: 'Method not allowed on this path (1009); Allow lists the methods it has', code: '1009', details: 'DELETE is not allowed on this path' },
  413: { description: 'Request body larger than the limit (1008)', code: '1008', details: 'Request body exceeds 100 kB' },
  415: { description: 'Request body is neither application/json nor application/x-www-form-urlencoded (1010)', code: '1010', details: 'Unsupported media type' },
  422: { description: 'Unprocessable entity: required fields missing or incorrect, or a query parameter the operation does not have (1002), or invalid currency type (2004)', code: '1002', details: 'Required fields are missing or incorrect', source: [{ 'payment.amount': 'is required' }] },
  429: { description: 'Rate limit exceeded (1007); see Retry-After', code: '1007', details: 'Too many requests; retry after 60 s' },
  500: { description: 'Internal server error (1005)', code: '1005', details: 'Internal server error' },
  503: { description: 'Service under maintenance, the state file cannot take a write (the request was not applied), or a store shared between instances cannot be reached (1006, with Retry-After)', code: '1006', details: 'Service under maintenance' },
};

function apiErrors<S extends typeof MerchantErrorSchema | typeof PartnerErrorSchema, T extends ApiStatus>(
  schema: S,
  statuses: T[],
  descriptions: Partial<Record<ApiStatus, string>> = {},
): ErrorResponses<T, S> {
  const out = {} as ErrorResponses<T, S>;
  for (const status of statuses) {
    const ex = API_EXAMPLES[status];
    const headers = headersOf(status);
    out[status] = {
      component: ERROR_COMPONENTS[status],
      description: descriptions[status] ?? ex.description,
      schema,
      example: { title: API_ERROR_CODES[ex.code].title, code: ex.code, details: ex.details, ...(ex.source ? { source: ex.source } : {}) },
      ...(headers ? { headers } : {}),
    };
  }
  return out;
}

/** Merchant error responses `{ title, code, details, error?, source? }`. */
export const merchantErrors = <const T extends ApiStatus>(...statuses: T[]) => apiErrors(MerchantErrorSchema, statuses);
/** Partner error responses `{ title, code, details, error?, source? }`; `descriptions` states the partner's own figures. */
export const partnerErrors = <const T extends ApiStatus>(descriptions: Partial<Record<ApiStatus, string>>, ...statuses: T[]) =>
  apiErrors(PartnerErrorSchema, statuses, descriptions);

/** Decision C-answers, worded for one API (`validation`: the status of a refused request). */
export const answersDecision = (id: string, validation: 400 | 422): Decision => ({
  id,
  gap: 'Which statuses an operation can answer',
  decision:
    `Every operation declares every status the server can send for it: ${validation} for a refused request (a missing, ` +
    'malformed or unknown parameter: an operation without parameters refuses unknown query parameters too), 401 where it is ' +
    'signed or authenticated, 404 (no such record, or no such path), 405 (a method the path does not have; `Allow` lists ' +
    'those it has), 413 and 415 where it takes a body, 429 and 503 (both with `Retry-After`, in seconds) and 500. The ' +
    'error responses are written once under `components/responses` and referred to by each operation.',
});
