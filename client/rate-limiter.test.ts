import { describe, expect, it } from 'vitest';
import { createRateLimiter, rateLimitMiddleware } from './rate-limiter.ts';

function fakeTime(start = 0) {
  let t = start;
  const waits: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      waits.push(ms);
      t += ms;
    },
    waits,
    advance: (ms: number) => void (t += ms),
  };
}

describe('createRateLimiter', () => {
  it('lets `requests` through at once, then waits for the oldest to leave the window (plus margin)', async () => {
    const time = fakeTime();
    const limiter = createRateLimiter({ requests: 3, windowMs: 1_000, marginMs: 100, ...time });
    for (let i = 0; i < 3; i++) await limiter.acquire();
    expect(time.waits).toEqual([]);
    await limiter.acquire();
    expect(time.waits).toEqual([1_100]);
  });

  it('never lets more than 60 requests into any 60 s window (the exchange default)', async () => {
    const time = fakeTime(1_000_000);
    const limiter = createRateLimiter(time);
    const sent: number[] = [];
    for (let i = 0; i < 200; i++) {
      await limiter.acquire();
      sent.push(time.now());
      time.advance(137); // a client trying to send about 7 per second
    }
    for (let i = 60; i < sent.length; i++) expect(sent[i]! - sent[i - 60]!).toBeGreaterThan(60_000);
  });

  it('serves concurrent waiters in order', async () => {
    const time = fakeTime();
    const limiter = createRateLimiter({ requests: 1, windowMs: 10, marginMs: 0, ...time });
    const order: number[] = [];
    await Promise.all([1, 2, 3].map((i) => limiter.acquire().then(() => order.push(i))));
    expect(order).toEqual([1, 2, 3]);
    expect(time.now()).toBe(20);
  });

  it('refuses a nonsensical limit', () => {
    expect(() => createRateLimiter({ requests: 0 })).toThrow(RangeError);
  });

  it('as middleware, waits and leaves the request unchanged', async () => {
    const time = fakeTime();
    const mw = rateLimitMiddleware(createRateLimiter({ requests: 1, windowMs: 50, marginMs: 0, ...time }));
    const args = { request: new Request('http://h/'), schemaPath: '/', params: {}, id: 'x', options: {} as never };
    expect(await mw.onRequest!(args)).toBeUndefined();
    expect(await mw.onRequest!(args)).toBeUndefined();
    expect(time.waits).toEqual([50]);
  });
});

describe('createRateLimiter and abort signals', () => {
  it('rejects a waiting acquire when its signal aborts, without counting it, and the queue goes on', async () => {
    let t = 0;
    const sleeps: (() => void)[] = [];
    const limiter = createRateLimiter({ requests: 1, windowMs: 1_000, marginMs: 0, now: () => t, sleep: () => new Promise<void>((r) => sleeps.push(r)) });
    await limiter.acquire(); // the one slot
    const controller = new AbortController();
    const aborted = limiter.acquire(controller.signal);
    const next = limiter.acquire();
    controller.abort(new Error('gave up'));
    await expect(aborted).rejects.toThrow('gave up');
    // The aborted request took no slot: the next one goes once the window passes.
    t = 1_000;
    for (const wake of sleeps.splice(0)) wake();
    await expect(next).resolves.toBeUndefined();
  });

  it('rejects at once with an already aborted signal', async () => {
    const limiter = createRateLimiter();
    await expect(limiter.acquire(AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });
});
