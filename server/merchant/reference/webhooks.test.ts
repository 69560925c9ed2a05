import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EXAMPLES } from '../../../contracts/merchant/webhooks.ts';
import { createMemoryMerchantStore } from './store.ts';
import { ManualTimers } from './timers.ts';
import { WebhookDispatcher, type WebhookTransport } from './webhooks.ts';
import { webhookTargetProblem } from './webhook-targets.ts';

const target = { merchant: 'm', url: 'https://hooks.example.com/x', secret: 'demo-signing-secret' };
const found = { event: 'paymentFound' as const, payload: WEBHOOK_EXAMPLES.paymentFound.payload };

function setup(answers: (number | Error)[]) {
  const timers = new ManualTimers(1_767_225_600_000);
  const store = createMemoryMerchantStore();
  const sent: { url: string; body: string; at: number }[] = [];
  const transport: WebhookTransport = async (url, body) => {
    sent.push({ url, body, at: timers.now() });
    const a = answers.shift() ?? 200;
    if (a instanceof Error) throw a;
    return { status: a };
  };
  return { timers, store, sent, dispatcher: new WebhookDispatcher({ store, timers, transport }) };
}

describe('WebhookDispatcher', () => {
  it("delivers one subject's events in event order: a later event waits for the earlier one's delivery", async () => {
    const { timers, sent, dispatcher } = setup([503, 503, 200, 200, 200]);
    const confirmed = { event: 'paymentConfirmed' as const, payload: WEBHOOK_EXAMPLES.paymentConfirmed.payload };
    await dispatcher.send({ ...target, subject: 'payment:1' }, found); // attempt 1: 503
    await dispatcher.send({ ...target, subject: 'payment:1' }, confirmed); // waits behind it
    await dispatcher.send({ ...target, subject: 'payment:2' }, found); // another payment: not held up (503 again)
    expect(sent).toHaveLength(2);
    await timers.runAll();
    const events = sent.map((x) => (JSON.parse(Buffer.from((JSON.parse(x.body) as { data: string }).data, 'base64').toString()) as { transaction_status: string }).transaction_status);
    // payment 1's found (503), payment 2's found (503); at +1 s both retried (200); then payment 1's confirmed.
    expect(events).toEqual(['pending_confirmation', 'pending_confirmation', 'pending_confirmation', 'pending_confirmation', 'paid']);
    expect(sent.map((x) => x.at - sent[0]!.at)).toEqual([0, 0, 1000, 1000, 1000]);
  });

  it('signs each attempt with its own t over the same data, and retries after 1 and 2 s', async () => {
    const { timers, store, sent, dispatcher } = setup([500, new Error('connect ECONNREFUSED'), 204]);
    const id = await dispatcher.send(target, found);
    expect(sent).toHaveLength(1);
    await timers.advance(999);
    expect(sent).toHaveLength(1);
    await timers.advance(1);
    expect(sent).toHaveLength(2);
    await timers.advance(2000);
    expect(sent).toHaveLength(3);
    await timers.runAll();
    expect(sent).toHaveLength(3);

    const bodies = sent.map((s) => JSON.parse(s.body) as { signature: string; data: string });
    expect(new Set(bodies.map((b) => b.data)).size).toBe(1);
    expect(JSON.parse(Buffer.from(bodies[0]!.data, 'base64').toString('utf8'))).toEqual(found.payload);
    bodies.forEach((b, i) => {
      const t = Math.floor(sent[i]!.at / 1000);
      const s1 = createHmac('sha256', target.secret).update(`${t}.${b.data}`).digest('hex');
      expect(b.signature).toBe(`t=${t},s1=${s1}`);
    });

    const log = await store.deliveries.find({ webhook_id: id });
    expect(log.map((d) => [d.attempt, d.status, d.ok, d.next_attempt_at])).toEqual([
      [1, 500, false, 1_767_225_601_000],
      [2, null, false, 1_767_225_603_000],
      [3, 204, true, null],
    ]);
    expect(log[1]!.error).toMatch(/ECONNREFUSED/);
  });

  it('gives up after six attempts, 1+2+4+8+16 s after the first', async () => {
    const { timers, store, sent, dispatcher } = setup(Array(10).fill(503));
    await dispatcher.send(target, found);
    await timers.runAll();
    expect(sent.map((s) => (s.at - 1_767_225_600_000) / 1000)).toEqual([0, 1, 3, 7, 15, 31]);
    const log = await store.deliveries.find();
    expect(log).toHaveLength(6);
    expect(log.at(-1)).toMatchObject({ attempt: 6, ok: false, next_attempt_at: null });
  });

  it('refuses a payload that is not exactly the contract schema, before sending anything', async () => {
    const { sent, dispatcher } = setup([]);
    await expect(dispatcher.send(target, { event: 'paymentFound', payload: { ...found.payload, extra: 1 } as never })).rejects.toThrow();
    await expect(dispatcher.send(target, { event: 'refundProcessed', payload: found.payload as never })).rejects.toThrow();
    expect(sent).toHaveLength(0);
  });

  it('stops retrying when closed', async () => {
    const { timers, sent, dispatcher } = setup([500, 500]);
    await dispatcher.send(target, found);
    dispatcher.close();
    await timers.runAll();
    expect(sent).toHaveLength(1);
  });
});

describe('webhookTargetProblem', () => {
  it.each([
    ['https://hooks.example.com/x', true, undefined],
    ['https://hooks.example.com/x', false, undefined],
    ['http://127.0.0.1:8080/x', true, undefined],
    ['http://localhost/x', true, undefined],
    ['http://[::1]:3000/x', true, undefined],
    ['http://127.0.0.1:8080/x', false, 'must use https'],
    ['http://hooks.example.com/x', true, 'must use https (sandbox keys may use http only on 127.0.0.1 or localhost)'],
    ['ftp://hooks.example.com/x', true, 'must use https'],
    ['not a url', true, 'must be an absolute https URL'],
  ])('%s (sandbox %s) -> %s', (url, sandbox, want) => {
    expect(webhookTargetProblem(url, sandbox)).toBe(want);
  });

  it('form encoding (per merchant): the same envelope as two form fields, with its content type, retried the same way', async () => {
    const timers = new ManualTimers(1_767_225_600_000);
    const store = createMemoryMerchantStore();
    const sent: { body: string; contentType: string | undefined }[] = [];
    const answers = [502, 200];
    const transport: WebhookTransport = async (_url, body, _timeout, contentType) => {
      sent.push({ body, contentType });
      return { status: answers.shift() ?? 200 };
    };
    const dispatcher = new WebhookDispatcher({ store, timers, transport, encodingOf: (m) => (m === 'm' ? 'form' : undefined) });
    await dispatcher.send(target, found);
    await dispatcher.send({ ...target, merchant: 'other' }, found);
    await timers.runAll();
    expect(sent.map((s) => s.contentType)).toEqual(['application/x-www-form-urlencoded', 'application/json', 'application/x-www-form-urlencoded']);
    const form = new URLSearchParams(sent[0]!.body);
    expect([...form.keys()]).toEqual(['signature', 'data']);
    expect(form.get('data')).toBe((JSON.parse(sent[1]!.body) as { data: string }).data);
    expect(form.get('signature')).toBe(`t=1767225600,s1=${createHmac('sha256', target.secret).update(`1767225600.${form.get('data')}`).digest('hex')}`);
    expect((await store.deliveries.find({})).map((d) => [d.merchant, d.attempt, d.ok])).toEqual([['m', 1, false], ['other', 1, true], ['m', 2, true]]);
  });
});
