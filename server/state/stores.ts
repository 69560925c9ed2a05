// The merchant and partner stores over a database (the state file, or PostgreSQL: pg/pg-table.ts),
// behind the interfaces their handlers already use (MerchantStore, PartnerStore): a table per
// resource, and the claims (invoice numbers, M5; e-mail addresses, P2) as primary-key inserts,
// atomic across processes sharing the database.
import { FIRST_IDS, GROUPS, QUEUES, type MerchantStore } from '../ports/merchant-store.ts';
import { normalizeEmail, type PartnerStore } from '../ports/partner-store.ts';
import type { GroupField, QueueRule, Table } from '../ports/table.ts';
import type { UnitsOfWork } from '../ports/units.ts';
import type { StateDb } from './db.ts';
import { sqliteClaims, sqliteTable } from './sqlite-table.ts';

/** What a database offers the stores: tables of records, uniqueness claims, and units of work. */
export interface RecordDatabase {
  /**
   * `queue`: the rule of the table's queue (Table.queued), applied to every record written;
   * `group`: the field whose value find reads from the group index (Table.find).
   */
  table(kind: string, firstId?: number, queue?: QueueRule<never>, group?: string): Table<never>;
  claims(scope: string): { claim(key: string): Promise<boolean>; reset(): Promise<void> };
  units: Pick<UnitsOfWork, 'unit'>;
}

export function merchantStoreOver(d: RecordDatabase): MerchantStore {
  const t = <K extends keyof typeof FIRST_IDS>(k: K) =>
    d.table(`merchant.${k}`, FIRST_IDS[k], (QUEUES as Partial<Record<string, QueueRule<never>>>)[k], (GROUPS as Partial<Record<string, string>>)[k]);
  const tables = {
    payments: t('payments'), widgetPayments: t('widgetPayments'), transactions: t('transactions'), invoices: t('invoices'),
    recipients: t('recipients'), refunds: t('refunds'), payouts: t('payouts'), deliveries: t('deliveries'),
  } as unknown as Omit<MerchantStore, 'claimInvoiceNumber' | 'reset'>;
  const invoiceNumbers = d.claims('merchant.invoice_number');
  return {
    ...tables,
    claimInvoiceNumber: (merchant, invoiceNumber) => invoiceNumbers.claim(`${merchant}\u0000${invoiceNumber}`),
    reset: () =>
      d.units.unit(async () => {
        for (const table of Object.values(tables) as { reset(): Promise<void> }[]) await table.reset();
        await invoiceNumbers.reset();
      }),
  };
}

export function partnerStoreOver(d: RecordDatabase): PartnerStore {
  const registrations = d.table('partner.registrations');
  const applications = d.table('partner.applications');
  const emails = d.claims('partner.email');
  return {
    registrations,
    applications,
    claimEmail: (email: string) => emails.claim(normalizeEmail(email)),
    reset: () =>
      d.units.unit(async () => {
        await registrations.reset();
        await applications.reset();
        await emails.reset();
      }),
  } as unknown as PartnerStore;
}

const sqliteDatabase = (state: StateDb): RecordDatabase => ({
  table: (kind, firstId, queue, group) => sqliteTable<never>(state, kind, firstId, queue, group as GroupField<never> | undefined),
  claims: (scope) => sqliteClaims(state, scope),
  units: state,
});

export const createSqliteMerchantStore = (state: StateDb): MerchantStore => merchantStoreOver(sqliteDatabase(state));
export const createSqlitePartnerStore = (state: StateDb): PartnerStore => partnerStoreOver(sqliteDatabase(state));
