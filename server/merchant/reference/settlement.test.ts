// The payout arithmetic on records built by hand: which transactions and refunds count, the fees
// per settlement method, refunds converted to the account currency, the order refunds are carried
// in and where each lands, and the pending-payout estimate. Exact decimal strings throughout.
import { describe, expect, it } from 'vitest';
import type { RefundRecord, TransactionRecord } from '../../ports/merchant-records.ts';
import { QUEUES } from '../../ports/merchant-store.ts';
import { memoryTable } from '../../ports/table.ts';
import { awaitsDeduction, awaitsPayout, payoutGroups, payoutInputs, pendingPayouts, settlementValue, type PayoutGroup } from './settlement.ts';

const tx = (over: Partial<TransactionRecord>): TransactionRecord => ({
  id: 1, merchant: 'm', sandbox: true, kind: 'payment', created_at: 0, payment_id: 1, invoice_id: null, refund_id: null,
  currency: 'BTC', network: null, fiat: 'USD', amount_due: '0.001', amount_in_fiat: '40.00', amount_received: '0.001',
  status: 'paid', external_id: null, invoice_number: '', txid: null, settlement_method: 'instant', exchange_rate: '40000.00',
  fees: '0.40', description: '', payout_id: null,
  ...over,
} as TransactionRecord);

const refund = (over: Partial<RefundRecord>): RefundRecord => ({
  id: 1, merchant: 'm', sandbox: true, kind: 'instant', transaction_id: 1, created_at: 0, email: 'a@example.com',
  amount_to_refund: null, amount_to_refund_fiat: '0.00', expires_at: 0, status: 'pending', txid: null, transaction_fees: '0',
  webhook_url: null, send_email: false, currency: 'BTC', address: null, destination_tag: null, refund_transaction_id: null,
  payout_id: null,
  ...over,
});

const brief = (gs: PayoutGroup[]) =>
  gs.map((g) => ({ method: g.method, currency: g.currency, refunds: g.refunds.map((r) => r.id), fees: g.fees, refundTotal: g.refundTotal, settled: g.settled }));

describe('awaitsPayout', () => {
  it('takes settled payments not yet paid out, and nothing else', () => {
    expect(awaitsPayout(tx({}))).toBe(true);
    expect(awaitsPayout(tx({ status: 'completed' }))).toBe(true);
    expect(awaitsPayout(tx({ kind: 'invoice' }))).toBe(true);
    expect(awaitsPayout(tx({ kind: 'refund' }))).toBe(false);
    expect(awaitsPayout(tx({ status: null }))).toBe(false);
    expect(awaitsPayout(tx({ status: 'overpaid' }))).toBe(false);
    expect(awaitsPayout(tx({ status: 'pending_confirmation' }))).toBe(false);
    expect(awaitsPayout(tx({ payout_id: 3 }))).toBe(false);
    expect(awaitsPayout(tx({ amount_received: null }))).toBe(false);
  });
});

describe('awaitsDeduction', () => {
  it('takes refunds not deducted yet, except cancelled and failed ones', () => {
    expect(awaitsDeduction(refund({}))).toBe(true);
    expect(awaitsDeduction(refund({ status: 'refunded' }))).toBe(true);
    expect(awaitsDeduction(refund({ payout_id: 2 }))).toBe(false);
    expect(awaitsDeduction(refund({ status: 'cancelled' }))).toBe(false);
    expect(awaitsDeduction(refund({ status: 'problem' }))).toBe(false);
  });
});

describe('a settled transaction without a cryptocurrency', () => {
  it.each(['USD', 'CAD', 'EUR'] as const)('is refused when its currency is still the fiat %s', (fiat) => {
    expect(() => settlementValue(tx({ id: 7, currency: fiat }), 'USD')).toThrow(new Error('transaction 7 has no cryptocurrency'));
    expect(() => payoutGroups([tx({ id: 7, currency: fiat })], [], 'USD')).toThrow(new Error('transaction 7 has no cryptocurrency'));
  });
});

