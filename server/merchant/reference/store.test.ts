import { describe, expect, it } from 'vitest';
import { createMemoryMerchantStore } from './store.ts';
import { memoryTable } from '../../ports/table.ts';

describe('memoryTable', () => {
  it('numbers records from the first id, finds by equality, updates and removes', async () => {
    const t = memoryTable<{ id: number; owner: string; n: number }>(100);
    await t.insert({ owner: 'a', n: 1 });
    await t.insert({ owner: 'b', n: 2 });
    await t.insert({ owner: 'a', n: 3 });
    expect((await t.find({ owner: 'a' })).map((r) => r.id)).toEqual([100, 102]);
    expect(await t.update(101, { n: 20 })).toEqual({ id: 101, owner: 'b', n: 20 });
    expect(await t.remove(100)).toBe(true);
    expect(await t.get(100)).toBeUndefined();
    await expect(t.update(999, { n: 1 })).rejects.toThrow(/no record 999/);
  });

  it('copies records in and out, so callers cannot change stored state by mutation', async () => {
    const t = memoryTable<{ id: number; tags: string[] }>();
    const fields = { tags: ['x'] };
    const row = await t.insert(fields);
    fields.tags.push('y');
    row.tags.push('z');
    expect((await t.get(row.id))?.tags).toEqual(['x']);
  });
});

describe('createMemoryMerchantStore', () => {
  it('claims an invoice number once per merchant, and reset clears records, claims and ids', async () => {
    const s = createMemoryMerchantStore();
    expect(await s.claimInvoiceNumber('m1', 'INV1')).toBe(true);
    expect(await s.claimInvoiceNumber('m1', 'INV1')).toBe(false);
    expect(await s.claimInvoiceNumber('m2', 'INV1')).toBe(true);
    expect(await s.claimInvoiceNumber('m1', 'inv1')).toBe(true);
    const r = await s.recipients.insert({
      merchant: 'm1', created_at: 0, updated_at: 0, email: 'a@b.co', first_name: null, last_name: null, company_name: 'A',
      address: null, city: null, phone: null, province_or_state: null, zip: null, country: null,
    });
    expect(r.id).toBe(301);
    await s.reset();
    expect(await s.recipients.find()).toEqual([]);
    expect(await s.claimInvoiceNumber('m1', 'INV1')).toBe(true);
  });
});
