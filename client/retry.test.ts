import { describe, expect, it } from 'vitest';
import { fakeFetch } from './fake-fetch.ts';
import { createMerchantClient } from './merchant.ts';
import { backoffDelay, isNetworkError, resolveRetry, retryAfterMs, withRetry } from './retry.ts';

const answer = (status: number, headers: Record<string, string> = {}) => ({ response: new Response(null, { status, headers }) });

function policy(overrides: Parameters<typeof resolveRetry>[0] & object = {}) {
  const waits: number[] = [];
  const p = resolveRetry({ random: () => 0.5, sleep: async (ms) => void waits.push(ms), now: () => 0, ...overrides })!;
  return { p, waits };
}

describe('backoffDelay (full jitter)', () => {
  it.each([
    [0, 0.5, 125],
    [1, 0.5, 250],
    [2, 0.999, 999],
    [10, 0.5, 5_000], // capped at maxDelayMs 10 s
    [3, 0, 0],
  ])('attempt %i, random %f -> %i ms', (attempt, random, want) => {
    expect(backoffDelay(attempt, { baseDelayMs: 250, maxDelayMs: 10_000, random: () => random })).toBe(want);
  });
});

describe('retryAfterMs', () => {
  it.each([
    [null, undefined],
    ['', undefined],
    ['7', 7_000],
    ['0', 0],
    ['Thu, 01 Jan 1970 00:00:10 GMT', 10_000],
    ['soon', undefined],
    // Not HTTP-dates, though Date.parse reads them as years: unreadable, so the backoff applies.
    ['1.5', undefined],
    ['-1', undefined],
    ['0.5', undefined],
  ])('%s -> %s', (header, want) => {
    expect(retryAfterMs(header, 0)).toBe(want);
  });
});

describe('isNetworkError', () => {
  it('is true for fetch failures, false for aborts and other errors', () => {
    expect(isNetworkError(new TypeError('fetch failed'))).toBe(true);
    expect(isNetworkError(Object.assign(new TypeError('x'), { cause: { code: 'ECONNRESET' } }))).toBe(true);
    expect(isNetworkError(new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(isNetworkError(new Error('bug'))).toBe(false);
    expect(isNetworkError(new TypeError('undefined is not a function'))).toBe(false);
  });
});

describe('withRetry', () => {
  it('retries a GET on 503 with backoff until it succeeds', async () => {
    const { p, waits } = policy();
    const seq = [503, 503, 200];
    let calls = 0;
    const r = await withRetry('GET', async () => answer(seq[calls++]!), p);
    expect(r.response.status).toBe(200);
    expect(calls).toBe(3);
    expect(waits).toEqual([125, 250]);
  });

  it('honours Retry-After on 429', async () => {
    const { p, waits } = policy();
    let calls = 0;
    const r = await withRetry('GET', async () => (calls++ === 0 ? answer(429, { 'Retry-After': '3' }) : answer(200)), p);
    expect(r.response.status).toBe(200);
    expect(waits).toEqual([3_000]);
  });

  it('returns the 429 when Retry-After is longer than maxRetryAfterMs', async () => {
    const { p, waits } = policy({ maxRetryAfterMs: 1_000 });
    const r = await withRetry('GET', async () => answer(429, { 'Retry-After': '60' }), p);
    expect(r.response.status).toBe(429);
    expect(waits).toEqual([]);
  });

  it('gives up after `retries` and returns the last answer', async () => {
    const { p, waits } = policy({ retries: 2 });
    let calls = 0;
    const r = await withRetry('GET', async () => (calls++, answer(503)), p);
    expect(r.response.status).toBe(503);
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
  });

  it('retries network errors, then rethrows the last one', async () => {
    const { p } = policy({ retries: 1 });
    let calls = 0;
    await expect(
      withRetry('GET', async () => {
        calls++;
        throw new TypeError('fetch failed');
      }, p),
    ).rejects.toThrow('fetch failed');
    expect(calls).toBe(2);
  });

  it('never retries other errors', async () => {
    const { p } = policy();
    let calls = 0;
    await expect(withRetry('GET', async () => (calls++, Promise.reject(new Error('bug'))), p)).rejects.toThrow('bug');
    expect(calls).toBe(1);
  });

  it('does not retry a POST by default, on a status or a network error', async () => {
    const { p, waits } = policy();
    let calls = 0;
    expect((await withRetry('POST', async () => (calls++, answer(503)), p)).response.status).toBe(503);
    await expect(withRetry('POST', async () => (calls++, Promise.reject(new TypeError('fetch failed'))), p)).rejects.toThrow();
    expect(calls).toBe(2);
    expect(waits).toEqual([]);
  });

  it('retries a POST when asked', async () => {
    const { p } = policy({ methods: ['get', 'post'] });
    let calls = 0;
    const r = await withRetry('POST', async () => (calls++ === 0 ? answer(503) : answer(200)), p);
    expect(r.response.status).toBe(200);
    expect(calls).toBe(2);
  });

  it('does not retry other statuses', async () => {
    const { p } = policy();
    let calls = 0;
    expect((await withRetry('GET', async () => (calls++, answer(500)), p)).response.status).toBe(500);
    expect(calls).toBe(1);
  });

  it('resolveRetry: off unless asked', () => {
    expect(resolveRetry(undefined)).toBeUndefined();
    expect(resolveRetry(false)).toBeUndefined();
    expect(resolveRetry(true)).toMatchObject({ retries: 3, methods: ['GET', 'HEAD'], statuses: [429, 503] });
    expect(() => resolveRetry({ retries: -1 })).toThrow(RangeError);
  });
});

describe('withRetry and the caller\'s signal', () => {
  it('ends the wait between attempts as soon as the signal aborts, and starts no further attempt', async () => {
    let attempts = 0;
    const p = resolveRetry({ random: () => 0.5, now: () => 0, sleep: () => new Promise(() => undefined) })!; // a wait that never ends by itself
    const controller = new AbortController();
    const pending = withRetry('GET', async () => (attempts++, answer(429, { 'Retry-After': '5' })), p, controller.signal);
    setTimeout(() => controller.abort(new Error('caller gave up')), 10);
    await expect(pending).rejects.toThrow('caller gave up');
    expect(attempts).toBe(1);
  });

  it('does not retry after an abort that came during an attempt', async () => {
    const controller = new AbortController();
    const { p } = policy();
    let attempts = 0;
    const pending = withRetry('GET', async () => (attempts++, controller.abort(new Error('stop')), answer(503)), p, controller.signal);
    await expect(pending).rejects.toThrow('stop');
    expect(attempts).toBe(1);
  });
});

describe('a client call with retries and a signal', () => {
  it('rejects as soon as the caller aborts during a Retry-After wait', async () => {
    const f = fakeFetch([new Response(null, { status: 429, headers: { 'Retry-After': '5' } })]);
    const m = createMerchantClient({ baseUrl: 'http://h', apiKey: 'k', apiSecret: 's', fetch: f.fetch, retry: { sleep: () => new Promise(() => undefined) } });
    const pending = m.GET('/currencies', { signal: AbortSignal.timeout(20) });
    await expect(pending).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(f.requests).toHaveLength(1);
  });
});
