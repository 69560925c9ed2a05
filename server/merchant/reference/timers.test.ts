import { describe, expect, it } from 'vitest';
import { ManualTimers } from './timers.ts';

describe('ManualTimers', () => {
  it('runs callbacks due within the window in due order, setting the clock to each due time', async () => {
    const t = new ManualTimers(1000);
    const seen: [string, number][] = [];
    t.setTimeout(() => void seen.push(['b', t.now()]), 20);
    t.setTimeout(() => void seen.push(['a', t.now()]), 10);
    t.setTimeout(() => void seen.push(['c', t.now()]), 50);
    await t.advance(30);
    expect(seen).toEqual([['a', 1010], ['b', 1020]]);
    expect(t.now()).toBe(1030);
    expect(t.pending).toBe(1);
  });

  it('awaits async callbacks and runs timers they schedule inside the window', async () => {
    const t = new ManualTimers(0);
    const seen: number[] = [];
    t.setTimeout(async () => {
      await new Promise((r) => setImmediate(r));
      seen.push(t.now());
      t.setTimeout(() => void seen.push(t.now()), 5);
    }, 10);
    await t.advance(15);
    expect(seen).toEqual([10, 15]);
  });

  it('clears timers and runs everything with runAll', async () => {
    const t = new ManualTimers(0);
    const seen: number[] = [];
    const h = t.setTimeout(() => void seen.push(1), 10);
    t.setTimeout(() => void seen.push(2), 1_000_000);
    t.clearTimeout(h);
    await t.runAll();
    expect(seen).toEqual([2]);
    expect(t.now()).toBe(1_000_000);
  });
});
