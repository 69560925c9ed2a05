// What may be refunded and how much, on records built by hand: the refusal of a transaction with
// nothing received, the amount checks with the exact field and reason a client reads.
import { describe, expect, it } from 'vitest';
import { ApiDomainError } from '../../core/errors.ts';
import type { RefundRecord, TransactionRecord } from '../../ports/merchant-records.ts';
import { refundAmount, refundable } from './refund-rules.ts';

const tx = (over: Partial<TransactionRecord>): TransactionRecord => ({
  id: 1, merchant: 'm', sandbox: true, kind: 'payment', created_at: 0, payment_id: 1, invoice_id: null, refund_id: null,
  currency: 'BTC', network: null, fiat: 'USD', amount_due: '0.001', amount_in_fiat: '40.00', amount_received: '0.001',
  status: 'paid', external_id: null, invoice_number: '', txid: null, settlement_method: 'manual', exchange_rate: '40000.00',
  fees: '0.00001', description: '', customer_email: null, payout_id: null,
  ...over,
});

const refund = (over: Partial<RefundRecord>): RefundRecord => ({
  id: 1, merchant: 'm', sandbox: true, kind: 'email', transaction_id: 1, created_at: 0, email: 'a@example.com',
  amount_to_refund: null, amount_to_refund_fiat: '0.00', expires_at: 0, status: 'pending', txid: null, transaction_fees: '0',
  webhook_url: null, send_email: false, currency: 'BTC', address: null, destination_tag: null, refund_transaction_id: null,
  payout_id: null,
  ...over,
});

/** `code | source` of the ApiDomainError `f` throws. */
const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof ApiDomainError) return `${e.code} ${JSON.stringify(e.source)}`;
    throw e;
  }
  throw new Error('not refused');
};

describe('refundable', () => {
  it('refuses a transaction not confirmed or with nothing received, naming its status', () => {
    expect(refusal(() => refundable(tx({ status: null }), [], 'transaction_id'))).toBe(
      '2002 [{"transaction_id":"has not been confirmed (status null); nothing received to refund yet"}]',
    );
    expect(refusal(() => refundable(tx({ status: 'pending_confirmation' }), [], 'transaction_id'))).toBe(
      '2002 [{"transaction_id":"has not been confirmed (status pending_confirmation); nothing received to refund yet"}]',
    );
    expect(refusal(() => refundable(tx({ amount_received: null }), [], 'transaction_id'))).toBe(
      '2002 [{"transaction_id":"has not been confirmed (status paid); nothing received to refund yet"}]',
    );
  });

  it("counts this transaction's own refunds only, cancelled and failed ones excepted; a manual one without an amount as zero", () => {
    const refunds = [
      refund({ id: 1, amount_to_refund: '0.0002' }),
      refund({ id: 2, amount_to_refund: '0.0003', transaction_id: 2 }),
      refund({ id: 3, amount_to_refund: '0.0003', status: 'cancelled' }),
      refund({ id: 4, amount_to_refund: '0.0003', status: 'problem' }),
      refund({ id: 5, amount_to_refund: null }),
    ];
    expect(refundable(tx({}), refunds, 'transaction_id').remaining.toString()).toBe('0.0008');
  });
});

describe('refundAmount', () => {
  const manual = refundable(tx({}), [], 'transaction_id');
  const instant = refundable(tx({ settlement_method: 'instant' }), [], 'transaction_id');

  it('takes a whole amount or one with at most the unit places, within what is left', () => {
    expect(refundAmount(manual, { amount_to_refund: '0.001' }, false).toString()).toBe('0.001');
    expect(refundAmount(manual, { amount_to_refund: '1e-8' }, false).toString()).toBe('1e-8');
    expect(refundAmount(instant, { amount_to_refund_fiat: '40' }, false).toString()).toBe('40');
  });

  it('refuses too many places, zero and negative amounts, and the field of the other method, each with its reason', () => {
    expect(refusal(() => refundAmount(manual, { amount_to_refund: '0.000000001' }, false))).toBe(
      '1002 [{"amount_to_refund":"must have at most 8 decimal places (BTC)"}]',
    );
    expect(refusal(() => refundAmount(instant, { amount_to_refund_fiat: '1.001' }, false))).toBe(
      '1002 [{"amount_to_refund_fiat":"must have at most 2 decimal places (USD)"}]',
    );
    expect(refusal(() => refundAmount(instant, { amount_to_refund_fiat: '0.00' }, false))).toBe(
      '1002 [{"amount_to_refund_fiat":"must be greater than 0"}]',
    );
    expect(refusal(() => refundAmount(manual, { amount_to_refund: '-0.1' }, false))).toBe('1002 [{"amount_to_refund":"must be greater than 0"}]');
    expect(refusal(() => refundAmount(manual, { amount_to_refund_fiat: '1.00' }, false))).toBe(
      '1002 [{"amount_to_refund":"is required for manual-settlement transactions"}]',
    );
    expect(refusal(() => refundAmount(instant, { amount_to_refund: '0.001' }, false))).toBe(
      '1002 [{"amount_to_refund_fiat":"is required for instant-settlement transactions"}]',
    );
  });
});
