// Every example validates against its own schema, and the rules of the document hold both in the
// Zod schemas and in the generated JSON Schema (checked with ajv, as the server's validator sees it).
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { resolveObject, rewriteRefs } from '../shared/openapi-walk.ts';
import type { z } from '../shared/zod.ts';
import { merchantContract } from './index.ts';
import { doc, requestBody } from './merchant.test-helpers.ts';
import { PaymentWebhookPayloadSchema, RefundWebhookPayloadSchema, WEBHOOK_EXAMPLES, WEBHOOK_EXAMPLE_SIGNING } from './webhooks.ts';
import { parseSignatureHeader, webhookSignature } from './webhook-signature.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'merchant', components: doc.components });
const jsonSchemaOf = (schema: Record<string, any>) =>
  ajv.compile(rewriteRefs(schema, (ref) => `merchant${ref}`) as Record<string, any>);

describe('examples', () => {
  const cases: [string, z.ZodType, unknown][] = [];
  for (const [id, o] of Object.entries(merchantContract.operations)) {
    const request = (o as { request?: { body?: { schema: z.ZodType; example: unknown } } }).request;
    if (request?.body) cases.push([`${id} request`, request.body.schema, request.body.example]);
    for (const [status, r] of Object.entries(o.responses)) if (r.schema) cases.push([`${id} ${status}`, r.schema, r.example]);
  }
  for (const [name, hook] of Object.entries(merchantContract.webhooks)) cases.push([`${name} envelope`, hook.body.schema, hook.body.example]);

  it.each(cases)('%s validates against its schema', (_name, schema, example) => {
    expect(example).toBeDefined();
    const result = schema.safeParse(example);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('example envelopes carry the payloads, signed with the sandbox secret (M3)', () => {
    for (const [name, { payload, envelope }] of Object.entries(WEBHOOK_EXAMPLES)) {
      const decoded = JSON.parse(Buffer.from(envelope.data, 'base64').toString('utf8'));
      expect(decoded, name).toEqual(payload);
      const schema = name === 'refundProcessed' ? RefundWebhookPayloadSchema : PaymentWebhookPayloadSchema;
      expect(schema.safeParse(decoded).success, name).toBe(true);
      const { t, s1 } = parseSignatureHeader(envelope.signature)!;
      expect(t).toBe(WEBHOOK_EXAMPLE_SIGNING.t);
      expect(s1).toEqual([webhookSignature(WEBHOOK_EXAMPLE_SIGNING.secret, t, envelope.data)]);
    }
  });

  it('payload schemas are components, each the contentSchema of its webhooks\' data; the CSV row is a file beside the document', () => {
    for (const [hook, payload] of [['paymentFound', 'PaymentWebhookPayload'], ['paymentConfirmed', 'PaymentWebhookPayload'], ['refundProcessed', 'RefundWebhookPayload']] as const) {
      expect(doc.components.schemas[payload]).toBeDefined();
      const data = (resolveObject(doc, doc.webhooks[hook].post.requestBody.content['application/json'].schema) as Record<string, any>).properties.data;
      expect(data).toMatchObject({ contentEncoding: 'base64', contentMediaType: 'application/json', contentSchema: { $ref: `#/components/schemas/${payload}` } });
      expect(doc.webhooks[hook].post['x-payload-schema']).toBe(payload);
    }
    expect(doc.components.schemas.InvoiceCsvRow).toBeUndefined();
  });
});

// [what, body, accepted] per request body; each is checked against Zod and the generated JSON Schema.
const op = merchantContract.operations;
const payment = (over: Record<string, unknown>) => ({ payment: { ...op.createPayment.request.body.example.payment, ...over } });
const widget = (over: Record<string, unknown>) => ({ ...op.createWidgetPayment.request.body.example, ...over });
const invoice = (fields: Record<string, unknown>, top: Record<string, unknown> = {}) => ({ invoice: { amount: '10.00', currency_iso: 'USD', ...fields }, ...top });
const FULL_RECIPIENT = { email: 'a@example.com', company_name: 'Acme', first_name: 'Jane', last_name: 'Doe' };
const refund = (over: Record<string, unknown>) => ({ email: 'jane@example.com', ...over });
const instant = (over: Record<string, unknown>) => ({ id: 7001, address: 'bc1qexample', ...over });

const RULES: [string, string, string, [string, unknown, boolean][]][] = [
  ['createPayment', 'post', '/payments', [
    ['the example', payment({}), true],
    ['fields outside `payment`', op.createPayment.request.body.example.payment, false],
    ['confirmations_required "0" (minimum 1)', payment({ confirmations_required: '0' }), false],
    ['confirmations_required as a number (the document types it string)', payment({ confirmations_required: 3 }), false],
    ['an unknown crypto_iso', payment({ crypto_iso: 'DOGE' }), false],
    ['currency_iso GBP', payment({ currency_iso: 'GBP' }), false],
    ['invoice_number with "-"', payment({ invoice_number: 'INV-1' }), false],
    ['an IPv6 ip', payment({ ip: '2001:db8::1' }), true],
    ['a bad e-mail', payment({ email: 'jane@' }), false],
    ['an amount with a thousands separator', payment({ amount: '1,000.00' }), false],
    ['a network_type of USDT', payment({ crypto_iso: 'USDT', network_type: 'TRC-20' }), true],
    ['country "XX"', payment({ country: 'XX' }), false],
    ['a first_name with digits', payment({ first_name: 'J4ne' }), false],
    ['webhook_url on loopback http (M3: the server decides by key)', payment({ webhook_url: 'http://127.0.0.1:3000/hook' }), true],
    ['webhook_url javascript:', payment({ webhook_url: 'javascript:alert(1)' }), false],
  ]],
  ['createWidgetPayment', 'post', '/widget_payments', [
    ['the example', widget({}), true],
    ['confirmations_required 0', widget({ confirmations_required: 0 }), false],
    ['no hosted_payment_id', { ...widget({}), hosted_payment_id: undefined }, false],
    ['an optional province', widget({ province: 'Ontario' }), true],
  ]],
  ['createInvoice', 'post', '/invoices', [
    ['all four recipient fields', invoice(FULL_RECIPIENT), true],
    ['only invoice_recipient_id', invoice({ invoice_recipient_id: 301 }), true],
    ['no last_name and no invoice_recipient_id', invoice({ ...FULL_RECIPIENT, last_name: undefined }), false],
    ['no email and no invoice_recipient_id', invoice({ ...FULL_RECIPIENT, email: undefined }), false],
    ['a 255-character description', invoice({ invoice_recipient_id: 1, description: 'x'.repeat(255) }), true],
    ['a 256-character description', invoice({ invoice_recipient_id: 1, description: 'x'.repeat(256) }), false],
    ['a due_at that is not ISO 8601', invoice({ invoice_recipient_id: 1, due_at: '01/02/2026' }), false],
    ['currency_iso BTC', invoice({ invoice_recipient_id: 1, currency_iso: 'BTC' }), false],
    ['save_recipient beside invoice', invoice(FULL_RECIPIENT, { save_recipient: true }), true],
  ]],
  ['createInvoiceRecipient', 'post', '/invoice_recipients', [
    ['email and company_name', { invoice_recipient: { email: 'a@example.com', company_name: 'Acme' } }, true],
    ['email, first_name and last_name', { invoice_recipient: { email: 'a@example.com', first_name: 'Jane', last_name: 'Doe' } }, true],
    ['email and first_name only', { invoice_recipient: { email: 'a@example.com', first_name: 'Jane' } }, false],
    ['no email', { invoice_recipient: { company_name: 'Acme' } }, false],
    ['a zip with # and /', { invoice_recipient: { email: 'a@example.com', company_name: 'Acme', zip: "#12/3'A-4" } }, true],
    ['a city with a dot', { invoice_recipient: { email: 'a@example.com', company_name: 'Acme', city: 'St. Johns' } }, false],
  ]],
  ['updateInvoiceRecipient', 'patch', '/invoice_recipients/{id}', [
    ['one field', { invoice_recipient: { phone: '4165550100' } }, true],
    ['no field', { invoice_recipient: {} }, false],
    ['a phone with +', { invoice_recipient: { phone: '+14165550100' } }, false],
  ]],
  ['createRefund', 'post', '/transactions/{transaction_id}/refunds', [
    ['a fiat amount', refund({ amount_to_refund_fiat: '5.00' }), true],
    ['a crypto amount', refund({ amount_to_refund: '0.0001' }), true],
    ['no amount', refund({}), false],
    ['expires_in 11', refund({ amount_to_refund: '1', expires_in: 11 }), false],
    ['expires_in 336', refund({ amount_to_refund: '1', expires_in: 336 }), true],
    ['expires_in 337', refund({ amount_to_refund: '1', expires_in: 337 }), false],
    ['an http webhook_url', refund({ amount_to_refund: '1', webhook_url: 'http://merchant.example.com/hook' }), false],
  ]],
  ['createInstantRefund', 'post', '/transactions/instant_refund', [
    ['refund_full_amount alone', instant({ refund_full_amount: true }), true],
    ['refund_full_amount with an amount', instant({ refund_full_amount: true, amount_to_refund: '1' }), false],
    ['an amount', instant({ amount_to_refund_fiat: '5.00' }), true],
    ['refund_full_amount false and no amount', instant({ refund_full_amount: false }), false],
    ['no address', { id: 7001, amount_to_refund: '1' }, false],
  ]],
];

describe('rules of the document, in Zod and in the generated JSON Schema alike', () => {
  for (const [id, method, path, cases] of RULES) {
    const zod = (op as unknown as Record<string, { request: { body: { schema: z.ZodType } } }>)[id]!.request.body.schema;
    const json = jsonSchemaOf(requestBody(method, path));
    it.each(cases)(`${id}: %s`, (_what, body, accepted) => {
      const clean = JSON.parse(JSON.stringify(body)); // drops the undefined fields, as on the wire
      expect(zod.safeParse(clean).success, 'zod').toBe(accepted);
      expect(json(clean), `json schema: ${JSON.stringify(json.errors)}`).toBe(accepted);
    });
  }
});

describe('defaults and limits', () => {
  it('fills the documented defaults', () => {
    const p = op.createPayment.request.body.schema.parse(payment({ crypto_iso: 'USDT' }));
    expect(p.payment.network_type).toBe('ERC-20');
    const r = op.createRefund.request.body.schema.parse(refund({ amount_to_refund: '1' }));
    expect([r.expires_in, r.send_email]).toEqual([24, false]);
    const i = op.createInvoice.request.body.schema.parse(invoice({ invoice_recipient_id: 1 }));
    expect([i.save_recipient, i.invoice.send_customer_email]).toEqual([false, false]);
    const q = op.listTransactions.request.query.parse({});
    expect([q.limit, q.offset]).toEqual([100, 0]);
  });
  it.each([[{ limit: 500 }, true], [{ limit: 501 }, false], [{ limit: 0 }, false], [{ offset: -1 }, false], [{ status: 'paid' }, true], [{ currency_iso: 'DOGE' }, false]])(
    'listTransactions query %o -> %s', (query, ok) => expect(op.listTransactions.request.query.safeParse(query).success).toBe(ok),
  );
  it('declares the error statuses as literal keys (typed handlers see them)', () => {
    expectTypeOf<keyof typeof op.getPayment.responses>().toEqualTypeOf<200 | 401 | 404 | 405 | 422 | 429 | 500 | 503>();
    expectTypeOf<keyof typeof op.createRefund.responses>().toEqualTypeOf<201 | 400 | 401 | 404 | 405 | 413 | 415 | 422 | 429 | 500 | 503>();
    expectTypeOf<keyof typeof op.listCurrencies.responses>().toEqualTypeOf<200 | 401 | 404 | 405 | 422 | 429 | 500 | 503>();
    expect(Object.keys(op.listPendingManualPayoutTransactions.responses)).toEqual(['200', '401', '404', '405', '422', '429', '500', '503']);
  });
  it('getPayment needs crypto_iso', () => {
    expect(op.getPayment.request.query.safeParse({}).success).toBe(false);
    expect(op.getPayment.request.query.safeParse({ crypto_iso: 'XRP' }).success).toBe(true);
  });
  it('shows 2004 for an unknown currency (M1) where crypto_iso is taken', () => {
    expect(op.getPayment.responses[422].example).toMatchObject({ code: '2004', title: 'Invalid currency type', source: [{ crypto_iso: expect.any(String) }] });
    expect(op.createPayment.responses[422].example).toMatchObject({ code: '2004' });
  });
});
