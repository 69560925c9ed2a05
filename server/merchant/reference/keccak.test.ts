// Keccak-256 against published digests, and EIP-55 against the vectors of the EIP itself.
import { describe, expect, it } from 'vitest';
import { isEip55Valid, keccak256, toChecksumAddress } from './keccak.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('keccak256 (original padding, as Ethereum uses it)', () => {
  it.each([
    ['', 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'],
    ['abc', '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45'],
    ['The quick brown fox jumps over the lazy dog', '4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15'],
  ])('of %j', (input, digest) => {
    expect(keccak256(utf8(input))).toBe(digest);
  });

  it('pads across the 136-byte block boundary', () => {
    // 135, 136 and 137 bytes: one block, one full block plus a padding block, two blocks.
    const digests = [135, 136, 137].map((n) => keccak256(new Uint8Array(n).fill(0x61)));
    expect(new Set(digests).size).toBe(3);
    expect(digests.every((d) => /^[0-9a-f]{64}$/.test(d))).toBe(true);
  });
});

describe('EIP-55', () => {
  // The examples of EIP-55: all caps, all lower, normal.
  const VECTORS = [
    '0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(VECTORS)('checksums %s to itself', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(isEip55Valid(address)).toBe(true);
  });

  it('accepts one-case addresses (no checksum claimed) and refuses a mixed case that is not the checksum', () => {
    expect(isEip55Valid('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isEip55Valid('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(true);
    expect(isEip55Valid('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false); // last letter's case flipped
    expect(isEip55Valid('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
    expect(isEip55Valid('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });
});
