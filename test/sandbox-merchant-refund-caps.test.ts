// Refund rules that carry money (decision M4), through HTTP with both settlement methods: the cap is
// what was RECEIVED (not what was due) on overpaid and underpaid payments alike, refunds that end
// `cancelled` or `problem` free their amount both in the cap and in the payouts, and live ones are
// deducted from the payout exactly once.
import { describe, expect, it } from 'vitest';
import type { RefundRecord } from '../server/ports/merchant-records.ts';
import { paymentBody, sandboxServer } from './sandbox-helpers.ts';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
type Method = 'instant' | 'manual';

/** A confirmed BTC payment (40,000 USD per BTC in the sandbox): 100 USD is overpaid by 10 %, 200 underpaid by 10 %. */
async function confirmed(method: Method, amount: string) {
  const s = sandboxServer(method === 'manual' ? { merchant: { accounts: { 'demo-merchant': { settlement_method: 'manual' } } } } : {});
  const p = await s.as().post('/payments', paymentBody({ amount }));
  const txId = (await s.merchant.store.payments.get(p.body.id))!.transaction_id;
  await s.timers.advance(5000);
  return { s, txId };
}

/** The refund body asking for `amount` in the unit of the method: fiat (instant) or the cryptocurrency (manual). */
const ask = (method: Method, amount: string) =>
  method === 'instant' ? { email: 'jane@example.com', amount_to_refund_fiat: amount } : { email: 'jane@example.com', amount_to_refund: amount };

// [method, amount, status, amount_due, amount_received, the cap in the method's unit, one unit more, the cap less one unit, unit]
const CASES = [
  ['instant', '100', 'overpaid', '0.0025', '0.00275', '110.00', '110.01', '109.99', 'USD'],
  ['instant', '200', 'underpaid', '0.005', '0.0045', '180.00', '180.01', '179.99', 'USD'],
  ['manual', '100', 'overpaid', '0.0025', '0.00275', '0.00275000', '0.00275001', '0.00274999', 'BTC'],
  ['manual', '200', 'underpaid', '0.005', '0.0045', '0.00450000', '0.00450001', '0.00449999', 'BTC'],
] as const;

describe('M4: the refund cap is what was received', () => {
  it.each(CASES)('%s settlement, amount %s (%s): e-mail and instant refunds together up to the received amount', async (method, amount, status, due, received, cap, over, rest, unit) => {
    const { s, txId } = await confirmed(method, amount);
    expect((await s.as().get(`/transactions/${txId}`)).body).toMatchObject({ status, amount_due: due, amount_received: received, settlement_method: method });
    const field = method === 'instant' ? 'amount_to_refund_fiat' : 'amount_to_refund';
    const tooMuch = await s.as().post(`/transactions/${txId}/refunds`, ask(method, over));
    expect([tooMuch.status, tooMuch.body.code, tooMuch.body.source]).toEqual([422, '2002', [{ [field]: `exceeds what is left to refund: ${cap} ${unit}` }]]);
    const instantTooMuch = await s.as().post('/transactions/instant_refund', { id: txId, address: BTC_ADDRESS, [field]: over });
    expect([instantTooMuch.status, instantTooMuch.body.source]).toEqual([422, [{ [field]: `exceeds what is left to refund: ${cap} ${unit}` }]]);
    // The whole cap, in two refunds of both kinds: an e-mail refund of one unit, then everything left.
    const one = method === 'instant' ? '0.01' : '0.00000001';
    expect((await s.as().post(`/transactions/${txId}/refunds`, ask(method, one))).status).toBe(201);
    const full = await s.as().post('/transactions/instant_refund', { id: txId, address: BTC_ADDRESS, refund_full_amount: true });
    expect(full.status).toBe(201);
    const stored = (await s.merchant.store.refunds.get(full.body.refund_id))!;
    expect(method === 'instant' ? full.body.amount_to_refund_fiat : stored.amount_to_refund).toBe(rest);
    const nothing = await s.as().post(`/transactions/${txId}/refunds`, ask(method, one));
    expect([nothing.status, nothing.body.source]).toEqual([422, [{ [field]: `exceeds what is left to refund: ${method === 'instant' ? '0.00' : '0.00000000'} ${unit}` }]]);
  });
});

/** Moves a refund to a final state as the sandbox fixtures do (a refund the network refused: `problem`). */
async function finish(s: Awaited<ReturnType<typeof confirmed>>['s'], id: number, status: RefundRecord['status']) {
  await s.merchant.store.refunds.update(id, { status });
}

describe('refunds that end cancelled or in a problem free their amount', () => {
  it.each([
    ['instant', 'cancelled'], ['instant', 'problem'], ['manual', 'cancelled'], ['manual', 'problem'],
  ] as const)('%s settlement, %s: in the cap', async (method, status) => {
    const { s, txId } = await confirmed(method, '10.00');
    const all = method === 'instant' ? '10.00' : '0.00025';
    const first = await s.as().post(`/transactions/${txId}/refunds`, ask(method, all));
    expect(first.status).toBe(201);
    expect((await s.as().post(`/transactions/${txId}/refunds`, ask(method, all))).body.code).toBe('2002');
    await finish(s, first.body.id, status);
    expect((await s.as().get(`/refunds/${first.body.id}`)).body.status).toBe(status);
    const again = await s.as().post(`/transactions/${txId}/refunds`, ask(method, all));
    expect(again.status).toBe(201);
    // The new one counts again: nothing is left.
    expect((await s.as().post(`/transactions/${txId}/refunds`, ask(method, method === 'instant' ? '0.01' : '0.00000001'))).body.code).toBe('2002');
  });

  it.each([
    ['instant', 'cancelled'], ['instant', 'problem'], ['manual', 'cancelled'], ['manual', 'problem'],
  ] as const)('%s settlement, %s: in the payouts (a live refund is deducted, a freed one is not)', async (method, status) => {
    const { s, txId } = await confirmed(method, '10.00');
    const pending = async () => {
      const p = (await s.as().get('/payouts/pending')).body.pending_payouts;
      return method === 'instant' ? p.instant_settlement.total_pending_payout : p.manual_settlement[0].total_pending_payout;
    };
    // 10.00 USD = 0.00025 BTC received, 1 % fee: 9.90 USD or 0.0002475 BTC before refunds.
    const [live, freed] = method === 'instant' ? ['3.00', '4.00'] : ['0.00005', '0.0001'];
    expect(await pending()).toBe(method === 'instant' ? '9.90' : '0.0002475');
    const kept = await s.as().post(`/transactions/${txId}/refunds`, ask(method, live));
    const gone = await s.as().post(`/transactions/${txId}/refunds`, ask(method, freed));
    expect([kept.status, gone.status]).toEqual([201, 201]);
    expect(await pending()).toBe(method === 'instant' ? '2.90' : '0.0000975');
    await finish(s, gone.body.id, status);
    expect(await pending()).toBe(method === 'instant' ? '6.90' : '0.0001975');
    const [payout] = await s.merchant.runPayouts('demo-merchant');
    expect(payout).toMatchObject(method === 'instant' ? { refund_total: '3.00', settled_amount: '6.90' } : { refund_total: '0.00005', settled_amount: '0.0001975' });
    const refunds = await s.merchant.store.refunds.find({ merchant: 'demo-merchant' });
    expect(refunds.map((r) => [r.id, r.payout_id])).toEqual([[kept.body.id, payout!.id], [gone.body.id, null]]);
  });
});
