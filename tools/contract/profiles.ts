// What each API's documents promise for rejected requests, in one table: the status and codes of
// a validation failure (X3, M-errors, P2/P-currency), of a malformed JSON body (P-body,
// M-errors), and how to read the error code out of the API's error body.
import type { ApiId, OperationSpec } from './document.ts';

export interface Rejection {
  status: number;
  /** Accepted error codes; a body without a code (partner registration's `{status: 0}`) passes. */
  codes: readonly string[];
}

export interface ApiProfile {
  /** Answer to a request whose data fails the schema. */
  validation: Rejection;
  /** Answer to a body that is not JSON. */
  malformedJson: Rejection;
  /**
   * Answer to a form body that is not a form (Rack's type conflict); a server whose parser reads it
   * leniently answers with `validation` instead, which also passes.
   */
  malformedForm: Rejection;
  /** Answer to a body over the size limit (checked only where 413 is declared). */
  oversized: Rejection;
  /** Answer to a method the path does not have (X-codes, M-errors, P-errors: 405 code 1009, with Allow). */
  methodNotAllowed: Rejection;
  /** The error code of an error body, as a string; undefined when the body carries none. */
  errorCode: (body: unknown) => string | undefined;
  /**
   * True when a response says "your data failed validation" (for schema-valid requests: a
   * mismatch). `stateful` lists fields whose rejection is a documented business answer.
   */
  isValidationRejection: (op: OperationSpec, status: number, body: unknown, stateful?: readonly string[]) => boolean;
  /**
   * Body fields whose acceptance depends on server state (a record that must exist, an amount that
   * depends on the settlement method), per operation: a 422 naming only these is a documented
   * business answer, not a rejection of schema-valid data.
   */
  stateful?: Record<string, string[]>;
  /** Request values every account of the deployment has, per operation (`body.hosted_payment_id`). */
  seeds?: Record<string, Record<string, unknown>[]>;
}

const get = (v: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), v);

const stringOrUndefined = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

const apiErrorCode = (body: unknown) => stringOrUndefined(get(body, 'code'));

/** `source: [{field: reason}]` names only fields in `stateful`. */
const onlyStateful = (body: unknown, stateful: readonly string[] = []) => {
  const source = get(body, 'source');
  const fields = Array.isArray(source) ? source.flatMap((entry) => Object.keys(entry as object)) : [];
  return fields.length > 0 && fields.every((f) => stateful.includes(f));
};

export const PROFILES: Record<ApiId, ApiProfile> = {
  exchange: {
    // X3: validation errors are 400 with code 1001; a body that is not JSON is a validation error too.
    validation: { status: 400, codes: ['1001'] },
    malformedJson: { status: 400, codes: ['1001'] },
    malformedForm: { status: 400, codes: ['1001'] },
    oversized: { status: 413, codes: [] },
    methodNotAllowed: { status: 405, codes: ['1009'] },
    errorCode: (body) => stringOrUndefined(get(body, 'error', 'code')),
    isValidationRejection: (_op, status, body) => status === 400 && stringOrUndefined(get(body, 'error', 'code')) === '1001',
  },
  merchant: {
    // M-errors: any request part failing its schema is 422 code 1002 (2004 for a currency field).
    validation: { status: 422, codes: ['1002', '2004'] },
    malformedJson: { status: 400, codes: ['1011'] },
    // "A malformed form body is 400 with the API's error body" (the body is checked against the document).
    malformedForm: { status: 400, codes: [] },
    oversized: { status: 413, codes: ['1008'] },
    methodNotAllowed: { status: 405, codes: ['1009'] },
    errorCode: apiErrorCode,
    isValidationRejection: (_op, status, body, stateful) =>
      status === 422 && ['1002', '2004'].includes(apiErrorCode(body) ?? '') && !onlyStateful(body, stateful),
    // M-errors: an id in a body that does not exist answers 422 naming the field; M-refund-amounts:
    // the amount field must match the transaction's settlement method, 422 naming it; the instant
    // refund `address` must be valid "for the transaction's currency (checked by the server)".
    stateful: {
      createWidgetPayment: ['hosted_payment_id'],
      createInvoice: ['invoice.invoice_recipient_id'],
      createRefund: ['amount_to_refund_fiat', 'amount_to_refund'],
      createInstantRefund: ['id', 'amount_to_refund_fiat', 'amount_to_refund', 'refund_full_amount', 'address', 'destination_tag'],
    },
    // Sandbox defaults: the sandbox merchant key has hosted payment id 1.
    seeds: { createWidgetPayment: [{ 'body.hosted_payment_id': 1 }] },
  },
  partner: {
    // P2: registration answers 422 {status: 0, message}; P-currency/1002 for applications.
    validation: { status: 422, codes: ['1002', '2004'] },
    malformedJson: { status: 400, codes: ['1011'] },
    malformedForm: { status: 400, codes: [] },
    oversized: { status: 413, codes: ['1008'] },
    methodNotAllowed: { status: 405, codes: ['1009'] },
    errorCode: apiErrorCode,
    isValidationRejection: (_op, status, body, stateful) => {
      if (status !== 422) return false;
      const code = apiErrorCode(body);
      if (code !== undefined) return ['1002', '2004'].includes(code) && !onlyStateful(body, stateful);
      // `{status: 0}`: a duplicate e-mail is a business answer (P2), everything else validation.
      const messages = get(body, 'message');
      return !(Array.isArray(messages) && messages.every((m) => /already/i.test(String(m))));
    },
  },
  sandbox: {
    // S-errors: the platform body; validation 422 code 1002.
    validation: { status: 422, codes: ['1002'] },
    malformedJson: { status: 400, codes: ['1011'] },
    malformedForm: { status: 400, codes: [] },
    oversized: { status: 413, codes: ['1008'] },
    methodNotAllowed: { status: 405, codes: ['1009'] },
    errorCode: apiErrorCode,
    isValidationRejection: (_op, status, body, stateful) => status === 422 && apiErrorCode(body) === '1002' && !onlyStateful(body, stateful),
    // Fixtures: what the book or the balances may hold depends on the market and the trader's open
    // orders (a business answer naming `body`); the merchant fixtures refuse what the merchant API would.
    stateful: {
      loadOrderBook: ['body'],
      loadTraderBalances: ['body'],
      loadInvoice: ['status', 'invoice.due_at', 'invoice.currency_iso', 'invoice.invoice_recipient_id'],
      loadRefund: ['refund.amount_to_refund_fiat', 'refund.amount_to_refund', 'amount_to_refund_fiat', 'amount_to_refund'],
    },
  },
};
