import { describe, expect, it } from 'vitest';
import { CRYPTO_ISOS } from '../../../contracts/merchant/enums.ts';
import {
  RIPPLE_ALPHABET, decodeCashAddr, decodeSegwit, decodeVersioned, decodeXAddress, encodeCashAddr, encodeSegwit, encodeVersioned,
  encodeXAddress,
} from './address-codecs.ts';
import { isValidAddress, sandboxAddress } from './addresses.ts';

const hex = (s: string) => Uint8Array.from(Buffer.from(s, 'hex'));

describe('address codecs against published vectors', () => {
  it('bech32 (BIP173) and bech32m (BIP350)', () => {
    const program = hex('751e76e8199196d454941c45d1b3a323f1433bd6');
    expect(encodeSegwit('bc', 0, program)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    expect(decodeSegwit('bc', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')?.program).toEqual(program);
    expect(decodeSegwit('bc', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')?.version).toBe(1);
    const taproot = decodeSegwit('bc', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')!;
    expect(encodeSegwit('bc', 1, taproot.program)).toBe('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0');
    expect(encodeSegwit('ltc', 0, program)).toBe('ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9');
    // One character changed, mixed case, wrong hrp.
    expect(decodeSegwit('bc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBeNull();
    expect(decodeSegwit('bc', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeNull();
    expect(decodeSegwit('ltc', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeNull();
  });

  it('base58check (Bitcoin legacy) and CashAddr of the same key hash', () => {
    const h = hex('76a04053bda0a88bda5177b86a15c3b29f559873');
    expect(encodeVersioned(0x00, h)).toBe('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu');
    expect(encodeCashAddr(h)).toBe('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a');
    expect(decodeCashAddr('qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')?.hash).toEqual(h);
    expect(decodeCashAddr('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b')).toBeNull();
    expect(decodeVersioned('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggv')).toBeNull();
  });

  it('XRP classic addresses and X-addresses (XLS-5d)', () => {
    const a = decodeVersioned('r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59', RIPPLE_ALPHABET);
    expect(a?.version).toBe(0);
    expect(encodeXAddress(a!.hash, undefined)).toBe('X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ');
    expect(encodeXAddress(a!.hash, 1)).toBe('X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu');
    const b = decodeVersioned('rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf', RIPPLE_ALPHABET);
    expect(encodeXAddress(b!.hash, 0)).toBe('XVLhHMPHU98es4dbozjVtdWzVrDjtV8AqEL4xcZj5whKbmc');
    expect(encodeXAddress(b!.hash, 4294967295)).toBe('XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi');
    expect(decodeXAddress('X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu')).toEqual({ accountId: a!.hash, tag: 1 });
    expect(decodeXAddress('XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi')?.tag).toBe(4294967295);
    expect(decodeXAddress('X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fv')).toBeNull();
  });
});

describe('sandbox addresses', () => {
  it('are deterministic, differ per payment, and pass the refund address check of their currency', () => {
    for (const iso of CRYPTO_ISOS) {
      const a = sandboxAddress(iso, undefined, 'demo-merchant', 1001);
      expect(sandboxAddress(iso, undefined, 'demo-merchant', 1001)).toEqual(a);
      expect(isValidAddress(iso, undefined, a.address), `${iso} ${a.address}`).toBe(true);
      if (iso !== 'XRP') expect(sandboxAddress(iso, undefined, 'demo-merchant', 1002).address).not.toBe(a.address);
    }
  });

  it('give BCH a cash address, XRP a destination tag and an X-address carrying it, USDT TRC-20 a TRON address', () => {
    const bch = sandboxAddress('BCH', undefined, 'm', 7);
    expect(bch.address).toMatch(/^1/);
    expect(decodeCashAddr(bch.cash_address!)?.hash).toEqual(decodeVersioned(bch.address)?.hash);
    const xrp = sandboxAddress('XRP', undefined, 'm', 1001);
    expect(xrp).toMatchObject({ destination_tag: '1001' });
    expect(xrp.address).toMatch(/^r/);
    expect(decodeXAddress(xrp.xaddress!)).toEqual({ accountId: decodeVersioned(xrp.address, RIPPLE_ALPHABET)!.hash, tag: 1001 });
    const trc = sandboxAddress('USDT', 'TRC-20', 'm', 7).address;
    expect(trc).toMatch(/^T/);
    expect(isValidAddress('USDT', 'TRC-20', trc)).toBe(true);
    expect(isValidAddress('USDT', 'ERC-20', trc)).toBe(false);
  });
});

describe('isValidAddress', () => {
  it.each([
    ['BTC', undefined, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', true],
    ['BTC', undefined, '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', true],
    ['BTC', undefined, '0x52908400098527886E0F7030069857D2E4169EE7', false],
    ['LTC', undefined, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', false],
    ['BCH', undefined, 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', true],
    ['ETH', undefined, '0x52908400098527886E0F7030069857D2E4169EE7', true],
    ['ETH', undefined, '0x52908400098527886E0F7030069857D2E4169EE', false],
    ['USDT', 'BEP-20', '0x52908400098527886e0f7030069857d2e4169ee7', true],
    ['ETH', undefined, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', true], // EIP-55 checksum
    ['ETH', undefined, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', false], // mixed case, not the checksum
    ['USDT', 'ERC-20', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', true],
    ['USDT', 'ERC-20', '0xfb6916095ca1df60bB79Ce92cE3Ea74c37c5d359', false],
    ['USDT', 'TRC-20', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', true],
    ['XRP', undefined, 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf', true],
    ['XRP', undefined, 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu', true],
    ['XRP', undefined, 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpg', false],
  ] as const)('%s %s %s -> %s', (iso, network, address, want) => {
    expect(isValidAddress(iso, network, address)).toBe(want);
  });
});
