// The generated merchant document against the seed document (seeds/merchant-payments-api.md),
// section 4: every endpoint, its parameters and body fields with their nesting. The tables are
// copied from the document, not from the code.
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, PATTERNS } from '../shared/primitives.ts';
import { release } from './release.ts';
import { type Row, checkRows, doc, field, op, requestBody } from './merchant.test-helpers.ts';

const CRYPTO = ['BTC', 'ETH', 'LTC', 'BCH', 'XRP', 'USDT'];
const FIAT = ['USD', 'CAD', 'EUR'];
const TX_STATUS = ['invoice_sent', 'pending_confirmation', 'paid', 'overpaid', 'underpaid', 'completed', 'cancelled'];

// #, method, path, operationId, success status (decision M-created for the 201s the document does not state).
const ENDPOINTS: [number, string, string, string, number][] = [
  [1, 'post', '/widget_payments', 'createWidgetPayment', 200],
  [2, 'post', '/payments', 'createPayment', 201],
  [3, 'get', '/payments/{payment_id}', 'getPayment', 200],
  [4, 'get', '/transactions', 'listTransactions', 200],
  [5, 'get', '/transactions/{id}', 'getTransaction', 200],
  [6, 'post', '/invoices', 'createInvoice', 201],
  [7, 'get', '/invoices/{id}', 'getInvoice', 200],
  [8, 'get', '/invoice_recipients', 'listInvoiceRecipients', 200],
  [9, 'get', '/invoice_recipients/{id}', 'getInvoiceRecipient', 200],
  [10, 'post', '/invoice_recipients', 'createInvoiceRecipient', 201],
  [11, 'patch', '/invoice_recipients/{id}', 'updateInvoiceRecipient', 200],
  [12, 'delete', '/invoice_recipients/{id}', 'deleteInvoiceRecipient', 204],
  [13, 'post', '/transactions/{transaction_id}/refunds', 'createRefund', 201],
  [14, 'post', '/transactions/instant_refund', 'createInstantRefund', 201],
  [15, 'get', '/refunds/{refund_id}', 'getRefund', 200],
  [16, 'get', '/transactions/{transaction_id}/refunds', 'listTransactionRefunds', 200],
  [17, 'get', '/currencies', 'listCurrencies', 200],
  [18, 'get', '/payouts', 'listPayouts', 200],
  [19, 'get', '/payouts/{id}', 'getPayout', 200],
  [20, 'get', '/payouts/{id}/transactions', 'listPayoutTransactions', 200],
  [21, 'get', '/payouts/pending', 'getPendingPayouts', 200],
  [22, 'get', '/payouts/pending/transactions', 'listPendingPayoutTransactions', 200],
  [23, 'get', '/payouts/pending/transactions/manual/{currency_iso}', 'listPendingManualPayoutTransactions', 200],
];

