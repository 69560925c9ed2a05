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

  it('keeps what was inserted: mutating the fields given, or the record handed back, changes nothing stored', async () => {
    const t = memoryTable<{ id: number; tags: string[]; customer: { email: string } }>();
    const fields = { tags: ['x'], customer: { email: 'a@b.co' } };
    const row = await t.insert(fields);
    fields.tags.push('y');
    fields.customer.email = 'changed@b.co';
    // What a handler reads is frozen: a mutation throws (ES modules are strict) instead of reaching the store.
    expect(() => row.tags.push('z')).toThrow(TypeError);
    expect(() => {
      row.customer.email = 'z@b.co';
    }).toThrow(TypeError);
    const read = (await t.get(row.id))!;
    expect(() => {
      (read as { tags: string[] }).tags = [];
    }).toThrow(TypeError);
    expect(() => read.tags.splice(0)).toThrow(TypeError);
    const [found] = await t.find({});
    expect(() => found!.tags.pop()).toThrow(TypeError);
    const updated = await t.update(row.id, { tags: ['u'] });
    expect(() => Object.assign(updated.customer, { email: 'w@b.co' })).toThrow(TypeError);
    expect(await t.get(row.id)).toEqual({ id: row.id, tags: ['u'], customer: { email: 'a@b.co' } });
    expect(row).toEqual({ id: row.id, tags: ['x'], customer: { email: 'a@b.co' } }); // the old version stays as it was
  });

  it('copies a patch: mutating it after update changes nothing stored', async () => {
    const t = memoryTable<{ id: number; meta: { n: number } }>();
    const { id } = await t.insert({ meta: { n: 1 } });
    const patch = { meta: { n: 2 } };
    await t.update(id, patch);
    patch.meta.n = 3;
    expect(await t.get(id)).toEqual({ id, meta: { n: 2 } });
  });

  it('refuses what the state file could not store either (a Date, a Map, a function)', async () => {
    const t = memoryTable<{ id: number; v: unknown }>();
    await expect(t.insert({ v: new Date(0) })).rejects.toThrow(/JSON data, not a Date/);
    await expect(t.insert({ v: new Map() })).rejects.toThrow(/JSON data, not a Map/);
    await expect(t.insert({ v: () => 1 })).rejects.toThrow(/JSON data, not a function/);
    expect(await t.find()).toEqual([]);
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
