// Pieces every merchant operation shares: HTTP Basic security, the error sets by request kind,
// and example overrides for the errors a particular operation is known for (2004, 2001, 1003).
import { API_ERROR_CODES, type ApiErrorCode, type MerchantErrorSchema } from '../shared/errors.ts';
import type { ResponseSpec } from '../shared/operation.ts';
import { merchantErrors, type ErrorResponses } from '../shared/responses.ts';

/** Every operation: `Authorization: Basic base64(<API_KEY>:<API_SECRET>)`. */
export const BASIC_AUTH = [{ BasicAuth: [] }] as const;

export const REFUND_PERMISSION = 'refund:create';

type RequestParts = { body?: true; query?: true; path?: true; pathValue?: true };
/**
 * The error statuses `errorsFor` declares, as literal keys, so handler types know them. Every
 * operation can answer 404 (an unknown record, or no operation at the path), 405 and 422 (an
 * unknown query parameter is refused even where the operation has none); a body adds 400, 413, 415.
 */
export type ErrorStatusFor<R extends RequestParts> =
  | 401 | 404 | 405 | 422 | 429 | 500 | 503
  | (R extends { body: true } ? 400 | 413 | 415 : never);

/** Errors of an operation, by what its request carries (decisions M-errors, C-answers). */
export function errorsFor<const R extends RequestParts>(request: R): ErrorResponses<ErrorStatusFor<R>, typeof MerchantErrorSchema> {
  return merchantErrors(
    401, 404, 405, 422, 429, 500, 503,
    ...(request.body ? ([400, 413, 415] as const) : []),
  ) as ErrorResponses<ErrorStatusFor<R>, typeof MerchantErrorSchema>;
}

/** An error example for a given code, with the source naming the offending field. */
export function errorExample(code: ApiErrorCode, details: string, source?: Record<string, string>[]) {
  return { title: API_ERROR_CODES[code].title, code, details, ...(source ? { source } : {}) };
}

/** Replaces one declared error's description and example, keeping its schema and headers. */
export function withError<R extends Record<number, ResponseSpec>>(
  responses: R,
  status: keyof R & number,
  patch: { component: string; description: string; example: unknown },
): R {
  const base = responses[status];
  if (!base) throw new Error(`status ${status} is not declared`);
  return { ...responses, [status]: { ...base, ...patch } };
}

/** A component name per overridden response and field: `InvalidCurrency_payment_crypto_iso`. */
const named = (base: string, field: string) => `${base}_${field.replace(/[^a-zA-Z0-9]+/g, '_')}`;

export const INVALID_CURRENCY_422 = (field: string) => ({
  component: named('InvalidCurrency', field),
  description:
    'Unprocessable entity: an unknown cryptocurrency answers code 2004 "Invalid currency type" naming the field (decision M1, shown); ' +
    'any other missing or incorrect field answers 1002 with `source`.',
  example: errorExample('2004', 'Invalid currency type', [{ [field]: 'is not a supported cryptocurrency' }]),
});

export const DUPLICATE_INVOICE_422 = (field: string) => ({
  component: named('DuplicateInvoiceNumber', field),
  description:
    'Unprocessable entity: missing or incorrect fields (1002, with `source`), or the invoice_number is already used (2001, decision M5, shown).',
  example: errorExample('2001', 'Duplicate invoice number', [{ [field]: 'has already been taken' }]),
});

export const REFUND_401 = {
  component: 'RefundUnauthorized',
  description:
    'Unauthorized: key or secret not set properly (1001), or the key lacks the Refund Create permission (1003 Permission denied, shown).',
  example: errorExample('1003', 'The API key lacks the Refund Create permission'),
};

export const REFUND_422 = (field: string) => ({
  component: named('RefundNotAllowed', field),
  description:
    'Unprocessable entity: missing or incorrect fields (1002), the amount field of the settlement method missing, or the refund not allowed (2002: ' +
    'refunds disabled on the account, or the amount exceeds what was received minus earlier refunds, decision M4, shown).',
  example: errorExample('2002', 'Refund not allowed', [{ [field]: 'exceeds the amount received' }]),
});
