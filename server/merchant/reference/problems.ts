// The merchant errors the reference handlers raise, as the server's ApiDomainError (rendered by the
// merchant error handler as `{title, code, details, source}`), each naming the field at fault.
import { ApiDomainError } from '../../core/errors.ts';

export const notFound = (what: string, id: number | string): ApiDomainError =>
  new ApiDomainError(404, '1004', `${what} ${id} not found`);

/** 422 code 1002: one field missing or incorrect (the message says why). */
export const invalid = (field: string, reason: string): ApiDomainError =>
  ApiDomainError.of('1002', 'Required fields are missing or incorrect', [{ [field]: reason }]);

/** 422 code 1002 with several fields. */
export const invalidFields = (source: Record<string, string>[]): ApiDomainError =>
  ApiDomainError.of('1002', 'Required fields are missing or incorrect', source);

/** M5: 422 code 2001. */
export const duplicateInvoiceNumber = (field: string, value: string): ApiDomainError =>
  ApiDomainError.of('2001', `Invoice number ${value} is already used by a payment, widget payment or invoice of this account`, [
    { [field]: 'has already been taken' },
  ]);

/** M4 and refund preconditions: 422 code 2002. */
export const refundNotAllowed = (field: string, reason: string): ApiDomainError =>
  ApiDomainError.of('2002', `Refund not allowed: ${field} ${reason}`, [{ [field]: reason }]);

/** Defence in depth behind the auth middleware: 401 code 1003. */
export const permissionDenied = (): ApiDomainError =>
  new ApiDomainError(401, '1003', 'The API key lacks the Refund Create permission this operation requires', undefined, 'missing permission: refund:create');
