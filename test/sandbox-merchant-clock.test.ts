// Per-merchant test clocks (decision S-clock): one merchant's clock moves its payments, webhooks
// and records' times; another merchant and the global clock keep theirs.
import { describe, expect, it } from 'vitest';
import { createMerchantClient, unwrap } from '../client/merchant.ts';
import { createPaymentBody } from '../contracts/merchant/examples.ts';
import { webhookReceiver } from './sandbox-helpers.ts';
import { sandboxServers } from './sandbox-server.ts';

const servers = sandboxServers();

async function listen() {
  const { base, control } = await servers.start();
  const merchant = (apiKey: string) => createMerchantClient({ baseUrl: base, apiKey, apiSecret: `${apiKey}-secret`, retry: false });
  return { control, a: merchant('demo-merchant'), b: merchant('demo-merchant-norefund') };
}
const { webhook_url: _, ...fields } = createPaymentBody.payment;
type Merchant = ReturnType<typeof createMerchantClient>;
const status = async (m: Merchant, id: number) =>
  (await unwrap(m.GET('/payments/{payment_id}', { params: { path: { payment_id: String(id) }, query: { crypto_iso: fields.crypto_iso } } }))).status.blockchain_status;

describe('a test clock per merchant', () => {
  it("moves one merchant's payments and webhooks; the other merchant and the global clock keep their time", async () => {
    const s = await listen();
    const hooks = await webhookReceiver();
    servers.closeAfter(hooks.close);
    const pa = await unwrap(s.a.POST('/payments', { body: { payment: { ...fields, amount: '10.00', webhook_url: hooks.url } } }));
    const pb = await unwrap(s.b.POST('/payments', { body: { payment: { ...fields, amount: '10.00' } } }));

    const advanced = await unwrap(s.control.POST('/merchants/{api_key}/clock/advance', { params: { path: { api_key: 'demo-merchant' } }, body: { seconds: 3600 } }));
    expect(advanced).toMatchObject({ offset_seconds: 3600, pending: 0, fired: 2 });
    expect(hooks.received).toHaveLength(2);
    expect(await status(s.a, pa.id)).toBe('Confirmed');
    expect(await status(s.b, pb.id)).toBe('Pending');
    expect(await unwrap(s.control.GET('/clock'))).toMatchObject({ offset_seconds: 0, pending: 2 });
    expect(await unwrap(s.control.GET('/merchants/{api_key}/clock', { params: { path: { api_key: 'demo-merchant-norefund' } } }))).toMatchObject({ offset_seconds: 0, pending: 2 });

    // Its new records carry its time: created an hour ahead, and its address window too.
    const later = await unwrap(s.a.POST('/payments', { body: { payment: { ...fields, amount: '10.00', invoice_number: 'INV1002' } } }));
    expect(later.crypto_address_info.start_timestamp - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(3599);

    // A merchant reset puts its clock back with the global one.
    await unwrap(s.control.POST('/merchants/{api_key}/reset', { params: { path: { api_key: 'demo-merchant' } } }));
    expect(await unwrap(s.control.GET('/merchants/{api_key}/clock', { params: { path: { api_key: 'demo-merchant' } } }))).toMatchObject({ offset_seconds: 0, pending: 0 });
    const unknown = await s.control.GET('/merchants/{api_key}/clock', { params: { path: { api_key: 'nobody' } } });
    expect(unknown.response.status).toBe(404);
  });
});
