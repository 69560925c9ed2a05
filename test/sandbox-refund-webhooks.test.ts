// Refund webhooks to a local receiver in the sandbox (decision M3), over real HTTP on loopback: a
// sandbox key may target http on 127.0.0.1 for refunds as for payments; the refundProcessed webhook
// arrives signed and is logged like a payment webhook; other http targets stay refused.
import { afterEach, describe, expect, it } from 'vitest';
import { createMerchantClient, unwrap } from '../client/merchant.ts';
import { closeAll, receiver, sandbox, verified } from './deliveries-helpers.ts';

afterEach(closeAll);

describe('a refund webhook to a local receiver', () => {
  it('is accepted for a sandbox key, sent when the refund is processed and logged with its refund id', async () => {
    const s = await sandbox();
    const payment = await s.pay();
    await s.advance(10);
    const { invoice_number } = await unwrap(s.merchant.GET('/payments/{payment_id}', { params: { path: { payment_id: String(payment) }, query: { crypto_iso: 'BTC' } } }));
    const tx = (await unwrap(s.merchant.GET('/transactions'))).transactions.find((t) => t.invoice_number === invoice_number)!;
    const hooks = await receiver();
    const refund = await unwrap(s.merchant.POST('/transactions/{transaction_id}/refunds', {
      params: { path: { transaction_id: tx.id } }, body: { email: 'jane@example.com', amount_to_refund_fiat: '4.00', webhook_url: hooks.url },
    }));
    expect(refund).toMatchObject({ status: 'pending', webhook_url: hooks.url });
    await s.advance(10);

    expect(hooks.got).toHaveLength(1);
    expect(verified(hooks.got[0]!.raw, hooks.got[0]!.headers['content-type']).payload).toMatchObject({ id: String(refund.id), status: 'refunded' });
    const logged = (await unwrap(s.control.GET('/deliveries', { params: { query: { refund_id: refund.id } } }))).deliveries;
    expect(logged.map((d) => [d.event, d.refund_id, d.target_url, d.outcome])).toEqual([['refundProcessed', refund.id, hooks.url, 'delivered']]);
  });
});
