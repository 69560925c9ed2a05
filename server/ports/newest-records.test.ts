// newestRecords: a merchant's matching records newest first, read from Table.page in pages that
// double, only as far as the caller reads (the delivery log's lists walk back to a cursor with it).
import { describe, expect, it } from 'vitest';
import { memoryTable, newestFirst, newestRecords, type Table } from './table.ts';

interface Rec {
  id: number;
  merchant: string;
  event: string;
}

describe('newestRecords', () => {
  it('yields what sorting every match would, and reads only the pages a walk that stops needs', async () => {
    const table = memoryTable<Rec>(1);
    for (let i = 0; i < 700; i++) await table.insert({ merchant: i % 4 === 0 ? 'm2' : 'm1', event: i % 3 === 0 ? 'found' : 'confirmed' });
    const reads: [number, number][] = [];
    const counted: Table<Rec> = { ...table, page: (where, offset, limit) => (reads.push([offset, limit]), table.page(where, offset, limit)) };
    const walk = async (where: Partial<Rec> & { merchant: string }, stop = Infinity) => {
      const out: number[] = [];
      for await (const r of newestRecords(counted, where, 50)) if (out.push(r.id) >= stop) break;
      return out;
    };
    const all = (await table.find({ merchant: 'm1', event: 'found' })).sort(newestFirst).map((r) => r.id);
    expect(await walk({ merchant: 'm1', event: 'found' })).toEqual(all);
    // 175 matches: pages of 50, 100, then 200 (short: the end).
    expect(reads).toEqual([[0, 50], [50, 100], [150, 200]]);
    reads.length = 0;
    expect(await walk({ merchant: 'm1', event: 'found' }, 60)).toEqual(all.slice(0, 60));
    expect(reads).toEqual([[0, 50], [50, 100]]);
    reads.length = 0;
    expect(await walk({ merchant: 'nobody' })).toEqual([]);
    expect(reads).toEqual([[0, 50]]);
  });
});
