// What a sandbox key may do through the control API (server/sandbox/scope.ts), over real HTTP on
// loopback: demo-merchant-norefund's key acts on its own merchant only, another's records answer
// 404 as if they did not exist, everyone's operations are the machine's (401 1003), a refund
// fixture needs Refund Create as the merchant API does, and the log hides credentials in URLs.
import { afterEach, describe, expect, it } from 'vitest';
import { createMerchantClient, unwrap } from '../client/merchant.ts';
import { createSandboxClient } from '../client/sandbox.ts';
import { createInvoiceBody, createPaymentBody } from '../contracts/merchant/examples.ts';
import { closeAll, receiver, sandbox, type Delivery } from './deliveries-helpers.ts';

afterEach(closeAll);

const NOREFUND = { username: 'demo-merchant-norefund', password: 'demo-merchant-norefund-secret' };
const DEMO = { username: 'demo-merchant', password: 'demo-merchant-secret' };
const refundBody = { status: 'refunded', refund: { email: 'jane@example.com', amount_to_refund_fiat: '5.00' } } as const;
const { webhook_url: _, ...paymentFields } = createPaymentBody.payment;
const { due_at: _due, ...invoiceFields } = createInvoiceBody.invoice;
const fixturePayment = (invoice_number: string) => ({ blockchain_status: 'Confirmed' as const, payment: { ...paymentFields, amount: '10.00', invoice_number } });

/** A confirmed payment of demo-merchant, with its transaction id and one logged delivery. */
async function demoMerchantRecords(s: Awaited<ReturnType<typeof sandbox>>) {
  const hooks = await receiver();
  const payment = await s.pay(hooks.url);
  await s.advance(10);
  const { invoice_number } = await unwrap(s.merchant.GET('/payments/{payment_id}', { params: { path: { payment_id: String(payment) }, query: { crypto_iso: 'BTC' } } }));
  const txId = (await unwrap(s.merchant.GET('/transactions'))).transactions.find((t) => t.invoice_number === invoice_number)!.id;
  const delivery = (await s.log({ payment_id: payment })).deliveries[0]!;
  return { payment, txId, delivery };
}

describe("a sandbox key acts on its own merchant only", () => {
  it("answers 404 for every operation on another merchant's records, as for a key that does not exist", async () => {
    const s = await sandbox();
    const { payment, txId, delivery } = await demoMerchantRecords(s);
    const as = createSandboxClient({ baseUrl: s.base, ...NOREFUND });
    const theirs = { params: { path: { api_key: 'demo-merchant' } } };
    const answers = [
      await as.POST('/merchants/{api_key}/transactions/{transaction_id}/refunds', { params: { path: { api_key: 'demo-merchant', transaction_id: txId } }, body: refundBody }),
      await as.POST('/merchants/{api_key}/reset', theirs),
      await as.GET('/merchants/{api_key}/clock', theirs),
      await as.POST('/merchants/{api_key}/clock/advance', { ...theirs, body: { seconds: 60 } }),
      await as.POST('/merchants/{api_key}/payments', { ...theirs, body: fixturePayment('INVX1') }),
      await as.POST('/merchants/{api_key}/invoices', { ...theirs, body: { status: 'unpaid', invoice: { ...invoiceFields, invoice_number: 'INVX2' } } }),
      await as.POST('/merchants/{api_key}/listen', { ...theirs, body: { enabled: true } }),
      await as.GET('/deliveries', { params: { query: { merchant: 'demo-merchant' } } }),
      await as.GET('/deliveries/stream', { params: { query: { merchant: 'demo-merchant', wait: 0 } } }),
      await as.GET('/deliveries/{delivery_id}', { params: { path: { delivery_id: delivery.id } } }),
      await as.POST('/deliveries/{delivery_id}/replay', { params: { path: { delivery_id: delivery.id } }, body: {} }),
      await as.POST('/traders/{access_key}/reset', { params: { path: { access_key: 'demo-trader' } } }),
      await as.POST('/traders/{access_key}/balances', { params: { path: { access_key: 'demo-trader' } }, body: { btc: '2.5' } }),
    ];
    expect(answers.map((a) => [a.response.status, (a.error as { code?: string } | undefined)?.code])).toEqual(Array(answers.length).fill([404, '1004']));
    // A key that does not exist answers the same: nothing tells another key's records apart.
    const nobody = await as.POST('/merchants/{api_key}/reset', { params: { path: { api_key: 'nobody' } } });
    const { error: _asked, ...shape } = nobody.error as Record<string, unknown>;
    expect(answers[1]!.error).toEqual({ ...shape, error: 'no sandbox merchant key demo-merchant' });

    // demo-merchant's data is untouched: its payment, its clock (advanced by the machine only).
    expect((await unwrap(s.merchant.GET('/payments/{payment_id}', { params: { path: { payment_id: String(payment) }, query: { crypto_iso: 'BTC' } } }))).id).toBe(payment);
    expect(await unwrap(s.control.GET('/merchants/{api_key}/clock', theirs))).toMatchObject({ offset_seconds: 10 });
    // Its own list holds only its own attempts (none), with or without naming itself.
    expect((await unwrap(as.GET('/deliveries', { params: { query: {} } }))).deliveries).toEqual([]);
    expect((await unwrap(as.GET('/deliveries', { params: { query: { merchant: NOREFUND.username } } }))).deliveries).toEqual([]);
    // The machine and demo-merchant's own key still see it.
    expect((await unwrap(createSandboxClient({ baseUrl: s.base, ...DEMO }).GET('/deliveries/{delivery_id}', { params: { path: { delivery_id: delivery.id } } }))).id).toBe(delivery.id);
  });

  it("refuses a key everyone's operations with 401 1003 and lets it act on its own merchant", async () => {
    const s = await sandbox();
    const as = createSandboxClient({ baseUrl: s.base, ...NOREFUND });
    const everyones = [
      await as.POST('/reset'),
      await as.POST('/clock/advance', { body: { seconds: 60 } }),
      await as.POST('/rate-limits', { body: { sandbox_keys_exempt: true } }),
      await as.POST('/markets/{market}/order-book', { params: { path: { market: 'btcusd' } }, body: { depth: 5, mid_price: '100.00', step: '1.00', volume: '0.1' } }),
    ];
    expect(everyones.map((a) => [a.response.status, (a.error as { code: string }).code])).toEqual(Array(4).fill([401, '1003']));
    expect((everyones[0]!.error as { details: string }).details).toMatch(/without credentials from the machine/);
    expect(await unwrap(s.control.GET('/clock'))).toMatchObject({ offset_seconds: 0 });
    expect(await unwrap(s.control.GET('/rate-limits'))).toEqual({ sandbox_keys_exempt: false });

    const own = { params: { path: { api_key: NOREFUND.username } } };
    expect(await unwrap(as.POST('/merchants/{api_key}/clock/advance', { ...own, body: { seconds: 60 } }))).toMatchObject({ offset_seconds: 60 });
    expect(await unwrap(as.POST('/merchants/{api_key}/reset', own))).toMatchObject({ scope: 'merchant', merchant: NOREFUND.username });
    expect(await unwrap(as.GET('/clock'))).toMatchObject({ offset_seconds: 0 });
  });
});

