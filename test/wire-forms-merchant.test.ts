// The merchant and partner APIs as the platform's shop plugins call them: Create Widget
// Payment form-encoded with the version 1 plugin fields `merchant_id` and `data_encryption[...]`
// (WooCommerce, PrestaShop, Shopware), and as JSON with `"hosted_payment_id": "1"` (Magento).
// Exact bytes over HTTP on 127.0.0.1 to the sandbox (request and response validation on).
// Decisions M-form, M-lenient-scalars, M-plugin-fields, P-form, P-lenient-scalars.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from '../contracts/shared/primitives.ts';
import { createMerchantApplicationRequestExample, registerUserRequestExample } from '../contracts/partner/examples.ts';
import { testServer } from '../server/testing.ts';
import { sandboxServer } from './sandbox-helpers.ts';
import { MERCHANT_AUTH, PARTNER_BEARER } from './server-helpers.ts';
import { FORM, bracketPairs, formOf, send, serve, type Served } from './wire-forms-helpers.ts';

let server: Served;
let sandbox: ReturnType<typeof sandboxServer>;
beforeAll(async () => {
  sandbox = sandboxServer({ config: { validate: 'all' } });
  server = await serve(sandbox.app);
});
afterAll(() => server.close());
// No 500 went by: nothing is logged but the fields the plugins send that the document does not
// define (merchant_id, data_encryption: accepted and ignored, decision M-plugin-fields), named.
afterEach(() => expect(sandbox.serverLogs.splice(0).filter((l) => !/^\[server\] \w+: ignored unknown body fields [\w, ]+$/.test(l))).toEqual([]));

const merchant = (path: string, body: BodyInit, type: string) =>
  send(`${server.url}/merchant/v2${path}`, 'POST', body, { 'content-type': type, authorization: MERCHANT_AUTH });
const partner = (path: string, body: BodyInit, type: string) =>
  send(`${server.url}/partner/v1${path}`, 'POST', body, { 'content-type': type, authorization: PARTNER_BEARER });

let n = 0;
/** The fields a plugin posts for one order, with the v1 fields it still sends. */
const pluginFields = (): [string, string][] => [
  ['amount', '25.00'],
  ['external_id', `wc-order-${++n}`],
  ['hosted_payment_id', '1'],
  ['first_name', 'Jane'],
  ['last_name', "O'Neil"],
  ['email', 'jane+shop@example.com'],
  ['callback_url', 'https://shop.example.com/checkout/order-received/?key=wc_order_abc&x=1'],
  ['cancel_url', 'https://shop.example.com/cart/'],
  ['merchant_id', 'mrc_8f2a11'],
  ['data_encryption[iv]', 'q83vEjRWeJA='],
  ['data_encryption[value]', 'U2FsdGVkX1+abc/def=='],
  ['data_encryption[mac]', '9f86d081884c7d65'],
];
const widgetCreated = { status: 200, body: { status: 200, id: expect.any(Number), token: expect.stringMatching(/^[A-Za-z0-9_-]+$/) } };

describe('Create Widget Payment form-encoded, as the shop plugins post it', () => {
  it('WooCommerce (WordPress HTTP API: brackets percent-encoded, spaces as +)', async () => {
    expect(await merchant('/widget_payments', formOf(pluginFields()), FORM)).toEqual(widgetCreated);
  });

  it('PrestaShop and Shopware (literal brackets, charset parameter, fields in another order)', async () => {
    const body = pluginFields().reverse().map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
    expect(await merchant('/widget_payments', body, `${FORM}; charset=UTF-8`)).toEqual(widgetCreated);
  });

  it('still refuses genuinely wrong input, naming each field', async () => {
    const fields = pluginFields().map(([k, v]): [string, string] => (k === 'email' ? [k, 'not-an-email'] : k === 'hosted_payment_id' ? [k, '1.0'] : [k, v]));
    const reply = await merchant('/widget_payments', formOf(fields.filter(([k]) => k !== 'amount')), FORM);
    expect(reply).toEqual({
      status: 422,
      body: {
        title: 'Unprocessable Entity',
        code: '1002',
        details: 'Required fields are missing or incorrect',
        source: [{ amount: 'is required' }, { hosted_payment_id: 'must be integer' }, { email: `must match pattern "${EMAIL_PATTERN}"` }],
      },
    });
  });

  it('400 1011 for a malformed form body', async () => {
    expect(await merchant('/widget_payments', 'amount=25.00&data_encryption[iv=x', FORM)).toEqual({
      status: 400,
      body: {
        title: 'Malformed request body',
        code: '1011',
        details: 'The request body is not valid application/x-www-form-urlencoded',
        error: 'body: "data_encryption[iv" is not a valid form field name (brackets)',
      },
    });
  });

  it('Create a Payment form-encoded with the fields nested under payment[...]', async () => {
    const fields: [string, string][] = [
      ['payment[amount]', '10.00'], ['payment[external_id]', 'ps-1'], ['payment[currency_iso]', 'USD'], ['payment[crypto_iso]', 'BTC'],
      ['payment[confirmations_required]', '3'], ['payment[first_name]', 'Jane'], ['payment[last_name]', 'Doe'], ['payment[email]', 'jane@example.com'],
      ['payment[ip]', '203.0.113.7'], ['payment[invoice_number]', `PS${++n}`],
    ];
    const reply = await merchant('/payments', formOf(fields), FORM);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ amount: '10.00', crypto_address_info: { iso: 'BTC' }, status: { blockchain_status: 'Pending' } });
  });
});

