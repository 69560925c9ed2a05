// Transactions, currencies and payouts of the merchant sandbox through HTTP, response validation on.
import { describe, expect, it } from 'vitest';
import { START, paymentBody, sandboxServer } from './sandbox-helpers.ts';

describe('transactions', () => {
  async function three() {
    const s = sandboxServer();
    await s.as().post('/payments', paymentBody({ invoice_number: 'A1', external_id: 'ext-a' }));
    await s.timers.advance(1000);
    await s.as().post('/payments', paymentBody({ invoice_number: 'B2', external_id: 'ext-b', crypto_iso: 'ETH' }));
    await s.timers.advance(1000);
    await s.as().post('/payments', paymentBody({ invoice_number: 'C3', external_id: 'ext-c', amount: '200' }));
    return s;
  }
  const ids = (r: { body: { transactions: { invoice_number: string }[] } }) => r.body.transactions.map((t) => t.invoice_number);

  it('lists newest first, with limit and offset, all marked is_sandbox', async () => {
    const s = await three();
    const all = await s.as().get('/transactions');
    expect(ids(all)).toEqual(['C3', 'B2', 'A1']);
    expect(all.body.transactions.every((t: { is_sandbox: boolean }) => t.is_sandbox)).toBe(true);
    expect(all.body.transactions.map((t: { created_at: string }) => t.created_at)).toEqual(
      [2000, 1000, 0].map((ms) => new Date(START + ms).toISOString()),
    );
    expect(ids(await s.as().get('/transactions?limit=2'))).toEqual(['C3', 'B2']);
    expect(ids(await s.as().get('/transactions?limit=2&offset=2'))).toEqual(['A1']);
    expect(ids(await s.as().get('/transactions?offset=5'))).toEqual([]);
    expect((await s.as().get('/transactions?limit=500')).status).toBe(200);
    for (const bad of ['limit=501', 'limit=0', 'offset=-1']) {
      const r = await s.as().get(`/transactions?${bad}`);
      expect(r.status).toBe(422);
      expect(r.body.code).toBe('1002');
    }
    expect((await s.as('demo-merchant-norefund').get('/transactions')).body.transactions).toEqual([]);
  });

  it('filters by currency, status, external id, blockchain id and invoice number', async () => {
    const s = await three();
    expect(ids(await s.as().get('/transactions?currency_iso=ETH'))).toEqual(['B2']);
    expect(ids(await s.as().get('/transactions?external_id=ext-a'))).toEqual(['A1']);
    expect(ids(await s.as().get('/transactions?invoice_number=C3'))).toEqual(['C3']);
    await s.timers.advance(5000);
    expect(ids(await s.as().get('/transactions?status=paid'))).toEqual(['B2', 'A1']);
    expect(ids(await s.as().get('/transactions?status=underpaid'))).toEqual(['C3']);
    const txid = (await s.as().get('/transactions?invoice_number=B2')).body.transactions[0].txid as string;
    expect(txid).toMatch(/^0x[0-9a-f]{64}$/);
    expect(ids(await s.as().get(`/transactions?transaction_id=${txid}`))).toEqual(['B2']);
    expect((await s.as().get('/transactions?currency_iso=DOGE')).body).toMatchObject({ code: '2004' });
  });

  it('reads a + in the query as a space (form encoding) and still rejects other unencoded reserved characters', async () => {
    const s = sandboxServer();
    await s.as().post('/payments', paymentBody({ invoice_number: 'S1', external_id: 'order 7' }));
    await s.as().post('/payments', paymentBody({ invoice_number: 'P1', external_id: 'order+7' }));
    expect(ids(await s.as().get('/transactions?external_id=order+7'))).toEqual(['S1']);
    expect(ids(await s.as().get('/transactions?external_id=order%207'))).toEqual(['S1']);
    expect(ids(await s.as().get(`/transactions?${new URLSearchParams({ external_id: 'order 7' })}`))).toEqual(['S1']);
    expect(ids(await s.as().get('/transactions?external_id=order%2B7'))).toEqual(['P1']);
    const r = await s.as().get('/transactions?external_id=order:7');
    expect(r.status).toBe(422);
    expect(r.body.source).toEqual([{ external_id: "Parameter 'external_id' must be url encoded. Its value may not contain reserved characters." }]);
  });

  it('answers 404 for an unknown transaction and 422 for a non-integer id', async () => {
    const s = sandboxServer();
    expect((await s.as().get('/transactions/123456')).body).toMatchObject({ code: '1004' });
    expect((await s.as().get('/transactions/abc')).status).toBe(422);
  });
});

