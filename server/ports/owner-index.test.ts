// The in-memory table's merchant index against a plain model: after any mix of inserts, updates
// (of the merchant and the creation time too) and removals, find naming a merchant and every page
// answer what filtering and sorting all records would, in the same order.
import { describe, expect, it } from 'vitest';
import { memoryTable, newestFirst } from './table.ts';

interface Rec {
  id: number;
  merchant?: string;
  created_at?: number;
  status: string;
}

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('memoryTable by merchant', () => {
  it.each([1, 2, 3, 4])('answers find and page as filtering and sorting every record would (seed %i)', async (seed) => {
    const next = random(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
    const merchants = ['m1', 'm2', 'm3', undefined] as const;
    const table = memoryTable<Rec>(1);
    const model = new Map<number, Rec>();
    for (let step = 0; step < 600; step++) {
      const roll = next();
      const ids = [...model.keys()];
      if (roll < 0.55 || ids.length === 0) {
        // Creation times repeat and go back (one request creating several; a clock set back).
        const fields: Omit<Rec, 'id'> = { status: pick(['a', 'b']), ...(next() < 0.9 ? { created_at: Math.floor(next() * 40) } : {}) };
        const m = pick(merchants);
        if (m !== undefined) fields.merchant = m;
        const row = await table.insert(fields);
        model.set(row.id, { ...row });
      } else if (roll < 0.85) {
        const id = pick(ids);
        const patch: Partial<Rec> = pick([{ status: pick(['a', 'b']) }, { created_at: Math.floor(next() * 40) }, { merchant: pick(['m1', 'm2', 'm3']) }]);
        model.set(id, { ...(await table.update(id, patch)) });
      } else {
        const id = pick(ids);
        expect(await table.remove(id)).toBe(true);
        model.delete(id);
      }
      if (step % 50 !== 49) continue;
      for (const merchant of merchants) {
        for (const where of [{ merchant }, { merchant, status: 'a' }] as Partial<Rec>[]) {
          const expected = [...model.values()].filter((r) => Object.entries(where).every(([k, v]) => (r as unknown as Record<string, unknown>)[k] === v));
          expect((await table.find(where)).map((r) => r.id), JSON.stringify(where)).toEqual(expected.map((r) => r.id));
          const sorted = [...expected].sort(newestFirst).map((r) => r.id);
          for (const [offset, limit] of [[0, 5], [3, 7], [0, 1000], [10, 1], [500, 5]] as const) {
            expect((await table.page(where as Rec & { merchant: string }, offset, limit)).map((r) => r.id), `${JSON.stringify(where)} ${offset}/${limit}`).toEqual(sorted.slice(offset, offset + limit));
          }
        }
      }
    }
    expect(model.size).toBeGreaterThan(100);
  });
});
