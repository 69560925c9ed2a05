// Invoices (sections 4.6, 4.7): the recipient by id or inline (optionally saved), due_at defaulting
// to now, expiry 90 days after due_at, an unpaid transaction created with the invoice; a sandbox
// key's invoice is then paid by a simulated recipient (lifecycle.ts, decision M-sandbox-invoices).
import { claimInvoiceNumber, requirePositive } from '../amounts.ts';
import { merchantHandlers } from '../../handler-map.ts';
import { startInvoiceLifecycle } from '../lifecycle.ts';
import { invalid, notFound } from '../problems.ts';
import type { MerchantSandbox } from '../sandbox.ts';
import { invoiceView } from '../views.ts';

/** Section 8: an invoice expires 90 days after due_at. */
export const INVOICE_LIFE_MS = 90 * 24 * 60 * 60 * 1000;

export function invoiceHandlers(sb: MerchantSandbox) {
  return merchantHandlers({
    async createInvoice({ body: { invoice: f, save_recipient }, principal }) {
      const merchant = principal.apiKey;
      requirePositive('invoice.amount', f.amount);
      const account = sb.account(merchant);
      if (f.currency_iso !== account.currency) throw invalid('invoice.currency_iso', `must be the account currency ${account.currency}`);
      let email: string;
      let recipientId: number | null = null;
      if (f.invoice_recipient_id !== undefined) {
        const r = await sb.store.recipients.get(f.invoice_recipient_id);
        if (!r || r.merchant !== merchant) throw invalid('invoice.invoice_recipient_id', `no invoice recipient ${f.invoice_recipient_id}`);
        email = r.email;
        recipientId = r.id;
      } else {
        email = f.email!; // the schema requires the inline recipient without an id
      }
      const invoiceNumber = await claimInvoiceNumber(sb, merchant, 'invoice.invoice_number', f.invoice_number, 'INV');
      const now = sb.now();
      if (recipientId === null && save_recipient) {
        const saved = await sb.store.recipients.insert({
          merchant, created_at: now, updated_at: now, email, first_name: f.first_name ?? null, last_name: f.last_name ?? null,
          company_name: f.company_name ?? null, address: f.address ?? null, city: f.city ?? null, phone: f.phone ?? null,
          province_or_state: f.state ?? null, zip: f.zip ?? null, country: f.country ?? null,
        });
        recipientId = saved.id;
      }
      const dueAt = f.due_at !== undefined ? Date.parse(f.due_at) : now;
      const tx = await sb.store.transactions.insert({
        merchant, sandbox: principal.sandbox, kind: 'invoice', created_at: now, payment_id: null, invoice_id: null, refund_id: null,
        currency: f.currency_iso, network: null, fiat: f.currency_iso, amount_due: '0', amount_in_fiat: f.amount, amount_received: null,
        status: 'invoice_sent', external_id: null, invoice_number: invoiceNumber, txid: null, settlement_method: account.settlement_method,
        exchange_rate: '0', fees: '0', description: f.description ? `Invoice ${invoiceNumber}: ${f.description}` : `Invoice ${invoiceNumber}`,
        customer_email: email, payout_id: null,
      });
      const inv = await sb.store.invoices.insert({
        merchant, created_at: now, due_at: dueAt, expires_at: dueAt + INVOICE_LIFE_MS, recipient_id: recipientId, amount: f.amount,
        fiat: f.currency_iso, invoice_number: invoiceNumber, email, description: f.description ?? null, send_reminders: f.send_reminders,
        send_customer_email: f.send_customer_email,
        // The sandbox "sends" the e-mail at once (decision M-delivery-transitions: null -> sent).
        delivery_status: f.send_customer_email ? 'sent' : null, cancelled: false, transaction_id: tx.id,
      });
      const linked = await sb.store.transactions.update(tx.id, { invoice_id: inv.id });
      if (principal.sandbox) startInvoiceLifecycle(sb, inv);
      return { status: 201, body: invoiceView(inv, linked, sb.url('invoices', inv.id), now) };
    },

    async getInvoice({ params, principal }) {
      const inv = await sb.store.invoices.get(params.id);
      if (!inv || inv.merchant !== principal.apiKey) throw notFound('Invoice', params.id);
      const tx = (await sb.store.transactions.get(inv.transaction_id))!;
      return { status: 200, body: invoiceView(inv, tx, sb.url('invoices', inv.id), sb.now()) };
    },
  });
}
