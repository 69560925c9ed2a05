import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

const clock = (start = 0) => {
  let t = start;
  return Object.assign(() => t, { advance: (ms: number) => void (t += ms) });
};

describe('RateLimiter', () => {
  it('lets `limit` requests through, refuses the next with the ban length, holds the ban, then starts over', () => {
    const now = clock();
    const rl = new RateLimiter({ limit: 60, windowMs: 60_000, banMs: 60_000 }, now);
    for (let i = 0; i < 60; i++) expect(rl.hit('a')).toEqual({ ok: true, remaining: 59 - i });
    expect(rl.hit('a')).toEqual({ ok: false, retryAfterSec: 60, banned: true });
    now.advance(30_500);
    expect(rl.hit('a')).toEqual({ ok: false, retryAfterSec: 30, banned: true });
    expect(rl.hit('b')).toEqual({ ok: true, remaining: 59 });
    now.advance(29_500);
    expect(rl.hit('a')).toEqual({ ok: true, remaining: 59 });
  });

  it('without a ban, refuses until the window ends and says how long that is', () => {
    const now = clock();
    const rl = new RateLimiter({ limit: 2, windowMs: 60_000, banMs: 0 }, now);
    rl.hit('a');
    now.advance(10_000);
    rl.hit('a');
    expect(rl.hit('a')).toEqual({ ok: false, retryAfterSec: 50, banned: false });
    now.advance(50_000);
    expect(rl.hit('a').ok).toBe(true);
  });

  it('never says Retry-After 0', () => {
    const now = clock();
    const rl = new RateLimiter({ limit: 1, windowMs: 1000, banMs: 0 }, now);
    rl.hit('a');
    now.advance(999);
    expect(rl.hit('a')).toEqual({ ok: false, retryAfterSec: 1, banned: false });
  });

  it('keeps a ban when a flood of other clients pushes it past maxClients', () => {
    const now = clock();
    const rl = new RateLimiter({ limit: 1, windowMs: 60_000, banMs: 60_000 }, now, 100);
    rl.hit('attacker');
    expect(rl.hit('attacker')).toMatchObject({ ok: false, banned: true });
    for (let i = 0; i < 1000; i++) rl.hit(`ip${i}`);
    expect(rl.size).toBeLessThanOrEqual(102);
    expect(rl.hit('attacker')).toMatchObject({ ok: false, banned: true });
    now.advance(60_000);
    expect(rl.hit('attacker')).toEqual({ ok: true, remaining: 0 });
  });

  it('forgets expired clients, and never remembers more than maxClients', () => {
    const now = clock();
    const rl = new RateLimiter({ limit: 5, windowMs: 1000, banMs: 0 }, now, 100);
    for (let i = 0; i < 50; i++) rl.hit(`c${i}`);
    expect(rl.size).toBe(50);
    now.advance(1000);
    rl.hit('late');
    expect(rl.size).toBe(1);
    for (let i = 0; i < 500; i++) rl.hit(`d${i}`);
    expect(rl.size).toBeLessThanOrEqual(101);
  });
});
