// Removing one merchant key's records from the merchant sandbox (POST /sandbox/v1/merchants/{key}/reset).
// Steps still scheduled for them find no record and do nothing (each lifecycle step reads its record first).
import type { MerchantStore } from '../../ports/merchant-store.ts';
import type { Table } from '../../ports/table.ts';

const TABLES = ['payments', 'widgetPayments', 'transactions', 'invoices', 'recipients', 'refunds', 'payouts', 'deliveries'] as const;

const tableOf = (store: MerchantStore, name: (typeof TABLES)[number]) => store[name] as unknown as Table<{ id: number; merchant: string }>;

/** Removes every record of `apiKey`; how many of each kind (`merchant.<table>`, only those with any). */
export async function removeMerchantRecords(store: MerchantStore, apiKey: string): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const name of TABLES) {
    let n = 0;
    for (const row of await tableOf(store, name).find({ merchant: apiKey })) if (await tableOf(store, name).remove(row.id)) n++;
    if (n > 0) removed[`merchant.${name}`] = n;
  }
  return removed;
}

/** How many records of each kind the store holds (what a reset of everything removes). */
export async function countMerchantRecords(store: MerchantStore): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of TABLES) {
    const n = (await tableOf(store, name).find()).length;
    if (n > 0) counts[`merchant.${name}`] = n;
  }
  return counts;
}
