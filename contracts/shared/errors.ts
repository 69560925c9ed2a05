// The error bodies of the three APIs, named once and reused by every operation.
import { TEXT_LIMITS, UNPAGED_LIST_MAX } from './limits.ts';
import { z } from './zod.ts';

/** Exchange error codes of section 7 of the exchange document, with their HTTP status. */
export const EXCHANGE_ERROR_CODES = {
  1001: { status: 400, message: 'Validation error naming the offending parameter' },
  // Not in the document: the rate limit needs a code of its own (decision X5).
  1002: { status: 429, message: 'Rate limit exceeded; temporarily banned (Retry-After gives the seconds)' },
  // Not in the document either: failures outside any operation, numbered as in API_ERROR_CODES.
  1004: { status: 404, message: 'Unknown route' },
  1005: { status: 500, message: 'Internal error (also 501: operation not implemented by this server)' },
  1006: { status: 503, message: 'Service unavailable: a store the server shares between instances (Redis) cannot be reached; retry (see Retry-After)' },
  1008: { status: 413, message: 'Request body larger than the limit' },
  1009: { status: 405, message: 'Method not allowed on this path (see Allow)' },
  1010: { status: 415, message: 'Request body is neither application/json nor application/x-www-form-urlencoded' },
  2001: { status: 401, message: 'Authorization failed' },
  2002: { status: 400, message: 'Failed to create order, with a reason' },
  2003: { status: 400, message: 'Failed to cancel order, with a reason' },
  2004: { status: 404, message: 'Order with the given id does not exist' },
  2005: { status: 401, message: 'The signature is incorrect' },
  2006: { status: 401, message: 'The nonce has already been used by the access key' },
  2007: { status: 401, message: 'The nonce is invalid; the message gives the current timestamp' },
  2008: { status: 401, message: 'The access key does not exist' },
  2011: { status: 401, message: 'Requested API is out of access key scopes' },
  3001: { status: 503, message: 'Exchange is currently undergoing maintenance' },
} as const;
export type ExchangeErrorCode = keyof typeof EXCHANGE_ERROR_CODES;

const EXCHANGE_CODES = Object.keys(EXCHANGE_ERROR_CODES).map(Number) as ExchangeErrorCode[];

export const ExchangeErrorSchema = z
  .object({
    error: z.object({
      code: z.literal(EXCHANGE_CODES).openapi({
        type: 'integer',
        enum: EXCHANGE_CODES,
        minimum: Math.min(...EXCHANGE_CODES),
        maximum: Math.max(...EXCHANGE_CODES),
        description: Object.entries(EXCHANGE_ERROR_CODES)
          .map(([code, { status, message }]) => `${code} (HTTP ${status}): ${message}`)
          .join('; '),
        example: 1001,
      }),
      message: z.string().max(TEXT_LIMITS.message).openapi({ description: 'Human-readable reason', example: 'market is missing' }),
    }),
  })
  .openapi('ExchangeError', { description: 'Error body of the exchange API: `{ error: { code, message } }`.' });
export type ExchangeError = z.infer<typeof ExchangeErrorSchema>;

/**
 * Error codes of the merchant and partner APIs. The documents give 1001 (Unauthorized) and
 * 2004 (Invalid currency type) and say the complete list is "not shown"; the rest are our
 * decision (D-M1 in docs/decisions.md), each tied to one HTTP status.
 */
export const API_ERROR_CODES = {
  '1001': { status: 401, title: 'Unauthorized' },
  '1002': { status: 422, title: 'Unprocessable Entity' },
  '1003': { status: 401, title: 'Permission denied' },
  '1004': { status: 404, title: 'Not Found' },
  '1005': { status: 500, title: 'Internal Server Error' },
  '1006': { status: 503, title: 'Service Unavailable' },
  '1007': { status: 429, title: 'Too Many Requests' },
  '1008': { status: 413, title: 'Payload Too Large' },
  '1009': { status: 405, title: 'Method Not Allowed' },
  '1010': { status: 415, title: 'Unsupported Media Type' },
  '1011': { status: 400, title: 'Malformed request body' },
  '1012': { status: 409, title: 'Conflict' },
  '2001': { status: 422, title: 'Duplicate invoice number' },
  '2002': { status: 422, title: 'Refund not allowed' },
  '2003': { status: 422, title: 'Duplicate e-mail' },
  '2004': { status: 422, title: 'Invalid currency type' },
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_CODES;

export const ErrorSourceSchema = z
  .array(z.record(z.string(), z.string().max(TEXT_LIMITS.message)))
  .max(UNPAGED_LIST_MAX)
  .openapi('ErrorSource', {
    description: 'On validation failure: one object per invalid field, key the field, value the reason.',
    example: [{ 'payment.email': 'must be a valid e-mail address' }],
  });

const apiErrorShape = () =>
  z.object({
    title: z.string().max(TEXT_LIMITS.code * 2).openapi({ description: 'Short message', example: 'Unprocessable Entity' }),
    code: z.string().max(4).regex(/^[0-9]{4}$/).openapi({ description: '4-digit error code', example: '1002' }),
    details: z.string().max(TEXT_LIMITS.message).openapi({ description: 'Description', example: 'Required fields are missing or incorrect' }),
    error: z.string().max(TEXT_LIMITS.message).optional().openapi({ description: 'Specific details' }),
    source: ErrorSourceSchema.optional(),
  });

export const MerchantErrorSchema = apiErrorShape().openapi('MerchantError', {
  description: 'Error body of the merchant API: `{ title, code, details, error?, source? }`.',
});
export type MerchantError = z.infer<typeof MerchantErrorSchema>;

export const PartnerErrorSchema = apiErrorShape().openapi('PartnerError', {
  description: 'Error body of the partner API: `{ title, code, details, error?, source? }`.',
});
export type PartnerError = z.infer<typeof PartnerErrorSchema>;