describe('booleans from form text reach the handler as booleans', () => {
  const invoiceForm = (save: string) =>
    formOf(bracketPairs({
      invoice: { amount: '150.00', currency_iso: 'USD', email: 'ap@acme.example.com', company_name: 'Acme Widgets', first_name: 'Jane', last_name: 'Doe', invoice_number: `FI${++n}`, send_customer_email: 'true' },
      save_recipient: save,
    }));

  it('save_recipient=true stores the recipient, save_recipient=false does not, "yes" is refused', async () => {
    const saved = await merchant('/invoices', invoiceForm('true'), FORM);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.invoice_recipient_id).toEqual(expect.any(Number));
    const unsaved = await merchant('/invoices', invoiceForm('false'), FORM);
    expect(unsaved.status, JSON.stringify(unsaved.body)).toBe(201);
    expect(unsaved.body.invoice_recipient_id).toBeNull();
    expect(await merchant('/invoices', invoiceForm('yes'), FORM)).toMatchObject({ status: 422, body: { code: '1002', source: [{ save_recipient: 'must be boolean' }] } });
  });
});

describe('numeric and boolean strings in JSON (M-lenient-scalars)', () => {
  const magento = (hostedPaymentId: unknown) =>
    JSON.stringify({ amount: '25.00', external_id: `mg-${++n}`, hosted_payment_id: hostedPaymentId, first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com' });

  it('Magento: "hosted_payment_id": "1" is accepted', async () => {
    expect(await merchant('/widget_payments', magento('1'), 'application/json')).toEqual(widgetCreated);
  });

  it.each(['1.0', ' 1', '1e0', '01', '+1', ''])('%j is not the canonical text of an integer: 422 naming the field', async (text) => {
    expect(await merchant('/widget_payments', magento(text), 'application/json')).toEqual({
      status: 422,
      body: { title: 'Unprocessable Entity', code: '1002', details: 'Required fields are missing or incorrect', source: [{ hosted_payment_id: 'must be integer' }] },
    });
  });
});

describe('what the handler gets', () => {
  it('numbers where the schema has integers, and no trace of the plugin fields', async () => {
    const seen: unknown[] = [];
    const { app } = testServer({
      config: { rateLimit: { enabled: false } },
      handlers: { merchant: { createWidgetPayment: ({ body }) => (seen.push(body), { status: 200, body: { status: 200, id: 1, token: 't' } }) } },
    });
    const own = await serve(app);
    try {
      const fields = [...pluginFields(), ['confirmations_required', '6'] as [string, string]];
      expect((await send(`${own.url}/merchant/v2/widget_payments`, 'POST', formOf(fields), { 'content-type': FORM, authorization: MERCHANT_AUTH })).status).toBe(200);
    } finally {
      await own.close();
    }
    expect(seen).toEqual([{
      amount: '25.00', external_id: `wc-order-${n}`, hosted_payment_id: 1, first_name: 'Jane', last_name: "O'Neil", email: 'jane+shop@example.com',
      callback_url: 'https://shop.example.com/checkout/order-received/?key=wc_order_abc&x=1', cancel_url: 'https://shop.example.com/cart/', confirmations_required: 6,
    }]);
  });
});

describe('partner bodies form-encoded (P-form) and JSON boolean strings (P-lenient-scalars)', () => {
  it('registers a user from a form body', async () => {
    const reply = await partner('/user_registration', formOf(bracketPairs(registerUserRequestExample)), FORM);
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({ status: 1 });
  });

  it('answers a refused form registration with the P2 body, as for JSON', async () => {
    const fields = bracketPairs({ registration: { ...registerUserRequestExample.registration, email: 'form-dup@example.com', password_confirmation: 'other-password' } });
    expect(await partner('/user_registration', formOf(fields), FORM)).toEqual({ status: 422, body: { status: 0, message: ['registration.password_confirmation must equal password'] } });
  });

  it('creates a merchant application from a form body and from JSON with "special_offers": "true"', async () => {
    const form = structuredClone(createMerchantApplicationRequestExample);
    form.user.email = 'form-app@example.com';
    form.user.special_offers = true;
    const fromForm = await partner('/merchant_applications', formOf(bracketPairs(form)), FORM);
    expect(fromForm.status, JSON.stringify(fromForm.body)).toBe(201);

    const json = { ...createMerchantApplicationRequestExample, user: { ...createMerchantApplicationRequestExample.user, email: 'json-app@example.com', special_offers: 'true' } };
    const fromJson = await partner('/merchant_applications', JSON.stringify(json), 'application/json');
    expect(fromJson.status, JSON.stringify(fromJson.body)).toBe(201);

    const yes = { ...json, user: { ...json.user, email: 'json-yes@example.com', special_offers: 'yes' } };
    expect(await partner('/merchant_applications', JSON.stringify(yes), 'application/json')).toMatchObject({ status: 422, body: { code: '1002', source: [{ 'user.special_offers': 'must be boolean' }] } });
  });
});
