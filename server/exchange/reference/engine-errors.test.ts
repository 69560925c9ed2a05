import { describe, expect, it } from 'vitest';
import { ExchangeDomainError } from '../../core/errors.ts';
import { EngineError } from '../engine/index.ts';
import { toExchangeError, translateEngineErrors } from './engine-errors.ts';

describe('toExchangeError', () => {
  it.each([
    { code: 1001, status: 400 },
    { code: 2002, status: 400 },
    { code: 2003, status: 400 },
    { code: 2004, status: 404 },
  ] as const)('engine code $code answers HTTP $status with the engine message', ({ code, status }) => {
    const mapped = toExchangeError(new EngineError(code, `reason ${code}`));
    expect(mapped).toBeInstanceOf(ExchangeDomainError);
    expect(mapped).toMatchObject({ code, status, message: `reason ${code}` });
  });

  it('leaves other errors alone (a bug stays a 500)', () => {
    const bug = new TypeError('x is undefined');
    expect(toExchangeError(bug)).toBe(bug);
  });
});

describe('translateEngineErrors', () => {
  it('rethrows engine failures of sync and async handlers as domain errors, passes results through (a sync handler stays sync)', async () => {
    const wrapped = translateEngineErrors({
      ok: (n: number) => n + 1,
      sync: (_: number) => {
        throw new EngineError(2004, 'Order 7 does not exist');
      },
      async: async (_: number) => {
        throw new EngineError(2002, 'Failed to create order: orders[1]: insufficient usd');
      },
    });
    expect(wrapped.ok(1)).toBe(2);
    expect(() => wrapped.sync(1)).toThrow(expect.objectContaining({ name: 'ExchangeDomainError', code: 2004, status: 404 }));
    await expect(wrapped.async(1)).rejects.toMatchObject({ code: 2002, status: 400, message: 'Failed to create order: orders[1]: insufficient usd' });
  });
});
