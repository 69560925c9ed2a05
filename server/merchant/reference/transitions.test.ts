import { describe, expect, it } from 'vitest';
import { createMemoryMerchantStore } from './store.ts';
import { StatusRegressionError, forwardOnlyStatuses } from './transitions.ts';
import type { PaymentRecord, RefundRecord, TransactionRecord } from '../../ports/merchant-records.ts';

describe('forward-only statuses', () => {
  const setup = () => {
    let now = 0;
    const store = forwardOnlyStatuses(createMemoryMerchantStore(), () => now);
    return { store, at: (t: number) => (now = t) };
  };

  it('moves a payment Pending -> Paid -> Confirmed, never back; funds in the window keep it Pending past the window', async () => {
    const { store, at } = setup();
    const p = await store.payments.insert({ blockchain_status: 'Pending', expires_timestamp: 300, funds_at: 2000 } as Omit<PaymentRecord, 'id'>);
    at(301_000); // past the window, its found step stalled: still Pending
    await store.payments.update(p.id, { blockchain_status: 'Paid' });
    await store.payments.update(p.id, { blockchain_status: 'Confirmed' });
    await store.payments.update(p.id, { blockchain_status: 'Confirmed' }); // the same status again is no move
    await expect(store.payments.update(p.id, { blockchain_status: 'Paid' })).rejects.toThrow(
      new StatusRegressionError(`payment ${p.id}`, 'Confirmed', 'Paid'),
    );
    expect((await store.payments.get(p.id))!.blockchain_status).toBe('Confirmed');
  });

  it('keeps Expired final (M-expired): no funds in the window, or none at all, and nothing moves it', async () => {
    const { store, at } = setup();
    const late = await store.payments.insert({ blockchain_status: 'Pending', expires_timestamp: 300, funds_at: 300_001 } as Omit<PaymentRecord, 'id'>);
    const none = await store.payments.insert({ blockchain_status: 'Pending', expires_timestamp: 300, funds_at: null } as Omit<PaymentRecord, 'id'>);
    at(400_000);
    for (const [id, to] of [[late.id, 'Paid'], [none.id, 'Confirmed']] as const) {
      await expect(store.payments.update(id, { blockchain_status: to })).rejects.toThrow(new StatusRegressionError(`payment ${id}`, 'Expired', to));
      expect((await store.payments.get(id))!.blockchain_status).toBe('Pending'); // stored Pending, shown Expired
    }
  });

  it('refuses a transaction or a refund going back, and one final status replacing another', async () => {
    const { store } = setup();
    const tx = await store.transactions.insert({ status: 'pending_confirmation' } as Omit<TransactionRecord, 'id'>);
    await store.transactions.update(tx.id, { status: 'overpaid' });
    await expect(store.transactions.update(tx.id, { status: 'pending_confirmation' })).rejects.toThrow(StatusRegressionError);
    await expect(store.transactions.update(tx.id, { status: 'paid' })).rejects.toThrow('transaction 7001: status overpaid cannot become paid');
    await store.transactions.update(tx.id, { status: 'completed' });
    const r = await store.refunds.insert({ status: 'pending' } as Omit<RefundRecord, 'id'>);
    await store.refunds.update(r.id, { status: 'cancelled' });
    await expect(store.refunds.update(r.id, { status: 'refunded' })).rejects.toThrow('refund 9001: status cancelled cannot become refunded');
  });
});
