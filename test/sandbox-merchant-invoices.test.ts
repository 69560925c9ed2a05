// Invoices and invoice recipients of the merchant sandbox, through HTTP with response validation on.
import { describe, expect, it } from 'vitest';
import { InvoiceSchema } from '../contracts/merchant/invoices.ts';
import { START, sandboxServer } from './sandbox-helpers.ts';

const DAY = 24 * 3600 * 1000;
const inline = { email: 'ap@acme.example.com', company_name: 'Acme Widgets', first_name: 'Jane', last_name: 'Doe' };
const invoice = (fields: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => ({
  invoice: { amount: '150.00', currency_iso: 'USD', ...inline, ...fields },
  ...top,
});
const recipient = (fields: Record<string, unknown> = {}) => ({ invoice_recipient: { email: 'r@example.com', company_name: 'Acme', ...fields } });

describe('invoices', () => {
  it('defaults due_at to now, expires 90 days after it, starts unpaid with an invoice_sent transaction', async () => {
    const s = sandboxServer();
    const r = await s.as().post('/invoices', invoice({ invoice_number: 'INV4001', description: 'Consulting' }));
    expect(r.status).toBe(201);
    InvoiceSchema.parse(r.body);
    expect(r.body).toMatchObject({
      id: 4001, created_at: new Date(START).toISOString(), due_at: new Date(START).toISOString(),
      expires_at: new Date(START + 90 * DAY).toISOString(), invoice_recipient_id: null, amount: '150.00', invoice_number: 'INV4001',
      url: 'https://portal.example.com/invoices/4001', email: 'ap@acme.example.com', status: 'unpaid', delivery_status: null,
      transaction: {
        status: 'invoice_sent', amount_due: '0', amount_in_fiat: '150.00', amount_received: null, txid: null, currency: 'USD',
        invoice_number: 'INV4001', is_sandbox: true, description: 'Invoice INV4001: Consulting',
      },
    });
    expect((await s.as().get('/invoices/4001')).body).toEqual(r.body);
    expect((await s.as().get(`/transactions/${r.body.transaction.id}`)).body).toEqual(r.body.transaction);
  });

  it('takes a given due_at, marks the e-mail sent when the service sends it, and expires after 90 days unpaid (amount 300)', async () => {
    const s = sandboxServer();
    const due = '2026-02-01T00:00:00.000Z';
    const r = await s.as().post('/invoices', invoice({ amount: '300', due_at: due, send_customer_email: true }));
    expect(r.body).toMatchObject({ due_at: due, expires_at: '2026-05-02T00:00:00.000Z', delivery_status: 'sent', invoice_number: expect.stringMatching(/^INV/) });
    await s.timers.advance(Date.parse('2026-05-02T00:00:00.000Z') - START - 1);
    expect((await s.as().get(`/invoices/${r.body.id}`)).body.status).toBe('unpaid');
    await s.timers.advance(1);
    expect((await s.as().get(`/invoices/${r.body.id}`)).body.status).toBe('expired');
  });

  it('is paid by a simulated recipient in BTC (M-sandbox-invoices): found after 2 s, confirmed after 5 s; 100 overpaid, 200 underpaid', async () => {
    const s = sandboxServer();
    const paid = (await s.as().post('/invoices', invoice({ send_customer_email: true }))).body; // 150.00 USD
    const over = (await s.as().post('/invoices', invoice({ amount: '100' }))).body;
    const under = (await s.as().post('/invoices', invoice({ amount: '200' }))).body;
    const now = async (inv: { id: number }) => (await s.as().get(`/invoices/${inv.id}`)).body;

    await s.timers.advance(1999);
    for (const inv of [paid, over, under]) expect(await now(inv)).toMatchObject({ status: 'unpaid', transaction: { status: 'invoice_sent', currency: 'USD' } });

    await s.timers.advance(1);
    // 150.00 USD at the sandbox's 40000.00 USD per BTC is 0.00375 BTC; the recipient opened the e-mailed link.
    const found = await now(paid);
    expect(found).toMatchObject({
      status: 'pending_confirmation', delivery_status: 'viewed',
      transaction: { status: 'pending_confirmation', currency: 'BTC', amount_due: '0.00375', amount_received: '0.00375', exchange_rate: '40000.00', amount_in_fiat: '150.00', txid: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect((await s.as().get(`/transactions/${found.transaction.id}`)).body).toEqual(found.transaction);
    expect(await now(over)).toMatchObject({ status: 'pending_confirmation', delivery_status: null, transaction: { amount_due: '0.0025', amount_received: '0.00275' } });
    expect(await now(under)).toMatchObject({ status: 'pending_confirmation', transaction: { amount_due: '0.005', amount_received: '0.0045' } });

    await s.timers.advance(3000);
    expect([(await now(paid)).status, (await now(over)).status, (await now(under)).status]).toEqual(['paid', 'overpaid', 'underpaid']);
    expect((await now(paid)).transaction).toMatchObject({ status: 'paid', txid: found.transaction.txid });
    // A paid invoice's transaction can be refunded (M4 cap: 150.00 received), and the invoice does not expire.
    const refund = await s.as().post(`/transactions/${found.transaction.id}/refunds`, { email: 'ap@acme.example.com', amount_to_refund_fiat: '150.00' });
    expect(refund.status).toBe(201);
    const tooMuch = await s.as().post(`/transactions/${found.transaction.id}/refunds`, { email: 'ap@acme.example.com', amount_to_refund_fiat: '0.01' });
    expect(tooMuch.body.code).toBe('2002');
    await s.timers.advance(91 * DAY);
    expect((await now(paid)).status).toBe('paid');
  });

  it('can be cancelled in the merchant account while unpaid, and only then (M-invoice-transitions)', async () => {
    const s = sandboxServer();
    const unpaid = (await s.as().post('/invoices', invoice({ amount: '300' }))).body;
    const paying = (await s.as().post('/invoices', invoice())).body;
    await s.timers.advance(2000);
    await s.merchant.cancelInvoice('demo-merchant', unpaid.id);
    expect((await s.as().get(`/invoices/${unpaid.id}`)).body.status).toBe('cancelled');
    await expect(s.merchant.cancelInvoice('demo-merchant', paying.id)).rejects.toThrow(/is pending_confirmation; only unpaid invoices can be cancelled/);
    await s.timers.advance(3000);
    await expect(s.merchant.cancelInvoice('demo-merchant', paying.id)).rejects.toThrow(/is paid/);
    expect((await s.as().get(`/invoices/${paying.id}`)).body.status).toBe('paid');
  });

  it('leaves the invoices of live keys unpaid', async () => {
    const s = sandboxServer({ config: { merchant: { keys: [{ apiKey: 'live-key', secret: 'live-key-secret', sandbox: false, permissions: [], hostedPaymentIds: [], webhookSigningSecret: 'whsec' }] } } });
    const r = await s.as('live-key').post('/invoices', invoice());
    expect(r.status).toBe(201);
    await s.timers.advance(10_000);
    expect((await s.as('live-key').get(`/invoices/${r.body.id}`)).body).toMatchObject({ status: 'unpaid', transaction: { status: 'invoice_sent', is_sandbox: false } });
  });

  it('uses a saved recipient by id, ignoring inline fields', async () => {
    const s = sandboxServer();
    const rec = await s.as().post('/invoice_recipients', recipient({ email: 'saved@example.com' }));
    const r = await s.as().post('/invoices', { invoice: { amount: '20', currency_iso: 'USD', invoice_recipient_id: rec.body.id, email: 'ignored@example.com' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ invoice_recipient_id: rec.body.id, email: 'saved@example.com' });
  });

  it('saves an inline recipient with save_recipient, and not without it', async () => {
    const s = sandboxServer();
    const saved = await s.as().post('/invoices', invoice({ state: 'Ontario', country: 'CA', phone: '4165550100' }, { save_recipient: true }));
    expect(saved.body.invoice_recipient_id).toBe(301);
    expect((await s.as().get('/invoice_recipients/301')).body).toMatchObject({
      ...inline, province_or_state: 'Ontario', country: 'CA', phone: '4165550100', address: null, zip: null,
    });
    const unsaved = await s.as().post('/invoices', invoice());
    expect(unsaved.body.invoice_recipient_id).toBeNull();
    expect((await s.as().get('/invoice_recipients')).body.invoice_recipients).toHaveLength(1);
  });

  it('refuses an inline recipient missing its fields, an unknown recipient id, a foreign currency and a duplicate number', async () => {
    const s = sandboxServer();
    const missing = await s.as().post('/invoices', { invoice: { amount: '20', currency_iso: 'USD', email: 'a@b.co' } });
    expect(missing.status).toBe(422);
    expect(missing.body.code).toBe('1002');
    const unknown = await s.as().post('/invoices', { invoice: { amount: '20', currency_iso: 'USD', invoice_recipient_id: 999 } });
    expect(unknown.body).toMatchObject({ code: '1002', source: [{ 'invoice.invoice_recipient_id': 'no invoice recipient 999' }] });
    const cad = await s.as().post('/invoices', invoice({ currency_iso: 'CAD' }));
    expect(cad.body).toMatchObject({ source: [{ 'invoice.currency_iso': 'must be the account currency USD' }] });
    expect((await s.as().post('/invoices', invoice({ invoice_number: 'SAME' }))).status).toBe(201);
    const dup = await s.as().post('/invoices', invoice({ invoice_number: 'SAME' }, { save_recipient: true }));
    expect(dup.body).toMatchObject({ code: '2001', source: [{ 'invoice.invoice_number': 'has already been taken' }] });
    // The refused invoice saved no recipient.
    expect((await s.as().get('/invoice_recipients')).body.invoice_recipients).toEqual([]);
    // A payment cannot take an invoice's number either (M5).
    const pay = await s.as().post('/payments', { payment: { amount: '1', external_id: 'x', currency_iso: 'USD', crypto_iso: 'BTC', confirmations_required: '1', ip: '1.2.3.4', invoice_number: 'SAME', first_name: 'A', last_name: 'B', email: 'a@b.co' } });
    expect(pay.body.code).toBe('2001');
  });

  it('answers 404 for an unknown invoice or another merchant\'s', async () => {
    const s = sandboxServer();
    await s.as().post('/invoices', invoice());
    expect((await s.as().get('/invoices/4999')).body).toMatchObject({ code: '1004' });
    expect((await s.as('demo-merchant-norefund').get('/invoices/4001')).status).toBe(404);
  });
});

describe('invoice recipients CRUD', () => {
  it('creates (201), reads, lists, updates (200) and deletes (204)', async () => {
    const s = sandboxServer();
    const c = await s.as().post('/invoice_recipients', recipient({ first_name: 'Jane', last_name: 'Doe', country: 'CA', zip: 'M5X 1A9' }));
    expect(c.status).toBe(201);
    expect(c.body).toEqual({
      id: 301, email: 'r@example.com', company_name: 'Acme', first_name: 'Jane', last_name: 'Doe', country: 'CA', zip: 'M5X 1A9',
      address: null, city: null, phone: null, province_or_state: null,
      created_at: new Date(START).toISOString(), updated_at: new Date(START).toISOString(),
    });
    expect((await s.as().get('/invoice_recipients/301')).body).toEqual(c.body);
    expect((await s.as().get('/invoice_recipients')).body).toEqual({ invoice_recipients: [c.body] });

    await s.timers.advance(60_000);
    const u = await s.as().patch('/invoice_recipients/301', { invoice_recipient: { phone: '4165550199', company_name: 'Acme Two' } });
    expect(u.status).toBe(200);
    expect(u.body).toEqual({ ...c.body, phone: '4165550199', company_name: 'Acme Two', updated_at: new Date(START + 60_000).toISOString() });

    const d = await s.as().delete('/invoice_recipients/301');
    expect(d.status).toBe(204);
    expect(d.text).toBe('');
    expect((await s.as().get('/invoice_recipients/301')).status).toBe(404);
    expect((await s.as().get('/invoice_recipients')).body.invoice_recipients).toEqual([]);
  });

  it('requires a name on create and keeps one on update', async () => {
    const s = sandboxServer();
    const noName = await s.as().post('/invoice_recipients', { invoice_recipient: { email: 'r@example.com', first_name: 'Jane' } });
    expect(noName.status).toBe(422);
    expect(noName.body.code).toBe('1002');
    const c = await s.as().post('/invoice_recipients', recipient({ company_name: undefined, first_name: 'Jane', last_name: 'Doe' }));
    expect(c.status).toBe(201);
    const emptied = await s.as().patch(`/invoice_recipients/${c.body.id}`, { invoice_recipient: { first_name: '' } });
    expect(emptied.status).toBe(422);
    expect((await s.as().patch(`/invoice_recipients/${c.body.id}`, { invoice_recipient: {} })).status).toBe(422);
  });

  it('answers 404 for unknown ids on read, update and delete, and hides other merchants\' recipients', async () => {
    const s = sandboxServer();
    await s.as().post('/invoice_recipients', recipient());
    expect((await s.as().get('/invoice_recipients/999')).body).toMatchObject({ code: '1004' });
    expect((await s.as().patch('/invoice_recipients/999', { invoice_recipient: { phone: '1' } })).status).toBe(404);
    expect((await s.as().delete('/invoice_recipients/999')).status).toBe(404);
    expect((await s.as('demo-merchant-norefund').get('/invoice_recipients/301')).status).toBe(404);
    expect((await s.as('demo-merchant-norefund').get('/invoice_recipients')).body.invoice_recipients).toEqual([]);
  });

  it('deleting a recipient unlinks its invoices and leaves them otherwise unchanged', async () => {
    const s = sandboxServer();
    const rec = await s.as().post('/invoice_recipients', recipient());
    const inv = await s.as().post('/invoices', { invoice: { amount: '20', currency_iso: 'USD', invoice_recipient_id: rec.body.id } });
    await s.as().delete(`/invoice_recipients/${rec.body.id}`);
    expect((await s.as().get(`/invoices/${inv.body.id}`)).body).toEqual({ ...inv.body, invoice_recipient_id: null });
  });
});
