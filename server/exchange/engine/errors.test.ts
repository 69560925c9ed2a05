import { describe, expect, it } from 'vitest';
import { EngineError, atIndex, cancelRejected, invalidParameter, orderNotFound, orderRejected } from './errors.ts';

describe('engine errors', () => {
  const cases: { error: EngineError; code: number; message: string; index?: number }[] = [
    { error: invalidParameter('market', "unknown market 'x'"), code: 1001, message: "market: unknown market 'x'" },
    { error: invalidParameter('price', 'is required', 4), code: 1001, message: 'orders[4].price: is required', index: 4 },
    { error: orderRejected('insufficient usd'), code: 2002, message: 'Failed to create order: insufficient usd' },
    { error: orderRejected('insufficient usd', 2), code: 2002, message: 'Failed to create order: orders[2]: insufficient usd', index: 2 },
    { error: cancelRejected(7, 'done'), code: 2003, message: 'Failed to cancel order 7: it is already fully executed (done)' },
    { error: cancelRejected(7, 'cancel'), code: 2003, message: 'Failed to cancel order 7: it is already cancelled' },
    { error: orderNotFound(9), code: 2004, message: 'Order 9 does not exist' },
  ];
  it.each(cases)('$code: $message', ({ error, code, message, index }) => {
    expect(error).toBeInstanceOf(EngineError);
    expect(error.name).toBe('EngineError');
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.index).toBe(index);
  });

  it('adds the batch index to a 2002 raised for one element', () => {
    const moved = atIndex(orderRejected('volume must be greater than 0'), 3) as EngineError;
    expect(moved.message).toBe('Failed to create order: orders[3]: volume must be greater than 0');
    expect(moved.index).toBe(3);
  });

  it('adds the batch index to a 1001 raised for one element', () => {
    expect(atIndex(invalidParameter('side', 'must be buy or sell'), 2)).toEqual(new EngineError(1001, 'orders[2].side: must be buy or sell', 2));
  });

  it('leaves other errors and already indexed ones alone', () => {
    const other = new Error('boom');
    expect(atIndex(other, 1)).toBe(other);
    const indexed = orderRejected('x', 0);
    expect(atIndex(indexed, 5)).toBe(indexed);
    const notFound = orderNotFound(1);
    expect(atIndex(notFound, 5)).toBe(notFound);
  });
});
