// The rate-limit exemption is put back even when the sandbox answers late: a lift whose answer never
// came (the sandbox may have applied it) and a restore whose first tries never reach it. The sandbox here is a
// fetch that keeps the exemption as the control API does and fails the calls it is told to.
import { describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from './credentials.ts';
import { liftRateLimits } from './sandbox-control.ts';

function sandboxFetch(failures: { lift?: number; restore?: number }) {
  const state = { exempt: false, posts: [] as boolean[] };
  const left = { lift: failures.lift ?? 0, restore: failures.restore ?? 0 };
  const fetchFn = (async (url: string, init?: RequestInit) => {
    if (!String(url).endsWith('/sandbox/v1/rate-limits')) return new Response('{}', { status: 404 });
    if ((init?.method ?? 'GET') === 'GET') return Response.json({ sandbox_keys_exempt: state.exempt });
    const wanted = (JSON.parse(String(init!.body)) as { sandbox_keys_exempt: boolean }).sandbox_keys_exempt;
    state.posts.push(wanted);
    const kind = wanted ? 'lift' : 'restore';
    // A lift that fails is applied and its answer lost; a restore that fails never reached the sandbox.
    if (kind === 'lift' || left.restore === 0) state.exempt = wanted;
    if (left[kind] > 0) {
      left[kind]--;
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    }
    return Response.json({ sandbox_keys_exempt: wanted });
  }) as typeof fetch;
  return { state, fetchFn };
}

describe('liftRateLimits', () => {
  it('lifts and restores once', async () => {
    const { state, fetchFn } = sandboxFetch({});
    const session = await liftRateLimits('http://sandbox.test', SANDBOX_CREDENTIALS, fetchFn);
    expect(session?.lifted).toBe(true);
    expect(state.exempt).toBe(true);
    await Promise.all([session!.restore(), session!.restore()]);
    expect(state.exempt).toBe(false);
    expect(state.posts).toEqual([true, false]);
  });

  it('puts the exemption back when the lift got no answer (the sandbox had applied it)', async () => {
    const { state, fetchFn } = sandboxFetch({ lift: 1 });
    await expect(liftRateLimits('http://sandbox.test', SANDBOX_CREDENTIALS, fetchFn)).rejects.toThrow(/timeout/);
    expect(state.exempt).toBe(false);
    expect(state.posts).toEqual([true, false]);
  });

  it('tries the restore again when a try gets no answer', async () => {
    const { state, fetchFn } = sandboxFetch({ restore: 2 });
    const session = await liftRateLimits('http://sandbox.test', SANDBOX_CREDENTIALS, fetchFn);
    await session!.restore();
    expect(state.exempt).toBe(false);
    expect(state.posts).toEqual([true, false, false, false]);
  });
});
