// The delivery log through the control API, `webhooks listen` and `webhooks replay` (decision
// S-listen), over real HTTP on loopback: a real sandbox server, real local
// receivers, the payment lifecycle driven by the test clock. Raw bytes are compared as received.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unwrap } from '../client/merchant.ts';
import { StateDb } from '../server/state/db.ts';
import { listen, replay } from '../tools/webhooks/listen.ts';
import { webhooksCli } from '../tools/webhooks/cli.ts';
import { closeAll, closers, deadUrl, receiver, sandbox, until, verified, type Delivery } from './deliveries-helpers.ts';

afterEach(closeAll);

describe('the delivery log (S-listen)', () => {
  it('lists every attempt newest first with target, status or error, duration and the exact bytes sent, failures and retries included', async () => {
    const s = await sandbox();
    const hooks = await receiver([500, 503, 500]);
    const dead = await deadUrl();
    await unwrap(s.merchant.GET('/transactions')); // validators compiled before the clock runs
    const good = await s.pay(hooks.url);
    const broken = await s.pay(dead);
    await s.advance(70);

    // Found: 500, 503, 500, then 200 at its fourth attempt; confirmed waits behind it, then 200.
    const { deliveries, has_more } = await s.log({ payment_id: good });
    expect(has_more).toBe(false);
    expect(deliveries.map((d) => [d.event, d.attempt, d.outcome, d.response_status])).toEqual([
      ['paymentConfirmed', 1, 'delivered', 200],
      ['paymentFound', 4, 'delivered', 200],
      ['paymentFound', 3, 'failed', 500],
      ['paymentFound', 2, 'failed', 503],
      ['paymentFound', 1, 'failed', 500],
    ]);
    expect(deliveries.map((d) => d.id)).toEqual([...deliveries.map((d) => d.id)].sort((a, b) => b - a));
    // The receiver got exactly the logged bytes, in the logged order, with the logged headers.
    const oldestFirst = [...deliveries].reverse();
    expect(hooks.got.map((g) => g.raw.toString('latin1'))).toEqual(oldestFirst.map((d) => d.body));
    for (const [i, d] of oldestFirst.entries()) {
      expect(d).toMatchObject({ merchant: 'demo-merchant', payment_id: good, refund_id: null, target_url: hooks.url, encoding: 'json', replay_of: null });
      expect(hooks.got[i]!.headers).toMatchObject(d.headers);
      expect(d.headers['content-type']).toBe('application/json');
      expect(JSON.parse(d.body)).toEqual({ signature: d.signature, data: expect.any(String) });
      expect(Number.isInteger(d.duration_ms) && d.duration_ms! >= 0 && d.duration_ms! < 5000).toBe(true);
      expect(d.error).toBe(d.outcome === 'failed' ? `answered HTTP ${d.response_status}` : null);
      expect(verified(hooks.got[i]!.raw, hooks.got[i]!.headers['content-type']).payload).toMatchObject({ payment_id: good });
    }
    // Retries 1 and 2 s after the failures, in sandbox time; nothing more once delivered.
    const at = oldestFirst.map((d) => Date.parse(d.at));
    // (counted from the answer: the attempt's start plus its duration)
    const backoff = (i: number) => Date.parse(oldestFirst[i]!.next_attempt_at!) - at[i]! - oldestFirst[i]!.duration_ms!;
    // (plus the time to record the answer, which a loaded machine stretches: up to 1.5 s of room, seen
    // past 1 s with both cores busy; the lower bounds are the schedule itself)
    const room = 1500;
    expect([backoff(0) >= 1000 && backoff(0) < 1000 + room, backoff(1) >= 2000 && backoff(1) < 2000 + room]).toEqual([true, true]);
    // and the next attempt was made when it was due, on the test clock
    for (const i of [0, 1, 2]) expect(at[i + 1]! - Date.parse(oldestFirst[i]!.next_attempt_at!)).toBeGreaterThanOrEqual(0);
    expect(oldestFirst[3]!.next_attempt_at).toBeNull();

    // The broken receiver: six attempts of each webhook, each a network error without a status.
    const failed = (await s.log({ payment_id: broken })).deliveries;
    expect(failed).toHaveLength(12);
    expect(failed.every((d) => d.outcome === 'failed' && d.response_status === null && /ECONNREFUSED/.test(d.error!) && d.target_url === dead)).toBe(true);
    expect(failed.filter((d) => d.event === 'paymentFound').map((d) => d.attempt).sort()).toEqual([1, 2, 3, 4, 5, 6]);

    // Pages: `before` the last id of a page gives the next; one attempt read alone is the same record.
    const page1 = await s.log({ limit: 10 });
    const page2 = await s.log({ limit: 10, before: page1.deliveries.at(-1)!.id });
    expect([page1.has_more, page2.has_more]).toEqual([true, false]);
    expect([...page1.deliveries, ...page2.deliveries].map((d) => d.id)).toEqual(Array.from({ length: 17 }, (_, i) => 17 - i));
    // The machine's view of every merchant (no merchant named) pages the same log the same way,
    // walking back along the ids: the same pages, filters included.
    const all = async (query: { limit?: number; before?: number; payment_id?: number; event?: 'paymentFound' }) => unwrap(s.control.GET('/deliveries', { params: { query } }));
    expect(await all({ limit: 10 })).toEqual(page1);
    expect(await all({ limit: 10, before: page1.deliveries.at(-1)!.id })).toEqual(page2);
    expect(await all({ limit: 17 })).toEqual({ deliveries: [...page1.deliveries, ...page2.deliveries], has_more: false });
    expect(await all({ payment_id: broken, limit: 5 })).toEqual({ deliveries: failed.slice(0, 5), has_more: true });
    expect(await all({ payment_id: broken, event: 'paymentFound', before: failed[2]!.id })).toEqual({
      deliveries: failed.filter((d) => d.event === 'paymentFound' && d.id < failed[2]!.id), has_more: false,
    });
    expect(await all({ before: 1 })).toEqual({ deliveries: [], has_more: false });
    expect(await unwrap(s.control.GET('/deliveries/{delivery_id}', { params: { path: { delivery_id: deliveries[1]!.id } } }))).toEqual(deliveries[1]);
    const missing = await s.control.GET('/deliveries/{delivery_id}', { params: { path: { delivery_id: 999 } } });
    expect(missing.response.status).toBe(404);
  });
});

