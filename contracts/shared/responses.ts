// Declared error responses, one helper per error shape, so every operation lists the errors it
// can answer with a schema and an example, written once.
import type { z } from 'zod';
import { API_ERROR_CODES, ExchangeErrorSchema, MerchantErrorSchema, PartnerErrorSchema, type ApiErrorCode } from './errors.ts';
import type { ResponseSpec } from './operation.ts';

/** A declared error response: its schema is known to the types, so handlers can return it typed. */
export interface ErrorResponseSpec<S extends z.ZodType> extends ResponseSpec {
  schema: S;
}

/** One error response per status, keyed by the literal statuses given. */
export type ErrorResponses<Status extends number, S extends z.ZodType> = { [K in Status]: ErrorResponseSpec<S> };

type ExchangeStatus = 400 | 401 | 404 | 429 | 503;

const EXCHANGE_EXAMPLES: Record<ExchangeStatus, { description: string; code: number; message: string }> = {
  400: { description: 'Validation error (1001) naming the offending parameter, or a failed order create (2002) or cancel (2003)', code: 1001, message: 'market: must be equal to one of the allowed values' },
  401: { description: 'Authentication failed: 2001, 2005, 2006, 2007, 2008 or 2011', code: 2005, message: 'The signature is incorrect' },
  404: { description: 'Order with the given id does not exist (2004), or unknown route', code: 2004, message: 'Order with id 42 does not exist' },
  429: { description: 'Rate limit exceeded (1002): 60 requests per minute per client, then a temporary ban (see Retry-After)', code: 1002, message: 'Rate limit exceeded; retry after 60 s' },
  503: { description: 'Exchange is currently undergoing maintenance (3001; also when the state file cannot take a write, such as a full disk: the request was not applied), or a store shared between instances cannot be reached (1006); both with Retry-After', code: 3001, message: 'Exchange is currently undergoing maintenance' },
};

const retryAfter = {
  'Retry-After': { description: 'Seconds until the client may send again', schema: { type: 'integer' as const } },
};

/** Exchange error responses `{ error: { code, message } }` for the given statuses. */
export function exchangeErrors<const T extends ExchangeStatus>(...statuses: T[]): ErrorResponses<T, typeof ExchangeErrorSchema> {
  const out = {} as ErrorResponses<T, typeof ExchangeErrorSchema>;
  for (const status of statuses) {
    const ex = EXCHANGE_EXAMPLES[status];
    out[status] = {
      description: ex.description,
      schema: ExchangeErrorSchema,
      example: { error: { code: ex.code, message: ex.message } },
      ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
    };
  }
  return out;
}

type ApiStatus = 400 | 401 | 404 | 413 | 422 | 429 | 500 | 503;

const API_EXAMPLES: Record<ApiStatus, { description: string; code: ApiErrorCode; details: string; source?: Record<string, string>[] }> = {
  400: { description: 'Malformed body: not valid JSON, or not valid form encoding (1011)', code: '1011', details: 'The request body is not valid JSON' },
  401: { description: 'Unauthorized: key or secret not set properly in Authorization (1001)', code: '1001', details: 'Key or secret not set properly in Authorization' },
  404: { description: 'Record not found (1004)', code: '1004', details: 'Record not found' },
  413: { description: 'Request body larger than the limit (1008)', code: '1008', details: 'Request body exceeds 100 kB' },
  422: { description: 'Unprocessable entity: required fields missing or incorrect (1002), or invalid currency type (2004)', code: '1002', details: 'Required fields are missing or incorrect', source: [{ 'payment.email': 'must match format "email"' }] },
  429: { description: 'Rate limit exceeded (1007); see Retry-After', code: '1007', details: 'Too many requests; retry after 60 s' },
  500: { description: 'Internal server error (1005)', code: '1005', details: 'Internal server error' },
  503: { description: 'Service under maintenance, the state file cannot take a write (the request was not applied), or a store shared between instances cannot be reached (1006, with Retry-After)', code: '1006', details: 'Service under maintenance' },
};

function apiErrors<S extends typeof MerchantErrorSchema | typeof PartnerErrorSchema, T extends ApiStatus>(schema: S, statuses: T[]): ErrorResponses<T, S> {
  const out = {} as ErrorResponses<T, S>;
  for (const status of statuses) {
    const ex = API_EXAMPLES[status];
    out[status] = {
      description: ex.description,
      schema,
      example: { title: API_ERROR_CODES[ex.code].title, code: ex.code, details: ex.details, ...(ex.source ? { source: ex.source } : {}) },
      ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
    };
  }
  return out;
}

/** Merchant error responses `{ title, code, details, error?, source? }`. */
export const merchantErrors = <const T extends ApiStatus>(...statuses: T[]) => apiErrors(MerchantErrorSchema, statuses);
/** Partner error responses `{ title, code, details, error?, source? }`. */
export const partnerErrors = <const T extends ApiStatus>(...statuses: T[]) => apiErrors(PartnerErrorSchema, statuses);
