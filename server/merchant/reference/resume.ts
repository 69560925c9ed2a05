// After a restart on a state file: everything the sandbox had scheduled is scheduled again. The
// lifecycle steps are due relative to their record's creation and check the record's state before
// acting, so arming them again is safe; owed webhook deliveries come back from the outbox.
import type { MerchantKey } from '../../auth/keys.ts';
import { startInvoiceLifecycle, startPaymentLifecycle, startRefundLifecycle } from './lifecycle.ts';
import type { MerchantSandbox } from './sandbox.ts';

export interface Resumed {
  payments: number;
  invoices: number;
  refunds: number;
  webhooks: number;
}

export async function resumeSandbox(sb: MerchantSandbox, keys: readonly MerchantKey[]): Promise<Resumed> {
  const byKey = new Map(keys.map((k) => [k.apiKey, k]));
  const out: Resumed = { payments: 0, invoices: 0, refunds: 0, webhooks: 0 };
  for (const p of await sb.store.payments.find()) {
    const key = byKey.get(p.merchant);
    if (!key?.sandbox || p.blockchain_status === 'Confirmed') continue;
    startPaymentLifecycle(sb, p, key.webhookSigningSecret, p.created_at);
    out.payments++;
  }
  for (const inv of await sb.store.invoices.find()) {
    const tx = await sb.store.transactions.get(inv.transaction_id);
    if (!byKey.get(inv.merchant)?.sandbox || inv.cancelled || (tx?.status !== 'invoice_sent' && tx?.status !== 'pending_confirmation')) continue;
    startInvoiceLifecycle(sb, inv, inv.created_at);
    out.invoices++;
  }
  for (const r of await sb.store.refunds.find()) {
    const key = byKey.get(r.merchant);
    if (!key || (r.status !== 'pending' && r.status !== 'email_opened')) continue;
    startRefundLifecycle(sb, r, key.webhookSigningSecret, r.created_at);
    out.refunds++;
  }
  out.webhooks = await sb.webhooks.resume((merchant) => byKey.get(merchant)?.webhookSigningSecret);
  return out;
}