describe('a refund fixture needs Refund Create, as POST /transactions/{id}/refunds does', () => {
  it('answers 401 1003 for a key without it, from the key itself and from the machine, and loads one for a key with it', async () => {
    const s = await sandbox();
    const norefund = createMerchantClient({ baseUrl: s.base, apiKey: NOREFUND.username, apiSecret: NOREFUND.password, retry: false });
    const control = createSandboxClient({ baseUrl: s.base, ...NOREFUND });
    const paid = await unwrap(control.POST('/merchants/{api_key}/payments', { params: { path: { api_key: NOREFUND.username } }, body: fixturePayment('INVR1') }));
    const txId = (await unwrap(norefund.GET('/transactions'))).transactions.find((t) => t.invoice_number === paid.invoice_number)!.id;
    const path = { params: { path: { api_key: NOREFUND.username, transaction_id: txId } }, body: refundBody };
    const viaApi = await norefund.POST('/transactions/{transaction_id}/refunds', { params: { path: { transaction_id: txId } }, body: refundBody.refund });
    const byKey = await control.POST('/merchants/{api_key}/transactions/{transaction_id}/refunds', path);
    const byMachine = await s.control.POST('/merchants/{api_key}/transactions/{transaction_id}/refunds', path);
    const seen = (r: { response: Response; error?: unknown }) => [r.response.status, (r.error as { code: string }).code, (r.error as { details: string }).details];
    expect(seen(byKey)).toEqual(seen(viaApi));
    expect(seen(byMachine)).toEqual([401, '1003', 'The API key lacks the Refund Create permission this operation requires']);

    const { txId: demoTx } = await demoMerchantRecords(s);
    const loaded = await unwrap(createSandboxClient({ baseUrl: s.base, ...DEMO }).POST('/merchants/{api_key}/transactions/{transaction_id}/refunds', {
      params: { path: { api_key: 'demo-merchant', transaction_id: demoTx } }, body: refundBody,
    }));
    expect(loaded.status).toBe('refunded');
  });
});

describe('the delivery log hides credentials in target URLs', () => {
  it('shows userinfo and every query value as ***, in the target and in the error, and still sends to the URL as given', async () => {
    const s = await sandbox();
    const hooks = await receiver();
    const withToken = `${hooks.url}?token=s3cr3t-token&order=ord-4242x`;
    // Sandbox http targets are loopback only, with no userinfo: an https one takes it (and fetch refuses it, naming the URL).
    const withUser = 'https://hook-user:hook-pass@127.0.0.1:9/hooks';
    const sent = await s.pay(withToken);
    const refused = await s.pay(withUser);
    await s.advance(10);
    const log = async (payment: number) => (await s.log({ payment_id: payment })).deliveries;
    const [ok] = await log(sent);
    expect(ok).toMatchObject({ outcome: 'delivered', target_url: `${hooks.url}?token=***&order=***` });
    expect(hooks.got.length).toBeGreaterThan(0); // the token went to the receiver, only the log hides it
    const failed: Delivery[] = await log(refused);
    expect(failed[0]!.target_url).toBe('https://***@127.0.0.1:9/hooks');
    const shown = JSON.stringify([...failed, ok]);
    for (const secret of ['s3cr3t-token', 'ord-4242x', 'hook-user', 'hook-pass']) expect(shown.includes(secret), secret).toBe(false);
  });
});
