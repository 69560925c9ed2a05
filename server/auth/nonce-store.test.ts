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

  it('remembers a nonce for ttl after its claim and no longer, also when the clock stepped back meanwhile', () => {
    // A clock step back leaves an expired entry behind a later one, where pruning from the front
    // does not reach it: the claim itself must still see it as expired, and at the exact expiry.
    let t = 100;
    const store = new NonceStore(10, () => t);
    expect(store.claim('k', 'late')).toBe(true); // expires at 110
    t = 0;
    expect(store.claim('k', 'early')).toBe(true); // expires at 10, stored after 'late'
    t = 9;
    expect(store.claim('k', 'early')).toBe(false);
    t = 10;
    expect(store.claim('k', 'early')).toBe(true);
    expect(store.claim('k', 'late')).toBe(false);
  });
});
