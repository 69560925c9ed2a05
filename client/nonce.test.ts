import { describe, expect, it } from 'vitest';
import { createNonceSource } from './nonce.ts';

describe('createNonceSource', () => {
  it('gives the clock when it moves forward', async () => {
    let t = 1_700_000_000_000;
    const nonces = createNonceSource({ now: () => t });
    expect(await nonces.next()).toBe(1_700_000_000_000);
    t += 7;
    expect(await nonces.next()).toBe(1_700_000_000_007);
    expect(nonces.last).toBe(1_700_000_000_007);
  });

  it('1000 calls within one millisecond are distinct and strictly increasing, never more than 5 s ahead', async () => {
    const t = 1_700_000_000_000;
    const nonces = createNonceSource({ now: () => t });
    const seen: number[] = [];
    for (let i = 0; i < 1000; i++) seen.push(await nonces.next());
    expect(new Set(seen).size).toBe(1000);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
    expect(Math.max(...seen) - t).toBeLessThanOrEqual(5_000);
    expect(seen[999]).toBe(t + 999);
  });

  it('concurrent callers never share a value', async () => {
    const nonces = createNonceSource({ now: () => 1_000 });
    const seen = await Promise.all(Array.from({ length: 500 }, () => nonces.next()));
    expect(new Set(seen).size).toBe(500);
  });

  it('waits instead of running more than maxAheadMs ahead of the clock', async () => {
    let t = 1_000_000;
    const waits: number[] = [];
    const nonces = createNonceSource({
      now: () => t,
      maxAheadMs: 5_000,
      sleep: async (ms) => {
        waits.push(ms);
        t += ms;
      },
    });
    const seen: number[] = [];
    for (let i = 0; i < 6_000; i++) {
      const n = await nonces.next();
      expect(n - t).toBeLessThanOrEqual(5_000);
      seen.push(n);
    }
    expect(waits.length).toBeGreaterThan(0);
    expect(new Set(seen).size).toBe(6_000);
    expect(seen.every((n, i) => i === 0 || n > seen[i - 1]!)).toBe(true);
  });

  it('stays increasing when the clock steps back', async () => {
    let t = 10_000;
    const nonces = createNonceSource({ now: () => t });
    expect(await nonces.next()).toBe(10_000);
    t = 9_000;
    expect(await nonces.next()).toBe(10_001);
  });

  it('uses the real clock by default', async () => {
    const before = Date.now();
    const n = await createNonceSource().next();
    expect(n).toBeGreaterThanOrEqual(before);
    expect(n).toBeLessThanOrEqual(Date.now());
  });
});
