import { describe, expect, it } from 'vitest';
import { exchangeOperations } from './operations.ts';
import { operationKey, SIGNED_OPERATION_KEYS } from './signed-operations.ts';

describe('SIGNED_OPERATION_KEYS', () => {
  it('lists exactly the operations whose contract declares a security requirement', () => {
    const fromContract = Object.values(exchangeOperations)
      .filter((op) => op.security.length > 0)
      .map((op) => operationKey(op.method, op.path));
    expect([...SIGNED_OPERATION_KEYS].sort()).toEqual(fromContract.sort());
    expect(new Set(SIGNED_OPERATION_KEYS).size).toBe(SIGNED_OPERATION_KEYS.length);
  });
});
