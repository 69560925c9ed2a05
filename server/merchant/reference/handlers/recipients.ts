// Invoice recipients (sections 4.8 to 4.12): create, read, update (given fields replace, absent
// ones are kept; the result must still be named), delete (their invoices keep their e-mail and
// lose the link).
import { recipientNameRule } from '../../../../contracts/merchant/recipients.ts';
import { ruleIssues } from '../../../../contracts/shared/conditional.ts';
import { merchantHandlers } from '../../handler-map.ts';
import { invalidFields, notFound } from '../problems.ts';
import type { RecipientFields, RecipientRecord } from '../../../ports/merchant-records.ts';
import type { MerchantSandbox } from '../sandbox.ts';
import { recipientView } from '../views.ts';

const FIELDS = ['email', 'first_name', 'last_name', 'company_name', 'address', 'city', 'phone', 'province_or_state', 'zip', 'country'] as const;

/**
 * The naming rule of decision M-recipient-update (company_name, or first_name and last_name), the
 * contract's own rule run on the stored record after the change: null and '' are not given.
 */
function checkNamed(r: RecipientFields): void {
  const given = Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null && v !== ''));
  const missing = ruleIssues(recipientNameRule, given).map((issue) => issue.path[0]);
  if (missing.length === 0) return;
  throw invalidFields(missing.map((k) => ({ [`invoice_recipient.${k}`]: 'required: a recipient needs company_name, or first_name and last_name' })));
}

export function recipientHandlers(sb: MerchantSandbox) {
  const owned = async (id: number, merchant: string): Promise<RecipientRecord> => {
    const r = await sb.store.recipients.get(id);
    if (!r || r.merchant !== merchant) throw notFound('Invoice recipient', id);
    return r;
  };
  return merchantHandlers({
    async listInvoiceRecipients({ principal }) {
      const all = await sb.store.recipients.find({ merchant: principal.apiKey });
      return { status: 200, body: { invoice_recipients: all.map(recipientView) } };
    },

    async getInvoiceRecipient({ params, principal }) {
      return { status: 200, body: recipientView(await owned(params.id, principal.apiKey)) };
    },

    async createInvoiceRecipient({ body: { invoice_recipient: f }, principal }) {
      const now = sb.now();
      const fields: RecipientFields = {
        email: f.email, first_name: f.first_name ?? null, last_name: f.last_name ?? null, company_name: f.company_name ?? null,
        address: f.address ?? null, city: f.city ?? null, phone: f.phone ?? null, province_or_state: f.province_or_state ?? null,
        zip: f.zip ?? null, country: f.country ?? null,
      };
      checkNamed(fields);
      const r = await sb.store.recipients.insert({ merchant: principal.apiKey, created_at: now, updated_at: now, ...fields });
      return { status: 201, body: recipientView(r) };
    },

    async updateInvoiceRecipient({ params, body: { invoice_recipient: f }, principal }) {
      const current = await owned(params.id, principal.apiKey);
      const patch: Partial<RecipientFields> = {};
      for (const k of FIELDS) if (f[k] !== undefined) Object.assign(patch, { [k]: f[k] });
      checkNamed({ ...current, ...patch });
      const r = await sb.store.recipients.update(current.id, { ...patch, updated_at: sb.now() });
      return { status: 200, body: recipientView(r) };
    },

    async deleteInvoiceRecipient({ params, principal }) {
      const r = await owned(params.id, principal.apiKey);
      for (const inv of await sb.store.invoices.find({ merchant: principal.apiKey, recipient_id: r.id })) {
        await sb.store.invoices.update(inv.id, { recipient_id: null });
      }
      await sb.store.recipients.remove(r.id);
      return { status: 204 };
    },
  });
}
