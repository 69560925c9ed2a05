import { describe, expect, it } from 'vitest';
import { NonceStore } from './nonce-store.ts';

describe('NonceStore', () => {
  it('accepts a nonce once per key, for ttl', () => {
    let t = 0;
    const store = new NonceStore(61_000, () => t);
    expect(store.claim('k', '1')).toBe(true);
    expect(store.claim('k', '1')).toBe(false);
    expect(store.claim('other', '1')).toBe(true);
    t = 60_999;
    expect(store.claim('k', '1')).toBe(false);
    t = 61_000;
    expect(store.claim('k', '1')).toBe(true);
  });

  it('prunes expired nonces, so memory follows the traffic of the last ttl', () => {
    let t = 0;
    const store = new NonceStore(1000, () => t);
    for (let i = 0; i < 1000; i++) store.claim('k', String(i));
    expect(store.size).toBe(1000);
    t = 1000;
    store.claim('k', 'x');
    expect(store.size).toBe(1);
  });

  it('keeps key and nonce apart (no collision between "a|1" and "a" + "|1")', () => {
    const store = new NonceStore();
    expect(store.claim('a|', '1')).toBe(true);
    expect(store.claim('a', '|1')).toBe(true);
  });
});