describe('webhooks listen', () => {
  it('forwards each webhook once, byte for byte, including those of payments without a webhook_url (listen mode)', async () => {
    const s = await sandbox();
    const local = await receiver();
    const hooks = await receiver(Array(12).fill(500)); // the payment's own target fails: the sandbox retries every attempt
    const stop = new AbortController();
    closers.push(async () => stop.abort());
    const lines: string[] = [];
    const forwarded: Delivery[] = [];
    const running = listen({ sandbox: s.base, merchant: 'demo-merchant', forwardTo: local.url, waitSeconds: 5, signal: stop.signal, print: (l) => lines.push(l), onForward: (d) => forwarded.push(d) });
    await until(() => lines.length === 1); // the ready line: listen mode is on
    const plain = await s.pay(); // no webhook_url
    const withTarget = await s.pay(hooks.url);
    await s.advance(70);
    await until(() => local.got.length === 4);
    stop.abort();
    expect(await running).toBe(4);

    // Each webhook once: found and confirmed of both payments, though the second was retried 5 times each.
    expect(hooks.got).toHaveLength(12);
    expect(forwarded.map((d) => [d.payment_id, d.event, d.attempt]).sort()).toEqual([
      [plain, 'paymentConfirmed', 1], [plain, 'paymentFound', 1], [withTarget, 'paymentConfirmed', 1], [withTarget, 'paymentFound', 1],
    ].sort());
    expect(forwarded.filter((d) => d.payment_id === plain).every((d) => d.outcome === 'held' && d.target_url === null && d.response_status === null)).toBe(true);
    for (const [i, d] of forwarded.entries()) {
      const g = local.got[i]!;
      expect(g.raw.equals(Buffer.from(d.body, 'latin1'))).toBe(true);
      expect(g.headers['content-type']).toBe(d.headers['content-type']);
      expect(JSON.parse(g.raw.toString()).signature).toBe(d.signature);
      const event = verified(g.raw, g.headers['content-type']);
      expect(event).toMatchObject({ type: 'payment', payload: { payment_id: d.payment_id }, timestamp: Number(/t=(\d+)/.exec(d.signature)![1]) });
    }
    // Where the payment had a target, the bytes forwarded are those the sandbox sent it first.
    const firstToTarget = forwarded.find((d) => d.payment_id === withTarget && d.event === 'paymentFound')!;
    expect(hooks.got[0]!.raw.toString('latin1')).toBe(firstToTarget.body);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe(`Forwarding demo-merchant's deliveries from ${s.base} to ${local.url} (Ctrl-C to stop)`);
    expect(lines[1]).toMatch(new RegExp(`^\\S+Z  payment(Found|Confirmed) +payment ${forwarded[0]!.payment_id} +delivery ${forwarded[0]!.id}  -> 200 \\(\\d+ ms\\)$`));

    // Listen mode ended with the listener: a payment without webhook_url is logged no more.
    const after = await s.pay();
    await s.advance(10);
    expect((await s.log({ payment_id: after })).deliveries).toEqual([]);
  });

  it('long-polls: a stream request waits for the next delivery, and a reset cursor starts over', async () => {
    const s = await sandbox();
    await unwrap(s.control.POST('/merchants/{api_key}/listen', { params: { path: { api_key: 'demo-merchant' } }, body: { enabled: true } }));
    const empty = await unwrap(s.control.GET('/deliveries/stream', { params: { query: { merchant: 'demo-merchant' } } }));
    expect(empty).toEqual({ deliveries: [], cursor: 0 });
    const waiting = unwrap(s.control.GET('/deliveries/stream', { params: { query: { merchant: 'demo-merchant', after: 0, wait: 10 } } }));
    const id = await s.pay();
    const started = performance.now();
    await s.advance(3);
    const got = await waiting;
    expect(performance.now() - started).toBeLessThan(2000);
    expect(got.deliveries.map((d) => [d.payment_id, d.event, d.outcome])).toEqual([[id, 'paymentFound', 'held']]);
    expect(got.cursor).toBe(got.deliveries[0]!.id);
    await unwrap(s.control.POST('/reset'));
    const reset = await unwrap(s.control.GET('/deliveries/stream', { params: { query: { merchant: 'demo-merchant', after: got.cursor } } }));
    expect(reset).toEqual({ deliveries: [], cursor: 0 });
    const unknown = await s.control.POST('/merchants/{api_key}/listen', { params: { path: { api_key: 'nobody' } }, body: { enabled: true } });
    expect(unknown.response.status).toBe(404);
  });
});

