import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_TEST_SECRET, SIGNATURE_TEST_VECTORS } from '../exchange/signing.ts';
import { constantTimeEqual, constantTimeEqualBytes, hmacSha256Hex } from './crypto.ts';

describe('hmacSha256Hex', () => {
  it.each(SIGNATURE_TEST_VECTORS.map((v) => [v.payload, v.signature]))('X1 vector %s', (payload, signature) => {
    expect(hmacSha256Hex(SIGNATURE_TEST_SECRET, payload)).toBe(signature);
  });

  it('RFC 4231 test case 2 (key "Jefe")', () => {
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });

  it('equals node:crypto for non-ASCII secrets and messages, long keys, and secrets used alternately (the keyed cache)', () => {
    const cases: [string, string][] = [
      ['clé-secrète-ü', 'POST|/api/v1/orders|note=héllo 🚀'],
      ['k'.repeat(200), 'a key longer than the SHA-256 block is hashed first'],
      ['', 'an empty key'],
      ['s', ''],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [secret, message] of cases) {
        expect(hmacSha256Hex(secret, message)).toBe(createHmac('sha256', secret).update(message, 'utf8').digest('hex'));
      }
    }
  });
});

describe('constantTimeEqual', () => {
  it.each([
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'ab', false],
    ['', '', true],
    ['é', 'e\u0301', false],
    ['ü', 'ü', true],
  ])('%j vs %j -> %s', (a, b, want) => {
    expect(constantTimeEqual(a, b)).toBe(want);
  });

  it('compares bytes, first and last positions included', () => {
    expect(constantTimeEqualBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqualBytes(new Uint8Array([0, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(false);
    expect(constantTimeEqualBytes(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
  });

  // A comparison that walks one side only would take a correct signature with anything after it
  // (or a prefix of one) as equal: lengths must match, whichever side is the longer.
  it('refuses a longer or a shorter byte string, on either side, zero bytes included', () => {
    const sig = new Uint8Array([7, 8, 9]);
    for (const other of [new Uint8Array([7, 8, 9, 1]), new Uint8Array([7, 8, 9, 0]), new Uint8Array([7, 8]), new Uint8Array([])]) {
      expect([constantTimeEqualBytes(sig, other), constantTimeEqualBytes(other, sig)]).toEqual([false, false]);
    }
    expect(constantTimeEqualBytes(new Uint8Array([0, 0]), new Uint8Array([0, 0, 0]))).toBe(false);
    expect(constantTimeEqualBytes(new Uint8Array([0, 0, 0]), new Uint8Array([0, 0]))).toBe(false);
  });

  it('refuses a correct signature with a suffix or cut short, on either side', () => {
    const sig = hmacSha256Hex('s', 'm');
    for (const other of [`${sig}0`, `${sig}${sig}`, sig.slice(0, -1), sig.slice(0, 32), '']) {
      expect([constantTimeEqual(sig, other), constantTimeEqual(other, sig)]).toEqual([false, false]);
    }
    expect(constantTimeEqual(sig, sig)).toBe(true);
  });
});
