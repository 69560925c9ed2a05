// The control API's payment fixture: a payment of a sandbox merchant key loaded
// in each blockchain status, with the webhooks the lifecycle sends on the way.
import { describe, expect, it } from 'vitest';
import { createMerchantClient, unwrap } from '../client/merchant.ts';
import { createInvoiceBody, createPaymentBody } from '../contracts/merchant/examples.ts';
import { INVOICE_STATUSES, REFUND_STATUSES } from '../contracts/merchant/enums.ts';
import { webhookReceiver } from './sandbox-helpers.ts';
import { sandboxServers } from './sandbox-server.ts';

const servers = sandboxServers();

async function listen() {
  const { base, control } = await servers.start();
  return {
    control,
    merchant: createMerchantClient({ baseUrl: base, apiKey: 'demo-merchant', apiSecret: 'demo-merchant-secret', retry: false }),
  };
}
const { webhook_url: _, ...fields } = createPaymentBody.payment;
let numbered = 0;
/** The example payment; invoice numbers are unique per account. */
const payment = (extra: { amount?: string; webhook_url?: string } = {}) => ({ ...fields, amount: '10.00', invoice_number: `FIX${++numbered}`, ...extra });

describe('payment fixtures', () => {
  it('loads a payment in each blockchain status, as GET /payments shows it', async () => {
    const s = await listen();
    const load = (blockchain_status: 'Pending' | 'Paid' | 'Confirmed' | 'Expired', extra = {}) =>
      unwrap(s.control.POST('/merchants/{api_key}/payments', { params: { path: { api_key: 'demo-merchant' } }, body: { blockchain_status, payment: payment(extra) } }));
    const seen = async (id: number) =>
      unwrap(s.merchant.GET('/payments/{payment_id}', { params: { path: { payment_id: String(id) }, query: { crypto_iso: fields.crypto_iso } } }));
    for (const [status, tx] of [['Pending', null], ['Paid', 'pending_confirmation'], ['Confirmed', 'paid'], ['Expired', null]] as const) {
      const loaded = await load(status);
      expect([status, loaded.status.blockchain_status, loaded.status.transaction_status]).toEqual([status, status, tx]);
      expect(await seen(loaded.id)).toEqual(loaded);
    }
    expect((await load('Confirmed', { amount: '100' })).status.transaction_status).toBe('overpaid');
    expect((await load('Confirmed', { amount: '200' })).status.transaction_status).toBe('underpaid');
  });

  it('sends the webhooks of the steps it takes', async () => {
    const s = await listen();
    const hooks = await webhookReceiver();
    servers.closeAfter(hooks.close);
    const loaded = await unwrap(s.control.POST('/merchants/{api_key}/payments', { params: { path: { api_key: 'demo-merchant' } }, body: { blockchain_status: 'Confirmed', payment: payment({ webhook_url: hooks.url }) } }));
    await expect.poll(() => hooks.received.length).toBe(2);
    const payloads = hooks.received.map((r) => JSON.parse(Buffer.from((JSON.parse(r.body) as { data: string }).data, 'base64').toString('utf8')) as { payment_id: number; transaction_status: string });
    expect(payloads.map((p) => [p.payment_id, p.transaction_status])).toEqual([[loaded.id, 'pending_confirmation'], [loaded.id, 'paid']]);
  });

  it('refuses an unknown or live key (404) and an invalid payment (422)', async () => {
    const s = await listen();
    const unknown = await s.control.POST('/merchants/{api_key}/payments', { params: { path: { api_key: 'nobody' } }, body: { blockchain_status: 'Paid', payment: payment() } });
    expect(unknown.response.status).toBe(404);
    const invalid = await s.control.POST('/merchants/{api_key}/payments', { params: { path: { api_key: 'demo-merchant' } }, body: { blockchain_status: 'Paid', payment: { ...payment(), email: 'not-an-email' } } });
    expect([invalid.response.status, (invalid.error as { code: string }).code]).toEqual([422, '1002']);
    const status = await s.control.POST('/merchants/{api_key}/payments', { params: { path: { api_key: 'demo-merchant' } }, body: { blockchain_status: 'Lost' as never, payment: payment() } });
    expect(status.response.status).toBe(422);
  });
});

describe('invoice and refund fixtures', () => {
  it('loads an invoice in each status the merchant document defines, as GET /invoices shows it', async () => {
    const s = await listen();
    const amountFor = { overpaid: '100', underpaid: '200' } as Record<string, string>;
    const { due_at: pastDue, ...fields } = createInvoiceBody.invoice; // due 2026-02-01: expired 90 days later
    for (const status of INVOICE_STATUSES) {
      const invoice = { ...fields, amount: amountFor[status] ?? '10.00', invoice_number: `INVF${INVOICE_STATUSES.indexOf(status)}` };
      const loaded = await unwrap(s.control.POST('/merchants/{api_key}/invoices', { params: { path: { api_key: 'demo-merchant' } }, body: { status, invoice } }));
      expect([status, loaded.status]).toEqual([status, status]);
      expect(await unwrap(s.merchant.GET('/invoices/{id}', { params: { path: { id: loaded.id } } }))).toEqual(loaded);
    }
    const late = await s.control.POST('/merchants/{api_key}/invoices', { params: { path: { api_key: 'demo-merchant' } }, body: { status: 'paid', invoice: { ...fields, due_at: pastDue!, invoice_number: 'INVFY' } } });
    expect([late.response.status, (late.error as { source: unknown[] }).source]).toEqual([422, [{ 'invoice.due_at': expect.stringContaining('has expired') }]]);
    const mismatch = await s.control.POST('/merchants/{api_key}/invoices', { params: { path: { api_key: 'demo-merchant' } }, body: { status: 'overpaid', invoice: { ...fields, amount: '10.00', invoice_number: 'INVFX' } } });
    expect([mismatch.response.status, (mismatch.error as { source: unknown[] }).source]).toEqual([422, [{ status: expect.stringContaining('confirmed as paid') }]]);
  });

  it('loads a refund of a paid transaction in each status', async () => {
    const s = await listen();
    for (const status of REFUND_STATUSES) {
      const paid = await unwrap(s.control.POST('/merchants/{api_key}/payments', { params: { path: { api_key: 'demo-merchant' } }, body: { blockchain_status: 'Confirmed', payment: payment() } }));
      const txId = (await unwrap(s.merchant.GET('/transactions'))).transactions.find((t) => t.invoice_number === paid.invoice_number)!.id;
      const refund = await unwrap(s.control.POST('/merchants/{api_key}/transactions/{transaction_id}/refunds', {
        params: { path: { api_key: 'demo-merchant', transaction_id: txId } }, body: { status, refund: { email: 'jane@example.com', amount_to_refund_fiat: '5.00' } },
      }));
      expect([status, refund.status]).toEqual([status, status]);
      expect((await unwrap(s.merchant.GET('/refunds/{refund_id}', { params: { path: { refund_id: refund.id } } }))).status).toBe(status);
    }
  });
});