describe('webhooks replay', () => {
  it('sends exactly the logged bytes again, to the original target or another, and logs the new attempt', async () => {
    const s = await sandbox();
    const hooks = await receiver([500, 500, 500, 500, 500, 500, 200, 200]);
    const other = await receiver();
    await unwrap(s.merchant.GET('/transactions'));
    const id = await s.pay(hooks.url);
    await s.advance(3); // found: attempt 1 failed (and its retry 1 s later, maybe)
    const first = (await s.log({ payment_id: id })).deliveries.find((d) => d.attempt === 1);
    expect(first).toMatchObject({ event: 'paymentFound', attempt: 1, outcome: 'failed', response_status: 500 });

    const made = (await s.log({ payment_id: id })).deliveries.filter((d) => d.webhook_id === first!.webhook_id).length;
    const again = await replay({ sandbox: s.base, merchant: 'demo-merchant', id: first!.id, to: other.url });
    expect(other.got).toHaveLength(1);
    expect(other.got[0]!.raw.toString('latin1')).toBe(first!.body);
    expect(other.got[0]!.headers).toMatchObject(first!.headers);
    expect(again).toMatchObject({
      webhook_id: first!.webhook_id, attempt: made + 1, replay_of: first!.id, target_url: other.url, outcome: 'delivered', response_status: 200,
      body: first!.body, signature: first!.signature, next_attempt_at: null,
    });
    expect(verified(other.got[0]!.raw, 'application/json').payload).toMatchObject({ payment_id: id });

    // The CLI, to the original target: found failed six times (500), confirmed got the 7th answer, the replay the 8th (200).
    await s.advance(40);
    const before = hooks.got.length;
    const out: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => (out.push(chunk), true)) as typeof process.stdout.write;
    let code: number;
    try {
      code = await webhooksCli(['replay', String(first!.id), '--sandbox', s.base]);
    } finally {
      process.stdout.write = write;
    }
    expect(hooks.got.length).toBe(before + 1);
    expect(hooks.got.at(-1)!.raw.toString('latin1')).toBe(first!.body);
    expect(out.join('')).toMatch(new RegExp(`paymentFound +payment ${id} +delivery \\d+ \\(replay of ${first!.id}\\)  -> 200 \\(\\d+ ms\\)  to ${hooks.url}\\n$`));
    expect(code!).toBe(0);
    const log = (await s.log({ payment_id: id })).deliveries;
    expect(log[0]).toMatchObject({ replay_of: first!.id, target_url: hooks.url, body: first!.body });

    // A held delivery has no target: replay needs one. An unknown id is 404; a public URL over http is refused.
    await unwrap(s.control.POST('/merchants/{api_key}/listen', { params: { path: { api_key: 'demo-merchant' } }, body: { enabled: true } }));
    const plain = await s.pay();
    await s.advance(3);
    const [held] = (await s.log({ payment_id: plain })).deliveries;
    const noTarget = await s.control.POST('/deliveries/{delivery_id}/replay', { params: { path: { delivery_id: held!.id } }, body: {} });
    expect([noTarget.response.status, (noTarget.error as { code: string }).code]).toEqual([422, '1002']);
    const refused = await s.control.POST('/deliveries/{delivery_id}/replay', { params: { path: { delivery_id: held!.id } }, body: { url: 'http://example.com/hooks' } });
    expect(refused.response.status).toBe(422);
    const unknown = await s.control.POST('/deliveries/{delivery_id}/replay', { params: { path: { delivery_id: 9999 } }, body: {} });
    expect(unknown.response.status).toBe(404);
  });
});

