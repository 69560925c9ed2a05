import { describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from './credentials.ts';
import type { OperationSpec } from './document.ts';
import type { PlannedCase } from './plan.ts';
import { Sender } from './sender.ts';

const op: OperationSpec = { api: 'merchant', operationId: 'getThing', method: 'get', path: '/things/{id}', parameters: [], responses: {}, secured: true };
const c: PlannedCase = { kind: 'valid', label: 'x', input: { path: { id: 7 }, query: { q: 'a b' } }, auth: 'valid', slot: 0, expect: { kind: 'valid' } };

/** A fetch that answers from a list and remembers what it was asked. */
function fakeFetch(answers: (Response | Error)[]) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    const next = answers.shift()!;
    if (next instanceof Error) throw next;
    return next;
  }) as unknown as typeof fetch;
  return { fn, seen };
}
const sender = (f: typeof fetch, log?: (l: string) => void, budgetMs = 0) =>
  new Sender({ api: 'merchant', baseUrl: 'http://h.invalid', basePath: '/merchant/v2', credentials: SANDBOX_CREDENTIALS, rateLimitBudgetMs: budgetMs, fetch: f, ...(log ? { log } : {}) });

describe('Sender', () => {
  it('sends the wire request with its credentials and reads the answer', async () => {
    const { fn, seen } = fakeFetch([new Response('{"id":7}', { status: 200, headers: { 'content-type': 'application/json' } })]);
    const s = sender(fn);
    const res = await s.execute(op, c);
    expect([res.status, res.json, s.requests]).toEqual([200, { id: 7 }, 1]);
    expect(seen[0]!.url).toBe('http://h.invalid/merchant/v2/things/7?q=a%20b');
    expect((seen[0]!.init.headers as Record<string, string>).authorization).toMatch(/^Basic /);
  });

  it('cannot start without a server, and reports a later failed exchange as status 0', async () => {
    const down = Object.assign(new Error('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    await expect(sender(fakeFetch([down]).fn).execute(op, c)).rejects.toThrow('Cannot reach http://h.invalid (ECONNREFUSED): is the server running?');
    const s = sender(fakeFetch([new Response(null, { status: 204 }), down]).fn);
    await s.execute(op, c);
    expect(await s.execute(op, c)).toMatchObject({ status: 0, text: 'request failed: ECONNREFUSED' });
  });

  it('waits out a 429 within its budget and says where the run is', async () => {
    const lines: string[] = [];
    const { fn, seen } = fakeFetch([new Response('{}', { status: 429, headers: { 'retry-after': '0' } }), new Response('{}', { status: 200 })]);
    const s = sender(fn, (l) => lines.push(l), 1000);
    Object.assign(s.progress, { operation: 'getThing', index: 1, total: 3, planned: 10 });
    expect((await s.execute(op, c)).status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(lines).toEqual(['rate limited by merchant: waiting 0.3 s (Retry-After) — 0/10 requests done (planned so far; operation 1/3, getThing)']);
    expect(s.budget).toEqual({ leftMs: 750, waitedMs: 250 });
  });
});