describe('section 4: endpoints', () => {
  it(`has exactly the seed's ${ENDPOINTS.length} endpoints`, () => {
    const found = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(found.sort()).toEqual(ENDPOINTS.map(([, m, p]) => `${m} ${p}`).sort());
  });

  it.each(ENDPOINTS)('#%i %s %s is %s, Basic-authenticated, with its success and error responses', (_n, method, path, id, success) => {
    const o = op(method, path);
    expect(o.operationId).toBe(id);
    expect(o.security).toEqual([{ BasicAuth: [] }]);
    const statuses = Object.keys(o.responses).map(Number);
    expect(statuses).toContain(success);
    expect(statuses.filter((s) => s < 300)).toEqual([success]);
    for (const s of [401, 429, 500, 503]) expect(statuses, `${id} ${s}`).toContain(s);
    if (/\{(id|payment_id|transaction_id|refund_id)\}/.test(path)) expect(statuses, `${id} 404`).toContain(404);
    if (o.requestBody) for (const s of [400, 413, 422]) expect(statuses, `${id} ${s}`).toContain(s);
    if (o.parameters?.length) expect(statuses, `${id} 422`).toContain(422);
    if (success === 204) expect(o.responses['204'].content).toBeUndefined();
    else expect(o.responses[String(success)].content['application/json'].example).toBeDefined();
  });

  it('is HTTP Basic as section 5 says', () => {
    expect(doc.components.securitySchemes.BasicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    // The base path carries the major version of the release (3.0.0 serves /merchant/v3).
    expect(doc.servers[0].url).toBe(`/merchant/v${release.version.split('.')[0]}`);
  });

  it('states the Refund Create permission on both refund creations', () => {
    for (const [m, p] of [['post', '/transactions/{transaction_id}/refunds'], ['post', '/transactions/instant_refund']] as const) {
      expect(op(m, p)['x-required-permission']).toBe('refund:create');
      expect(op(m, p).description).toContain('Refund Create');
    }
  });
});

type Param = [string, 'path' | 'query' | 'header', boolean, string, { enum?: string[]; default?: number; maximum?: number; minimum?: number }?];
const PARAMS: [string, string, Param[]][] = [
  ['get', '/payments/{payment_id}', [['payment_id', 'path', true, 'string'], ['crypto_iso', 'query', true, 'string', { enum: CRYPTO }]]],
  ['get', '/transactions', [
    ['limit', 'query', false, 'integer', { default: 100, maximum: 500 }],
    ['offset', 'query', false, 'integer', { minimum: 0 }],
    ['currency_iso', 'query', false, 'string', { enum: CRYPTO }],
    ['status', 'query', false, 'string', { enum: TX_STATUS }],
    ['external_id', 'query', false, 'string'],
    ['transaction_id', 'query', false, 'string'],
    ['invoice_number', 'query', false, 'string'],
  ]],
  ['get', '/transactions/{id}', [['id', 'path', true, 'integer']]],
  ['post', '/transactions/{transaction_id}/refunds', [['Idempotency-Key', 'header', false, 'string'], ['transaction_id', 'path', true, 'integer']]],
  ['get', '/refunds/{refund_id}', [['refund_id', 'path', true, 'integer']]],
  ['get', '/payouts/pending/transactions/manual/{currency_iso}', [['currency_iso', 'path', true, 'string', { enum: CRYPTO }]]],
];

describe('section 4: parameters', () => {
  it.each(PARAMS)('%s %s', (method, path, params) => {
    const declared = op(method, path).parameters as Record<string, any>[];
    expect(declared.map((p) => p.name).sort()).toEqual(params.map(([n]) => n).sort());
    for (const [name, where, required, type, checks = {}] of params) {
      const p = declared.find((d) => d.name === name)!;
      expect(p.in, name).toBe(where);
      expect(p.required, name).toBe(required);
      const param = { properties: { [name]: p.schema }, required: [name] };
      checkRows(param, [[name, true, type, checks]]);
    }
  });
});

const NAME = { pattern: PATTERNS.name };
const ADDRESS = { pattern: PATTERNS.address };
const REGION = { pattern: PATTERNS.region };
const PHONE = { pattern: PATTERNS.phone };
const ZIP = { pattern: PATTERNS.zip };
const INVOICE_NO = { pattern: PATTERNS.invoiceNumber };
// The rule of `format: email` written out as a pattern beside it, so every reader applies the same one.
const EMAIL = { pattern: EMAIL_PATTERN };
const DECIMAL = { pattern: '^[0-9]+(\\.[0-9]+)?$' };
// Amounts a request asks to charge or refund: greater than zero (the server refuses 0), at most 15
// significant integer digits (decision M-amount-bounds: what is computed from them stays within its bounds).
const POSITIVE = { pattern: '^(0*[1-9][0-9]{0,14}(\\.[0-9]+)?|0+\\.[0-9]*[1-9][0-9]*)$' };
/** Fiat amounts a request gives: at most 2 decimal places (decision M-sizes). */
const FIAT_AMOUNT = { pattern: '^(0*[1-9][0-9]{0,14}(\\.[0-9]{1,2})?|0+\\.([1-9][0-9]?|0[1-9]))$' };

const BODIES: [string, string, Row[]][] = [
  ['post', '/widget_payments', [
    ['amount', true, 'string', POSITIVE], ['external_id', true, 'string'], ['hosted_payment_id', true, 'integer'],
    ['first_name', true, 'string', NAME], ['last_name', true, 'string', NAME], ['email', true, 'string', EMAIL],
    ['callback_url', false, 'string'], ['webhook_url', false, 'string'], ['cancel_url', false, 'string'],
    ['address', false, 'string', ADDRESS], ['city', false, 'string', REGION], ['province', false, 'string', REGION],
    ['country', false, 'string'], ['phone', false, 'string', PHONE], ['invoice_number', false, 'string', INVOICE_NO],
    ['crypto_currency_iso', false, 'string', { enum: CRYPTO }], ['confirmations_required', false, 'integer', { minimum: 1 }],
  ]],
  ['post', '/payments', [
    ['payment', true, 'object'],
    ['payment.amount', true, 'string', POSITIVE], ['payment.external_id', true, 'string'],
    ['payment.currency_iso', true, 'string', { enum: FIAT }], ['payment.network_type', false, 'string', { enum: ['ERC-20', 'BEP-20', 'TRC-20'], default: 'ERC-20' }],
    ['payment.crypto_iso', true, 'string', { enum: CRYPTO }], ['payment.confirmations_required', true, 'string', { pattern: '^[1-9][0-9]*$' }],
    ['payment.ip', true, 'string', { pattern: PATTERNS.ip }], ['payment.invoice_number', true, 'string', INVOICE_NO],
    ['payment.first_name', true, 'string', NAME], ['payment.last_name', true, 'string', NAME], ['payment.email', true, 'string', EMAIL],
    ['payment.phone', false, 'string', PHONE], ['payment.address', false, 'string', ADDRESS], ['payment.city', false, 'string', REGION],
    ['payment.state', false, 'string', REGION], ['payment.zip', false, 'string', ZIP], ['payment.country', false, 'string'],
    ['payment.webhook_url', false, 'string'],
  ]],
  ['post', '/invoices', [
    ['invoice', true, 'object'], ['save_recipient', false, 'boolean', { default: false }],
    ['invoice.amount', true, 'string', POSITIVE], ['invoice.currency_iso', true, 'string', { enum: FIAT }],
    // "yes unless invoice_recipient_id given": optional in properties, required by anyOf (semantic tests).
    ['invoice.email', false, 'string', EMAIL], ['invoice.company_name', false, 'string', NAME],
    ['invoice.first_name', false, 'string', NAME], ['invoice.last_name', false, 'string', NAME],
    ['invoice.phone', false, 'string', PHONE], ['invoice.address', false, 'string', ADDRESS], ['invoice.city', false, 'string', REGION],
    ['invoice.state', false, 'string', REGION], ['invoice.zip', false, 'string', ZIP], ['invoice.country', false, 'string'],
    ['invoice.invoice_number', false, 'string', INVOICE_NO], ['invoice.due_at', false, 'string', { format: 'date-time' }],
    ['invoice.description', false, 'string', { maxLength: 255 }], ['invoice.invoice_recipient_id', false, 'integer'],
    ['invoice.send_reminders', false, 'boolean'], ['invoice.send_customer_email', false, 'boolean', { default: false }],
  ]],
  ['post', '/invoice_recipients', [
    ['invoice_recipient', true, 'object'], ['invoice_recipient.email', true, 'string', EMAIL],
    ['invoice_recipient.company_name', false, 'string', NAME], ['invoice_recipient.first_name', false, 'string', NAME],
    ['invoice_recipient.last_name', false, 'string', NAME], ['invoice_recipient.phone', false, 'string', PHONE],
    ['invoice_recipient.address', false, 'string', ADDRESS], ['invoice_recipient.city', false, 'string', REGION],
    ['invoice_recipient.province_or_state', false, 'string', REGION], ['invoice_recipient.zip', false, 'string', ZIP],
    ['invoice_recipient.country', false, 'string'],
  ]],
  ['patch', '/invoice_recipients/{id}', [
    ['invoice_recipient', true, 'object'], ['invoice_recipient.email', false, 'string', EMAIL],
    ['invoice_recipient.company_name', false, 'string', NAME], ['invoice_recipient.first_name', false, 'string', NAME],
    ['invoice_recipient.last_name', false, 'string', NAME], ['invoice_recipient.zip', false, 'string', ZIP],
  ]],
  ['post', '/transactions/{transaction_id}/refunds', [
    ['email', true, 'string', EMAIL], ['amount_to_refund_fiat', false, 'string', FIAT_AMOUNT], ['amount_to_refund', false, 'string', POSITIVE],
    ['expires_in', false, 'integer', { default: 24, minimum: 12, maximum: 336 }], ['send_email', false, 'boolean', { default: false }],
    ['webhook_url', false, 'string', { pattern: '^https://' }],
  ]],
  ['post', '/transactions/instant_refund', [
    ['id', true, 'integer'], ['refund_full_amount', false, 'boolean'], ['amount_to_refund_fiat', false, 'string', FIAT_AMOUNT],
    ['amount_to_refund', false, 'string', POSITIVE], ['address', true, 'string'], ['destination_tag', false, 'string'],
    ['webhook_url', false, 'string', { pattern: '^https://' }],
  ]],
];

describe('section 4: request bodies keep their nesting', () => {
  it.each(BODIES)('%s %s', (method, path, rows) => checkRows(requestBody(method, path), rows));

  it('carries the country fields as ISO 3166 two-letter codes', () => {
    const countries = [['post', '/widget_payments', 'country'], ['post', '/payments', 'payment.country'], ['post', '/invoices', 'invoice.country'], ['post', '/invoice_recipients', 'invoice_recipient.country']] as const;
    for (const [method, path, name] of countries) {
      const codes = field(requestBody(method, path), name).enum as string[];
      expect(codes, path).toContain('CA');
      expect(codes).not.toContain('XX');
      expect(codes.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    }
  });
});
