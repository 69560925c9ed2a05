// Refund webhooks on a developer's machine (decisions M3, S-listen), over real HTTP on loopback:
// refund targets stay https (the document's rule), and listen mode is how a local receiver gets
// them: a refund without webhook_url has its refundProcessed webhook signed and logged like a
// payment's, with its refund id, and `webhooks listen` forwards it unchanged.
import { afterEach, describe, expect, it } from 'vitest';
import { unwrap } from '../client/merchant.ts';
import { listen } from '../tools/webhooks/listen.ts';
import { closeAll, receiver, sandbox, until, verified } from './deliveries-helpers.ts';

afterEach(closeAll);

describe('a refund webhook to a local receiver', () => {
  it('is refused as a plain-http target, and reaches the receiver through listen mode, logged with its refund id', async () => {
    const s = await sandbox();
    const payment = await s.pay();
    await s.advance(10);
    const { invoice_number } = await unwrap(s.merchant.GET('/payments/{payment_id}', { params: { path: { payment_id: String(payment) }, query: { crypto_iso: 'BTC' } } }));
    const tx = (await unwrap(s.merchant.GET('/transactions'))).transactions.find((t) => t.invoice_number === invoice_number)!;
    const hooks = await receiver();
    const refundOf = (extra: { webhook_url?: string } = {}) =>
      s.merchant.POST('/transactions/{transaction_id}/refunds', { params: { path: { transaction_id: tx.id } }, body: { email: 'jane@example.com', amount_to_refund_fiat: '4.00', ...extra } });
    const plain = await refundOf({ webhook_url: hooks.url });
    expect([plain.response.status, (plain.error as { source: unknown }).source]).toEqual([422, [{ webhook_url: expect.stringContaining('pattern') }]]);

    const stop = new AbortController();
    const lines: string[] = [];
    const listening = listen({ sandbox: s.base, merchant: 'demo-merchant', forwardTo: hooks.url, waitSeconds: 5, signal: stop.signal, print: (l) => lines.push(l) });
    await until(() => lines.length > 0); // the ready line: listen mode is on
    const refund = await unwrap(refundOf());
    await s.advance(10);
    await until(() => hooks.got.length === 1, 20_000);
    stop.abort();
    await listening.catch(() => undefined);

    expect(verified(hooks.got[0]!.raw, hooks.got[0]!.headers['content-type']).payload).toMatchObject({ id: String(refund.id), status: 'refunded' });
    const logged = (await unwrap(s.control.GET('/deliveries', { params: { query: { refund_id: refund.id } } }))).deliveries;
    expect(logged.map((d) => [d.event, d.refund_id, d.target_url, d.outcome])).toEqual([['refundProcessed', refund.id, null, 'held']]);
    expect(hooks.got[0]!.raw.toString('latin1')).toBe(logged[0]!.body);
  });
});
