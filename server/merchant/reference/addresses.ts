// Sandbox payment addresses, deterministic per merchant and payment (the same inputs give the same
// address on every run), in each currency's real format with a valid checksum; and the address
// check of instant refunds: the format of the transaction's currency (and network for USDT).
import { isEip55Valid } from './keccak.ts';
import { hash } from 'node:crypto';
import type { CryptoIso, NetworkType } from '../../../contracts/merchant/enums.ts';
import {
  RIPPLE_ALPHABET, decodeCashAddr, decodeSegwit, decodeVersioned, decodeXAddress, encodeCashAddr, encodeSegwit,
  encodeVersioned, encodeXAddress,
} from './address-codecs.ts';

export interface IssuedAddress {
  address: string;
  cash_address?: string;
  xaddress?: string;
  destination_tag?: string;
}

const hash20 = (seed: string): Uint8Array => (hash('sha256', seed, 'buffer') as unknown as Buffer).subarray(0, 20);
const hex40 = (seed: string): string => `0x${Buffer.from(hash20(seed)).toString('hex')}`;
const TRON_VERSION = 0x41;

/**
 * The address a sandbox payment is paid to. XRP payments share the merchant's account and are told
 * apart by the destination tag (the payment id), as on the real ledger; BCH gives the legacy
 * address and its CashAddr form of the same key hash.
 */
export function sandboxAddress(iso: CryptoIso, network: NetworkType | undefined, merchant: string, paymentId: number): IssuedAddress {
  const seed = `sandbox:${merchant}:${iso}:${paymentId}`;
  switch (iso) {
    case 'BTC':
      return { address: encodeSegwit('bc', 0, hash20(seed)) };
    case 'LTC':
      return { address: encodeSegwit('ltc', 0, hash20(seed)) };
    case 'BCH': {
      const h = hash20(seed);
      return { address: encodeVersioned(0x00, h), cash_address: encodeCashAddr(h) };
    }
    case 'ETH':
      return { address: hex40(seed) };
    case 'USDT':
      return network === 'TRC-20' ? { address: encodeVersioned(TRON_VERSION, hash20(seed)) } : { address: hex40(seed) };
    case 'XRP': {
      const account = hash20(`sandbox:${merchant}:XRP`);
      const tag = paymentId >>> 0;
      return { address: encodeVersioned(0x00, account, RIPPLE_ALPHABET), destination_tag: String(tag), xaddress: encodeXAddress(account, tag) };
    }
  }
}

const versioned = (a: string, versions: readonly number[], alphabet?: string) => {
  const d = decodeVersioned(a, alphabet);
  return d !== null && versions.includes(d.version);
};

/** What a refund address must look like, per currency (for the error message). */
export const ADDRESS_FORMATS: Record<CryptoIso, string> = {
  BTC: 'a Bitcoin address (bc1..., 1... or 3...) with a valid checksum',
  LTC: 'a Litecoin address (ltc1..., L..., M... or 3...) with a valid checksum',
  BCH: 'a Bitcoin Cash address (bitcoincash:q..., q... or legacy 1.../3...) with a valid checksum',
  ETH: 'an Ethereum address (0x and 40 hex digits; mixed case must be the EIP-55 checksum)',
  XRP: 'an XRP address (classic r... or X-address) with a valid checksum',
  USDT: 'an address of the payment network (ERC-20/BEP-20: 0x and 40 hex digits, EIP-55 when mixed case; TRC-20: T... with a valid checksum)',
};

/** Whether `address` is a plausible address of the currency (and USDT network), checksums verified. */
export function isValidAddress(iso: CryptoIso, network: NetworkType | undefined, address: string): boolean {
  switch (iso) {
    case 'BTC':
      return decodeSegwit('bc', address) !== null || versioned(address, [0x00, 0x05]);
    case 'LTC':
      return decodeSegwit('ltc', address) !== null || versioned(address, [0x30, 0x32, 0x05]);
    case 'BCH':
      return decodeCashAddr(address) !== null || versioned(address, [0x00, 0x05]);
    case 'ETH':
      return isEip55Valid(address); // 0x + 40 hex digits; mixed case must be the EIP-55 checksum
    case 'USDT':
      return network === 'TRC-20' ? versioned(address, [TRON_VERSION]) : isEip55Valid(address);
    case 'XRP':
      return versioned(address, [0x00], RIPPLE_ALPHABET) || decodeXAddress(address) !== null;
  }
}

/** The destination tag an X-address carries, if any. */
export const xAddressTag = (address: string): number | undefined => decodeXAddress(address)?.tag;
