// The merchant and partner stores over the state file, behind the interfaces their handlers already
// use (MerchantStore, PartnerStore): a table per resource, and the claims (invoice numbers, M5;
// e-mail addresses, P2) as primary-key inserts, atomic across processes sharing the file.
import { FIRST_IDS, type MerchantStore } from '../ports/merchant-store.ts';
import { normalizeEmail, type PartnerStore } from '../ports/partner-store.ts';
import type { StateDb } from './db.ts';
import { sqliteClaims, sqliteTable } from './sqlite-table.ts';

export function createSqliteMerchantStore(state: StateDb): MerchantStore {
  const t = <K extends keyof typeof FIRST_IDS>(k: K) => sqliteTable<never>(state, `merchant.${k}`, FIRST_IDS[k]);
  const tables = {
    payments: t('payments'), widgetPayments: t('widgetPayments'), transactions: t('transactions'), invoices: t('invoices'),
    recipients: t('recipients'), refunds: t('refunds'), payouts: t('payouts'), deliveries: t('deliveries'),
  } as unknown as Omit<MerchantStore, 'claimInvoiceNumber' | 'reset'>;
  const invoiceNumbers = sqliteClaims(state, 'merchant.invoice_number');
  return {
    ...tables,
    claimInvoiceNumber: (merchant, invoiceNumber) => invoiceNumbers.claim(`${merchant}\u0000${invoiceNumber}`),
    reset: () =>
      state.unit(async () => {
        await Promise.all(Object.values(tables).map((table: { reset(): Promise<void> }) => table.reset()));
        await invoiceNumbers.reset();
      }),
  };
}

export function createSqlitePartnerStore(state: StateDb): PartnerStore {
  const registrations = sqliteTable<never>(state, 'partner.registrations');
  const applications = sqliteTable<never>(state, 'partner.applications');
  const emails = sqliteClaims(state, 'partner.email');
  return {
    registrations,
    applications,
    claimEmail: (email: string) => emails.claim(normalizeEmail(email)),
    reset: () =>
      state.unit(async () => {
        await Promise.all([registrations.reset(), applications.reset(), emails.reset()]);
      }),
  } as unknown as PartnerStore;
}