describe('on a state file', () => {
  it('logs held and failed attempts with their bytes, keeps them across a restart, and replays them from there', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'deliveries-')), 'sandbox.sqlite');
    let state = new StateDb(file);
    closers.push(async () => state.close());
    const s = await sandbox(state);
    const dead = await deadUrl();
    await unwrap(s.control.POST('/merchants/{api_key}/listen', { params: { path: { api_key: 'demo-merchant' } }, body: { enabled: true } }));
    const held = await s.pay();
    const failed = await s.pay(dead);
    await s.advance(6);
    const before = (await s.log({ limit: 100 })).deliveries;
    expect(before.filter((d) => d.payment_id === held).map((d) => [d.event, d.outcome])).toEqual([['paymentConfirmed', 'held'], ['paymentFound', 'held']]);
    expect(before.filter((d) => d.payment_id === failed).every((d) => d.outcome === 'failed' && /ECONNREFUSED/.test(d.error!))).toBe(true);

    state.close();
    state = new StateDb(file);
    const again = await sandbox(state);
    const after = (await again.log({ limit: 100 })).deliveries;
    expect(after.filter((d) => d.id <= before[0]!.id)).toEqual(before);
    const hooks = await receiver();
    const original = before.find((d) => d.payment_id === held && d.event === 'paymentFound')!;
    const replayed = await replay({ sandbox: again.base, merchant: 'demo-merchant', id: original.id, to: hooks.url });
    expect(hooks.got.map((g) => g.raw.toString('latin1'))).toEqual([original.body]);
    expect(replayed).toMatchObject({ replay_of: original.id, attempt: 2, outcome: 'delivered', response_status: 200, target_url: hooks.url });
    expect(verified(hooks.got[0]!.raw, 'application/json').payload).toMatchObject({ payment_id: held });
  });
});
