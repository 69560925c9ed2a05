import { describe, expect, it } from 'vitest';
import { formatTxid, sandboxOutcome, simulatedReceived } from './lifecycle.ts';

describe('sandbox outcomes (M2)', () => {
  it.each([
    ['100', 'overpaid'], ['100.00', 'overpaid'], ['200', 'underpaid'], ['200.0', 'underpaid'], ['10.00', 'paid'], ['1000', 'paid'], ['100.01', 'paid'],
  ] as const)('amount %s -> %s', (amount, want) => {
    expect(sandboxOutcome(amount)).toBe(want);
  });

  it.each([
    ['paid', '0.0025', 'BTC', '0.0025'],
    ['overpaid', '0.0025', 'BTC', '0.00275'],
    ['underpaid', '0.005', 'BTC', '0.0045'],
    // At least one smallest unit more or less, so the outcome holds for tiny amounts too.
    ['overpaid', '0.00000005', 'BTC', '0.00000006'],
    ['underpaid', '0.00000005', 'BTC', '0.00000004'],
    ['underpaid', '0.00000001', 'BTC', '0'],
  ] as const)('%s of %s %s receives %s', (outcome, due, crypto, want) => {
    expect(simulatedReceived(outcome, due, crypto)).toBe(want);
  });

  it('writes transaction hashes as each chain does', () => {
    const hex = 'ab'.repeat(32);
    expect(formatTxid('BTC', null, hex)).toBe(hex);
    expect(formatTxid('ETH', null, hex)).toBe(`0x${hex}`);
    expect(formatTxid('USDT', 'ERC-20', hex)).toBe(`0x${hex}`);
    expect(formatTxid('USDT', 'TRC-20', hex)).toBe(hex);
    expect(formatTxid('XRP', null, hex)).toBe(hex.toUpperCase());
  });
});
