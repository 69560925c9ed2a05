import { describe, expect, it } from 'vitest';
import { WEBHOOK_EXAMPLES } from '../contracts/merchant/webhooks.ts';
import { memorySeenStore, webhookEventKey } from './seen-store.ts';

describe('webhookEventKey', () => {
  it('is the transaction id and status for payments, the refund id and status for refunds', () => {
    expect(webhookEventKey({ type: 'payment', payload: WEBHOOK_EXAMPLES.paymentFound.payload, timestamp: 1 })).toBe('payment:7001:pending_confirmation');
    expect(webhookEventKey({ type: 'payment', payload: WEBHOOK_EXAMPLES.paymentConfirmed.payload, timestamp: 1 })).toBe('payment:7001:paid');
    expect(webhookEventKey({ type: 'refund', payload: WEBHOOK_EXAMPLES.refundProcessed.payload, timestamp: 1 })).toBe('refund:9001:refunded');
  });
});

describe('memorySeenStore', () => {
  it('remembers keys', () => {
    const s = memorySeenStore();
    expect(s.has('a')).toBe(false);
    s.add('a');
    expect(s.has('a')).toBe(true);
  });

  it('is bounded: the oldest key is forgotten first, a re-added key counts as new', () => {
    const s = memorySeenStore({ maxKeys: 2 });
    s.add('a');
    s.add('b');
    s.add('a');
    s.add('c');
    expect([s.has('a'), s.has('b'), s.has('c'), s.size]).toEqual([true, false, true, 2]);
  });

  it('refuses a nonsensical bound', () => {
    expect(() => memorySeenStore({ maxKeys: 0 })).toThrow(RangeError);
  });
});