describe('payoutGroups', () => {
  it('orders groups by method then cryptocurrency, fees per method', () => {
    const txs = [
      tx({ id: 1, settlement_method: 'manual', currency: 'ETH', amount_received: '0.1', fees: '0.001' }),
      tx({ id: 2, currency: 'LTC', amount_received: '1', fees: '0.80' }),
      tx({ id: 3 }),
      // The manual fee is the transaction's own (in the cryptocurrency), not 1 % of its value,
      // whatever fiat the transaction was priced in.
      tx({ id: 4, settlement_method: 'manual', fiat: 'EUR', amount_received: '0.002', fees: '0.00003' }),
    ];
    const groups = payoutGroups(txs, [], 'USD');
    expect(groups.map((g) => [g.method, g.currency, g.total, g.totalFiat, g.fees, g.settled])).toEqual([
      ['instant', 'BTC', '0.001', '40.00', '0.40', '39.60'],
      ['instant', 'LTC', '1', '80.00', '0.80', '79.20'],
      ['manual', 'BTC', '0.002', '80.00', '0.00003', '0.00197'],
      ['manual', 'ETH', '0.1', '250.00', '0.001', '0.099'],
    ]);
  });

  it('keeps a transaction fee in the account currency, and converts one in another fiat at 1 %', () => {
    // The USD fee is taken as recorded (0.33, not 1 % of 40.00); the EUR transaction's fee is
    // recomputed in USD: 0.002 BTC x 40000.00 x 0.01 = 0.80.
    const usd = payoutGroups([tx({ fees: '0.33' })], [], 'USD');
    expect(usd[0]!.fees).toBe('0.33');
    const eur = payoutGroups([tx({ fiat: 'EUR', amount_received: '0.002', fees: '0.74', exchange_rate: '37000.00' })], [], 'USD');
    expect([eur[0]!.totalFiat, eur[0]!.fees, eur[0]!.settled]).toEqual(['80.00', '0.80', '79.20']);
  });

  it('converts a refund in another fiat through its transaction rate into the account currency', () => {
    // 18.50 EUR at the transaction's 37000.00 is 0.0005 BTC, worth 20.00 USD.
    const txs = [tx({ fiat: 'EUR', amount_received: '0.002', exchange_rate: '37000.00' })];
    const groups = payoutGroups(txs, [refund({ amount_to_refund_fiat: '18.50' })], 'USD');
    expect(brief(groups)).toEqual([{ method: 'instant', currency: 'BTC', refunds: [1], fees: '0.80', refundTotal: '20.00', settled: '59.20' }]);
    // In the account currency the refund is taken as it is (not converted through the transaction's
    // rate and back at today's).
    const same = payoutGroups([tx({ amount_received: '0.002', fees: '0.80', exchange_rate: '39000.00' })], [refund({ amount_to_refund_fiat: '18.50' })], 'USD');
    expect(same[0]!.refundTotal).toBe('18.50');
  });

  it('carries instant refunds only on instant payouts, oldest first, and skips ones not awaiting deduction', () => {
    const txs = [tx({ id: 1 }), tx({ id: 2, settlement_method: 'manual', currency: 'LTC', amount_received: '10', fees: '0.1' })];
    // The instant payout carries 39.60: refund 1 (older, 30.00) fits; refund 2 then does not, though
    // the manual payout could hold it. Cancelled, failed and deducted refunds are not counted.
    const refunds = [
      refund({ id: 4, amount_to_refund_fiat: '1.00', status: 'cancelled' }),
      refund({ id: 2, amount_to_refund_fiat: '30.00' }),
      refund({ id: 5, amount_to_refund_fiat: '1.00', status: 'problem' }),
      refund({ id: 1, amount_to_refund_fiat: '30.00' }),
      refund({ id: 6, amount_to_refund_fiat: '1.00', payout_id: 9 }),
      refund({ id: 3, amount_to_refund_fiat: '9.60' }),
    ];
    expect(brief(payoutGroups(txs, refunds, 'USD'))).toEqual([
      { method: 'instant', currency: 'BTC', refunds: [1, 3], fees: '0.40', refundTotal: '39.60', settled: '0.00' },
      { method: 'manual', currency: 'LTC', refunds: [], fees: '0.1', refundTotal: '0', settled: '9.9' },
    ]);
  });

  it('spreads an instant refund over the instant payouts in order; it belongs to the one where it ends', () => {
    const txs = [tx({ id: 1 }), tx({ id: 2, currency: 'LTC', amount_received: '1', fees: '0.80' })];
    const refunds = [
      refund({ id: 1, amount_to_refund_fiat: '50.00' }),
      refund({ id: 2, amount_to_refund_fiat: '68.80' }),
      // Nothing is left, but a zero refund can still be recorded, on the last payout.
      refund({ id: 3, amount_to_refund_fiat: '0.00' }),
    ];
    expect(brief(payoutGroups(txs, refunds, 'USD'))).toEqual([
      { method: 'instant', currency: 'BTC', refunds: [], fees: '0.40', refundTotal: '39.60', settled: '0.00' },
      { method: 'instant', currency: 'LTC', refunds: [1, 2, 3], fees: '0.80', refundTotal: '79.20', settled: '0.00' },
    ]);
  });

  it('leaves an instant refund waiting when there is no instant payout, even a zero one', () => {
    // The refunds' instant transaction (2) was paid out already.
    const txs = [tx({ id: 1, settlement_method: 'manual', amount_received: '0.001', fees: '0.00001' }), tx({ id: 2, payout_id: 8 })];
    const late = (over: Partial<RefundRecord>) => refund({ transaction_id: 2, ...over });
    const groups = payoutGroups(txs, [late({ id: 1, amount_to_refund_fiat: '0.00' }), late({ id: 2, amount_to_refund_fiat: '1.00' })], 'USD');
    expect(brief(groups)).toEqual([{ method: 'manual', currency: 'BTC', refunds: [], fees: '0.00001', refundTotal: '0', settled: '0.00099' }]);
  });

  it('deducts a manual refund whole from the manual payout of its cryptocurrency, when it fits', () => {
    const txs = [
      tx({ id: 1 }),
      tx({ id: 2, settlement_method: 'manual', currency: 'ETH', amount_received: '1', fees: '0.01' }),
      tx({ id: 3, settlement_method: 'manual', amount_received: '0.001', fees: '0.00001' }),
    ];
    const manual = (over: Partial<RefundRecord>) => refund({ kind: 'email', transaction_id: 3, ...over });
    const refunds = [
      // Larger than the BTC payout's 0.00099 (the ETH and instant payouts are not candidates): waits.
      manual({ id: 1, amount_to_refund: '0.001' }),
      // Exactly what is left: taken.
      manual({ id: 2, amount_to_refund: '0.00099' }),
      // No amount recorded yet: deducted as zero.
      manual({ id: 3, amount_to_refund: null }),
      // Its transaction is unknown to this run: ignored.
      manual({ id: 4, transaction_id: 99, amount_to_refund: '0' }),
      // No manual payout in its cryptocurrency: waits.
      manual({ id: 5, currency: 'LTC', amount_to_refund: '0' }),
    ];
    expect(brief(payoutGroups(txs, refunds, 'USD'))).toEqual([
      { method: 'instant', currency: 'BTC', refunds: [], fees: '0.40', refundTotal: '0.00', settled: '39.60' },
      { method: 'manual', currency: 'BTC', refunds: [2, 3], fees: '0.00001', refundTotal: '0.00099', settled: '0' },
      { method: 'manual', currency: 'ETH', refunds: [], fees: '0.01', refundTotal: '0', settled: '0.99' },
    ]);
  });
});