describe('currencies', () => {
  it('lists the six sandbox currencies with precision, price precision and confirmations', async () => {
    const s = sandboxServer();
    const r = await s.as().get('/currencies');
    expect(r.status).toBe(200);
    expect(r.body.currencies.map((c: { iso: string; confirmations_required: number }) => [c.iso, c.confirmations_required])).toEqual([
      ['BTC', 3], ['ETH', 24], ['LTC', 12], ['BCH', 3], ['XRP', 1], ['USDT', 24],
    ]);
    expect(r.body.currencies.find((c: { iso: string }) => c.iso === 'USDT')).toMatchObject({ precision: 6, price_precision: 4, network_types: ['ERC-20', 'BEP-20', 'TRC-20'] });
  });
});

describe('payouts', () => {
  async function settled() {
    const s = sandboxServer();
    const paid = await s.as().post('/payments', paymentBody({ invoice_number: 'PAID' }));
    const over = await s.as().post('/payments', paymentBody({ invoice_number: 'OVER', amount: '100', crypto_iso: 'ETH' }));
    const under = await s.as().post('/payments', paymentBody({ invoice_number: 'UNDER', amount: '200' }));
    await s.timers.advance(5000);
    await s.as().post('/payments', paymentBody({ invoice_number: 'LATE' })); // not confirmed yet
    const tx = async (p: { body: { id: number } }) => (await s.merchant.store.payments.get(p.body.id))!.transaction_id;
    return { s, paidTx: await tx(paid), overTx: await tx(over), underTx: await tx(under) };
  }

  it('estimate the next payout from settled transactions, leaving over- and underpaid ones out until completed', async () => {
    const { s, overTx, paidTx } = await settled();
    const pending = await s.as().get('/payouts/pending');
    expect(pending.body).toEqual({
      pending_payouts: { instant_settlement: { transaction_total: '10.00', fees: '0.10', total_pending_payout: '9.90' }, manual_settlement: [] },
    });
    expect((await s.as().get('/payouts/pending/transactions')).body.transactions.map((t: { id: number }) => t.id)).toEqual([paidTx]);

    await s.merchant.completeTransaction('demo-merchant', overTx);
    expect((await s.as().get(`/transactions/${overTx}`)).body.status).toBe('completed');
    // 0.044 ETH received at 2500.00: 110.00, fee 1.10.
    expect((await s.as().get('/payouts/pending')).body.pending_payouts.instant_settlement).toEqual({
      transaction_total: '120.00', fees: '1.20', total_pending_payout: '118.80',
    });
    const items = (await s.as().get('/payouts/pending/transactions')).body.transactions;
    expect(items.map((t: { id: number }) => t.id).sort()).toEqual([paidTx, overTx].sort());
    expect(items.find((t: { id: number }) => t.id === overTx)).toMatchObject({
      status: 'completed', amount_due: '0.04', amount_received: '0.044', amount_in_fiat: '100', amount_in_fiat_received: '110.00',
      source: 'payment', settlement_method: 'instant', transaction_id: expect.stringMatching(/^0x/),
    });
  });

  it('pay out per settlement method and currency, deducting refunds; the paid-out transactions leave the estimate', async () => {
    const { s, paidTx, overTx } = await settled();
    await s.merchant.completeTransaction('demo-merchant', overTx);
    await s.as().post(`/transactions/${paidTx}/refunds`, { email: 'jane@example.com', amount_to_refund_fiat: '4.00' });
    expect((await s.as().get('/payouts')).body).toEqual({ payouts: [] });

    const made = await s.merchant.runPayouts('demo-merchant');
    expect(made).toHaveLength(2);
    const list = (await s.as().get('/payouts')).body.payouts;
    expect(list.map((p: { id: number }) => p.id)).toEqual([802, 801]);
    const btc = made.find((p) => p.currency === 'BTC')!;
    const detail = await s.as().get(`/payouts/${btc.id}`);
    expect(detail.body).toEqual({
      id: btc.id, payment_made_at: new Date(START + 5000).toISOString(), status: 'completed', settled_amount: '5.90', monthly_fee: '0.00',
      payout_info: 'Sandbox bank transfer in USD', settlement_method: 'instant', refund_total: '4.00', previous_reserve_amount: '0.00',
      txid: null, created_at: new Date(START + 5000).toISOString(), transaction_total: '0.00025', transaction_total_fiat: '10.00', transaction_fees: '0.10',
    });
    expect((await s.as().get(`/payouts/${btc.id}/transactions`)).body.transactions.map((t: { id: number }) => t.id)).toEqual([paidTx]);
    expect((await s.as().get(`/transactions/${paidTx}`)).body.payout_id).toBe(btc.id);
    expect((await s.as().get('/payouts/pending')).body.pending_payouts.instant_settlement).toEqual({
      transaction_total: '0.00', fees: '0.00', total_pending_payout: '0.00',
    });
    expect((await s.as().get('/payouts/pending/transactions')).body.transactions).toEqual([]);
  });

  it('deduct an instant refund from the next instant payouts, whatever their currency; it waits while they cannot carry it', async () => {
    const s = sandboxServer();
    const txOf = async (p: { body: { id: number } }) => (await s.merchant.store.payments.get(p.body.id))!.transaction_id;
    const btc = await txOf(await s.as().post('/payments', paymentBody({ invoice_number: 'B1' })));
    await s.as().post('/payments', paymentBody({ invoice_number: 'X1', crypto_iso: 'XRP' }));
    await s.timers.advance(5000);
    expect(await s.merchant.runPayouts('demo-merchant')).toHaveLength(2);
    expect((await s.as().post(`/transactions/${btc}/refunds`, { email: 'jane@example.com', amount_to_refund_fiat: '5.00' })).status).toBe(201);
    // Nothing to deduct it from yet: it waits (the estimate is zero, not negative).
    expect((await s.as().get('/payouts/pending')).body.pending_payouts.instant_settlement).toEqual({ transaction_total: '0.00', fees: '0.00', total_pending_payout: '0.00' });
    expect(await s.merchant.runPayouts('demo-merchant')).toEqual([]);

    await s.as().post('/payments', paymentBody({ invoice_number: 'E1', crypto_iso: 'ETH' }));
    await s.timers.advance(5000);
    // 10.00 received, 0.10 fee, the BTC transaction's 5.00 refund: 4.90.
    expect((await s.as().get('/payouts/pending')).body.pending_payouts.instant_settlement).toEqual({ transaction_total: '10.00', fees: '0.10', total_pending_payout: '4.90' });
    const [eth] = await s.merchant.runPayouts('demo-merchant');
    expect(eth).toMatchObject({ currency: 'ETH', refund_total: '5.00', settled_amount: '4.90' });
    expect(await s.merchant.runPayouts('demo-merchant')).toEqual([]);
  });

  it('lose nothing when one payout cannot carry a refund: it spans the next, and the totals add up exactly', async () => {
    const s = sandboxServer();
    const txOf = async (p: { body: { id: number } }) => (await s.merchant.store.payments.get(p.body.id))!.transaction_id;
    const btc = await txOf(await s.as().post('/payments', paymentBody({ invoice_number: 'B1' })));
    await s.as().post('/payments', paymentBody({ invoice_number: 'E1', crypto_iso: 'ETH' }));
    await s.as().post('/payments', paymentBody({ invoice_number: 'X1', crypto_iso: 'XRP' }));
    await s.timers.advance(5000);
    // 9.95 of the BTC transaction's 10.00: more than the BTC payout's 9.90 can carry.
    await s.as().post(`/transactions/${btc}/refunds`, { email: 'jane@example.com', amount_to_refund_fiat: '9.95' });
    // 30.00 - 0.30 fees - 9.95 = 19.75 (flooring the BTC payout at zero would have said 19.80).
    expect((await s.as().get('/payouts/pending')).body.pending_payouts.instant_settlement).toEqual({ transaction_total: '30.00', fees: '0.30', total_pending_payout: '19.75' });
    const made = await s.merchant.runPayouts('demo-merchant');
    // BTC's payout carries 9.90 of it, ETH's the last 0.05 (the refund belongs to the payout where it ends).
    expect(made.map((p) => [p.currency, p.refund_total, p.settled_amount])).toEqual([['BTC', '9.90', '0.00'], ['ETH', '0.05', '9.85'], ['XRP', '0.00', '9.90']]);
    expect((await s.merchant.store.refunds.find({ merchant: 'demo-merchant' })).map((r) => r.payout_id)).toEqual([made[1]!.id]);
    expect(await s.merchant.runPayouts('demo-merchant')).toEqual([]);
  });

  it('charge a payout the sum of its transactions\' fees', async () => {
    const s = sandboxServer();
    // 12.4952 USD in BTC: 0.00031238 received, worth 12.4952 USD; 1 % is 0.124952, rounded once: 0.12.
    const p = await s.as().post('/payments', paymentBody({ invoice_number: 'F1', amount: '12.4952' }));
    await s.timers.advance(5000);
    const tx = (await s.as().get(`/transactions/${(await s.merchant.store.payments.get(p.body.id))!.transaction_id}`)).body;
    expect(tx).toMatchObject({ amount_received: '0.00031238', fees: '0.12' });
    expect((await s.as().get('/payouts/pending')).body.pending_payouts.instant_settlement).toEqual({ transaction_total: '12.50', fees: '0.12', total_pending_payout: '12.38' });
    const [payout] = await s.merchant.runPayouts('demo-merchant');
    expect(payout).toMatchObject({ transaction_fees: '0.12', settled_amount: '12.38' });
    expect((await s.as().get(`/payouts/${payout!.id}/transactions`)).body.transactions[0]).toMatchObject({ fees: '0.12' });
  });

  it('estimate manual settlement per cryptocurrency, in that cryptocurrency', async () => {
    const s = sandboxServer({ merchant: { accounts: { 'demo-merchant': { settlement_method: 'manual' } } } });
    await s.as().post('/payments', paymentBody({ invoice_number: 'M1' }));
    await s.as().post('/payments', paymentBody({ invoice_number: 'M2', amount: '30' }));
    await s.as().post('/payments', paymentBody({ invoice_number: 'M3', crypto_iso: 'LTC' }));
    await s.timers.advance(5000);
    expect((await s.as().get('/payouts/pending')).body.pending_payouts).toEqual({
      instant_settlement: { transaction_total: '0.00', fees: '0.00', total_pending_payout: '0.00' },
      manual_settlement: [
        { currency_iso: 'BTC', transaction_total: '0.001', fees: '0.00001', total_pending_payout: '0.00099' },
        { currency_iso: 'LTC', transaction_total: '0.125', fees: '0.00125', total_pending_payout: '0.12375' },
      ],
    });
    const btc = await s.as().get('/payouts/pending/transactions/manual/BTC');
    expect(btc.body.transactions.map((t: { invoice_number: string; fees: string }) => [t.invoice_number, t.fees])).toEqual([['M2', '0.0000075'], ['M1', '0.0000025']]);
    expect((await s.as().get('/payouts/pending/transactions/manual/ETH')).body.transactions).toEqual([]);
    expect((await s.as().get('/payouts/pending/transactions/manual/DOGE')).body).toMatchObject({ code: '2004' });
    const [first] = await s.merchant.runPayouts('demo-merchant');
    expect((await s.as().get(`/payouts/${first!.id}`)).body).toMatchObject({ settlement_method: 'manual', txid: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('answer 404 for unknown payouts', async () => {
    const s = sandboxServer();
    expect((await s.as().get('/payouts/999')).body).toMatchObject({ code: '1004' });
    expect((await s.as().get('/payouts/999/transactions')).status).toBe(404);
  });
});
