import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EXAMPLES } from '../../contracts/merchant/webhooks.ts';
import { webhookCatalog } from './events.ts';
import { startReceiver, type RunningReceiver } from './receivers.test-helpers.ts';
import { buildTrigger, triggerCli } from './trigger.ts';

const catalog = webhookCatalog();
const receivers: RunningReceiver[] = [];
afterEach(async () => void (await Promise.all(receivers.splice(0).map((r) => r.close()))));

/** Runs the CLI with captured output. */
async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await triggerCli(argv, 'webhooks', { write: (s: string) => ((out += s), true) } as never, { write: (s: string) => ((err += s), true) } as never);
  return { code, out, err };
}

describe('webhooks trigger', () => {
  it('declares the three webhooks of the merchant document, their examples valid', () => {
    expect(catalog.events.map((e) => [e.event, e.payloadSchemaName])).toEqual([
      ['paymentFound', 'PaymentWebhookPayload'], ['paymentConfirmed', 'PaymentWebhookPayload'], ['refundProcessed', 'RefundWebhookPayload'],
    ]);
    for (const e of catalog.events) expect(catalog.sample(e)).toEqual(WEBHOOK_EXAMPLES[e.event as keyof typeof WEBHOOK_EXAMPLES].payload);
  });

  it('signs exactly as the sandbox signs: the example envelope of the document, byte for byte', () => {
    const built = buildTrigger({ event: 'paymentFound', secret: 'demo-signing-secret', encoding: 'json', t: 1767225600 });
    expect(built.envelope).toEqual(WEBHOOK_EXAMPLES.paymentFound.envelope);
    expect(built.body).toBe(JSON.stringify(WEBHOOK_EXAMPLES.paymentFound.envelope));
    const form = buildTrigger({ event: 'paymentFound', secret: 'demo-signing-secret', encoding: 'form', t: 1767225600 });
    expect(form.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(form.body))).toEqual(WEBHOOK_EXAMPLES.paymentFound.envelope);
  });

  for (const encoding of ['json', 'form'] as const) {
    it(`every declared event, ${encoding}-encoded, is accepted by webhookHandler and parsed to its typed payload`, async () => {
      const r = await startReceiver('webhookHandler', 'demo-signing-secret');
      receivers.push(r);
      for (const e of catalog.events) {
        const { code, out } = await cli(e.event, '--to', r.url, '--encoding', encoding);
        expect(code).toBe(0);
        expect(out).toMatch(new RegExp(`^${e.event} \\(${encoding}, t=\\d+\\) -> ${r.url}: HTTP 200 in \\d+ ms\\n$`));
      }
      expect(r.events.map((e) => [e.type, e.payload])).toEqual([
        ['payment', WEBHOOK_EXAMPLES.paymentFound.payload],
        ['payment', WEBHOOK_EXAMPLES.paymentConfirmed.payload],
        ['refund', WEBHOOK_EXAMPLES.refundProcessed.payload],
      ]);
    });
  }

  it('applies --set overrides typed by the schema (decimals stay strings, null where allowed, nested paths)', async () => {
    const r = await startReceiver('webhookHandler', 'demo-signing-secret');
    receivers.push(r);
    const sets = ['--set', 'amount_received=0.00012345', '--set', 'transaction_id=8123', '--set', 'transaction_status=underpaid', '--set', 'blockchain_transactions.0.status=Confirmed'];
    expect((await cli('paymentConfirmed', '--to', r.url, ...sets)).code).toBe(0);
    expect(r.events[0]!.payload).toEqual({
      ...WEBHOOK_EXAMPLES.paymentConfirmed.payload, amount_received: '0.00012345', transaction_id: 8123, transaction_status: 'underpaid',
      blockchain_transactions: [{ ...WEBHOOK_EXAMPLES.paymentConfirmed.payload.blockchain_transactions[0], status: 'Confirmed' }],
    });
    expect((await cli('refundProcessed', '--to', r.url, '--set', 'txid=null', '--set', 'sandbox_mode=false')).code).toBe(0);
    expect(r.events[1]!.payload).toEqual({ ...WEBHOOK_EXAMPLES.refundProcessed.payload, txid: null, sandbox_mode: false });
  });

  it.each([
    [['--set', 'amount_due=1e3'], '--set amount_due: makes the paymentFound payload invalid against PaymentWebhookPayload: /amount_due: must match pattern'],
    [['--set', 'transaction_status=lost'], '--set transaction_status: makes the paymentFound payload invalid'],
    [['--set', 'payment_id=abc'], '--set payment_id: "abc" is not a valid integer'],
    [['--set', 'colour=red'], '--set colour: "colour" is not a field of this payload'],
    [['--set', 'blockchain_transactions.0.nope=1'], '--set blockchain_transactions.0.nope: "blockchain_transactions.0.nope" is not a field'],
    [['--set', 'amount_due'], '--set amount_due: expected field=value'],
  ])('refuses %j naming the field, without sending anything', async (sets, message) => {
    const r = await startReceiver('webhookHandler', 'demo-signing-secret');
    receivers.push(r);
    const { code, err } = await cli('paymentFound', '--to', r.url, ...sets);
    expect(code).toBe(2);
    expect(err).toContain(message);
    expect(r.events).toEqual([]);
  });

  it('refuses an event the document does not declare, listing the declared ones', async () => {
    const { code, err } = await cli('payoutSettled', '--to', 'http://127.0.0.1:9/');
    expect(code).toBe(2);
    expect(err).toContain('unknown webhook event "payoutSettled": the merchant document declares paymentFound, paymentConfirmed, refundProcessed');
  });

  it('exits 1 when the receiver refuses (wrong --secret) and 2 for a key it does not know without --secret', async () => {
    const r = await startReceiver('webhookHandler', 'demo-signing-secret');
    receivers.push(r);
    const refused = await cli('paymentFound', '--to', r.url, '--secret', 'not-the-secret');
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('HTTP 400');
    expect(refused.out).toContain('bad_signature');
    expect((await cli('paymentFound', '--to', r.url, '--merchant', 'someone')).err).toContain('--merchant someone is not a sandbox key: give --secret');
    expect(r.events).toEqual([]);
  });
});
