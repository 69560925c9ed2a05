// Removing one merchant key's records from the merchant sandbox (POST /sandbox/v1/merchants/{key}/reset).
// Steps still scheduled for them find no record and do nothing (each lifecycle step reads its record first).
import type { MerchantStore } from '../../ports/merchant-store.ts';
import type { Table } from '../../ports/table.ts';

const TABLES = ['payments', 'widgetPayments', 'transactions', 'invoices', 'recipients', 'refunds', 'payouts', 'deliveries'] as const;

/** Removes every record of `apiKey`; the number removed. */
export async function removeMerchantRecords(store: MerchantStore, apiKey: string): Promise<number> {
  let removed = 0;
  for (const name of TABLES) {
    const table = store[name] as unknown as Table<{ id: number; merchant: string }>;
    for (const row of await table.find({ merchant: apiKey })) if (await table.remove(row.id)) removed++;
  }
  return removed;
}