describe('pendingPayouts', () => {
  const group = (over: Partial<PayoutGroup>): PayoutGroup => ({
    method: 'manual', currency: 'BTC', transactions: [tx({})], refunds: [], total: '0.001', totalFiat: '40.00', fees: '0.00001',
    refundTotal: '0', settled: '0.00099', ...over,
  });

  it('sums instant groups in fiat and lists manual groups with transactions by currency', () => {
    const groups = [
      group({ currency: 'LTC', total: '1', fees: '0.01', settled: '0.99' }),
      group({ method: 'instant', totalFiat: '40.00', fees: '0.40', settled: '39.60' }),
      group({ currency: 'ETH', transactions: [], total: '0', fees: '0', settled: '0' }),
      group({}),
      group({ method: 'instant', currency: 'ETH', totalFiat: '10.10', fees: '0.10', settled: '5.00' }),
    ];
    expect(pendingPayouts(groups)).toEqual({
      pending_payouts: {
        instant_settlement: { transaction_total: '50.10', fees: '0.50', total_pending_payout: '44.60' },
        manual_settlement: [
          { currency_iso: 'BTC', transaction_total: '0.001', fees: '0.00001', total_pending_payout: '0.00099' },
          { currency_iso: 'LTC', transaction_total: '1', fees: '0.01', total_pending_payout: '0.99' },
        ],
      },
    });
  });
});

describe('payoutInputs', () => {
  it("reads the queues, adds the merchant's own transactions its queued refunds belong to, and never another's or a missing one", async () => {
    const transactions = memoryTable<TransactionRecord>(1, QUEUES.transactions);
    const refunds = memoryTable<RefundRecord>(1, QUEUES.refunds);
    await transactions.insert(tx({ id: 1 })); // awaits payout
    await transactions.insert(tx({ id: 2, payout_id: 7 })); // paid out, a queued refund's
    await transactions.insert(tx({ id: 3, merchant: 'other', payout_id: 7 })); // another merchant's
    await transactions.insert(tx({ id: 4, payout_id: 7 })); // paid out, no refund queued
    await refunds.insert(refund({ id: 1, transaction_id: 2 }));
    await refunds.insert(refund({ id: 2, transaction_id: 1 }));
    await refunds.insert(refund({ id: 3, transaction_id: 3 })); // names another merchant's transaction
    await refunds.insert(refund({ id: 4, transaction_id: 99 })); // names none
    await refunds.insert(refund({ id: 5, transaction_id: 2, status: 'cancelled' })); // not queued
    const { txs, refunds: queued } = await payoutInputs({ transactions, refunds }, 'm');
    expect(txs.map((t) => t.id)).toEqual([1, 2]);
    expect(queued.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });
});
