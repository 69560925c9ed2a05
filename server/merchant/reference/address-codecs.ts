// The address encodings the sandbox issues and checks, with their checksums, so sandbox addresses
// pass an integrator's own address validation: bech32/bech32m (BIP173/BIP350: BTC, LTC),
// base58check in the Bitcoin and Ripple alphabets (legacy BTC/LTC/BCH, XRP, TRON), CashAddr (BCH)
// and the XRP X-address (XLS-5d). Pure functions over byte arrays.
import { hash } from 'node:crypto';

// One-shot digests: a Hash object each cost a payment measurably (bench figure 10).
const sha256 = (b: Uint8Array): Buffer => hash('sha256', b, 'buffer') as unknown as Buffer;
const sha256d = (b: Uint8Array): Buffer => sha256(sha256(b));

/** Regroups bits (8 -> 5 or 5 -> 8); null when padding is invalid while decoding. */
function convertBits(data: readonly number[], from: number, to: number, pad: boolean): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (const v of data) {
    if (v < 0 || v >> from !== 0) return null;
    acc = (acc << from) | v;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & maxv);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & maxv);
  } else if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) return null;
  return out;
}

// ---- bech32 / bech32m -------------------------------------------------------------------------
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

const BECH32_GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function bech32Polymod(values: readonly number[]): number {
  const gen = BECH32_GEN;
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i]!;
  }
  return chk >>> 0;
}
const hrpExpand = (hrp: string) => [...[...hrp].map((ch) => ch.charCodeAt(0) >> 5), 0, ...[...hrp].map((ch) => ch.charCodeAt(0) & 31)];

/**
 * A segwit address: witness version 0 uses bech32, 1..16 bech32m. Written as loops over one array
 * (every sandbox payment of BTC and LTC makes one; the spread copies cost it measurably).
 */
export function encodeSegwit(hrp: string, version: number, program: Uint8Array): string {
  const data = convertBits([...program], 8, 5, true)!;
  data.unshift(version);
  const values: number[] = [];
  for (let i = 0; i < hrp.length; i++) values.push(hrp.charCodeAt(i) >> 5);
  values.push(0);
  for (let i = 0; i < hrp.length; i++) values.push(hrp.charCodeAt(i) & 31);
  for (const d of data) values.push(d);
  values.push(0, 0, 0, 0, 0, 0);
  const mod = bech32Polymod(values) ^ (version === 0 ? BECH32_CONST : BECH32M_CONST);
  let out = `${hrp}1`;
  for (const d of data) out += BECH32[d];
  for (let i = 0; i < 6; i++) out += BECH32[(mod >>> (5 * (5 - i))) & 31];
  return out;
}

/** Decodes and checks a segwit address of the given hrp; null when anything is wrong. */
export function decodeSegwit(hrp: string, address: string): { version: number; program: Uint8Array } | null {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  const a = address.toLowerCase();
  const sep = a.lastIndexOf('1');
  if (sep < 1 || a.slice(0, sep) !== hrp || a.length > 90 || a.length - sep - 1 < 7) return null;
  const data: number[] = [];
  for (const ch of a.slice(sep + 1)) {
    const d = BECH32.indexOf(ch);
    if (d < 0) return null;
    data.push(d);
  }
  const version = data[0]!;
  const constant = version === 0 ? BECH32_CONST : BECH32M_CONST;
  if (version > 16 || bech32Polymod([...hrpExpand(hrp), ...data]) !== constant) return null;
  const program = convertBits(data.slice(1, -6), 5, 8, false);
  if (!program || program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  return { version, program: Uint8Array.from(program) };
}

// ---- base58check ------------------------------------------------------------------------------
export const BITCOIN_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const RIPPLE_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

function base58Encode(bytes: Uint8Array, alphabet: string): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = alphabet[0]! + out;
  }
  return out;
}

function base58Decode(s: string, alphabet: string): Uint8Array | null {
  let n = 0n;
  for (const ch of s) {
    const d = alphabet.indexOf(ch);
    if (d < 0) return null;
    n = n * 58n + BigInt(d);
  }
  const hex = n === 0n ? '' : n.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  let zeros = 0;
  while (zeros < s.length && s[zeros] === alphabet[0]) zeros++;
  return Uint8Array.from([...new Uint8Array(zeros), ...body]);
}

/** base58 of `payload` followed by the first 4 bytes of its double SHA-256. */
export function base58CheckEncode(payload: Uint8Array, alphabet = BITCOIN_ALPHABET): string {
  return base58Encode(Uint8Array.from([...payload, ...sha256d(payload).subarray(0, 4)]), alphabet);
}

/** The payload of a base58check string, or null when a character or the checksum is wrong. */
export function base58CheckDecode(s: string, alphabet = BITCOIN_ALPHABET): Uint8Array | null {
  const raw = base58Decode(s, alphabet);
  if (!raw || raw.length < 5) return null;
  const payload = raw.subarray(0, -4);
  return Buffer.from(sha256d(payload).subarray(0, 4)).equals(Buffer.from(raw.subarray(-4))) ? payload : null;
}

/** A version byte and a 20-byte hash: legacy Bitcoin-family, XRP classic and TRON addresses. */
export const encodeVersioned = (version: number, hash: Uint8Array, alphabet = BITCOIN_ALPHABET) =>
  base58CheckEncode(Uint8Array.from([version, ...hash]), alphabet);

export function decodeVersioned(s: string, alphabet = BITCOIN_ALPHABET): { version: number; hash: Uint8Array } | null {
  const p = base58CheckDecode(s, alphabet);
  return p && p.length === 21 ? { version: p[0]!, hash: p.subarray(1) } : null;
}

// ---- CashAddr (Bitcoin Cash) ------------------------------------------------------------------
function cashPolymod(values: readonly number[]): bigint {
  const gen = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n];
  let c = 1n;
  for (const d of values) {
    const c0 = c >> 35n;
    c = ((c & 0x07ffffffffn) << 5n) ^ BigInt(d);
    for (let i = 0; i < 5; i++) if ((c0 >> BigInt(i)) & 1n) c ^= gen[i]!;
  }
  return c ^ 1n;
}
const cashPrefix = (prefix: string) => [...[...prefix].map((ch) => ch.charCodeAt(0) & 31), 0];

/** `bitcoincash:q...` of a P2PKH (type 0) or P2SH (type 1) 20-byte hash. */
export function encodeCashAddr(hash: Uint8Array, type: 0 | 1 = 0, prefix = 'bitcoincash'): string {
  const payload = convertBits([type << 3, ...hash], 8, 5, true)!;
  const mod = cashPolymod([...cashPrefix(prefix), ...payload, 0, 0, 0, 0, 0, 0, 0, 0]);
  const checksum = Array.from({ length: 8 }, (_, i) => Number((mod >> BigInt(5 * (7 - i))) & 31n));
  return `${prefix}:${[...payload, ...checksum].map((d) => BECH32[d]).join('')}`;
}

/** Decodes a CashAddr, with or without its prefix; null when anything is wrong. */
export function decodeCashAddr(address: string, prefix = 'bitcoincash'): { type: number; hash: Uint8Array } | null {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return null;
  const a = address.toLowerCase();
  const body = a.startsWith(`${prefix}:`) ? a.slice(prefix.length + 1) : a;
  if (body.includes(':')) return null;
  const data: number[] = [];
  for (const ch of body) {
    const d = BECH32.indexOf(ch);
    if (d < 0) return null;
    data.push(d);
  }
  if (data.length < 9 || cashPolymod([...cashPrefix(prefix), ...data]) !== 0n) return null;
  const bytes = convertBits(data.slice(0, -8), 5, 8, false);
  if (!bytes || bytes.length !== 21 || (bytes[0]! & 0x07) !== 0) return null;
  return { type: bytes[0]! >> 3, hash: Uint8Array.from(bytes.slice(1)) };
}

// ---- XRP X-address ----------------------------------------------------------------------------
const X_PREFIX_MAINNET = [0x05, 0x44];

/** The X-address of a classic account id (20 bytes) and an optional destination tag (uint32). */
export function encodeXAddress(accountId: Uint8Array, tag: number | undefined): string {
  const flag = tag === undefined ? 0 : 1;
  const t = tag ?? 0;
  const tagBytes = [t & 0xff, (t >>> 8) & 0xff, (t >>> 16) & 0xff, (t >>> 24) & 0xff, 0, 0, 0, 0];
  return base58CheckEncode(Uint8Array.from([...X_PREFIX_MAINNET, ...accountId, flag, ...tagBytes]), RIPPLE_ALPHABET);
}

export function decodeXAddress(address: string): { accountId: Uint8Array; tag: number | undefined } | null {
  const p = base58CheckDecode(address, RIPPLE_ALPHABET);
  if (!p || p.length !== 31 || p[0] !== X_PREFIX_MAINNET[0] || p[1] !== X_PREFIX_MAINNET[1]) return null;
  const flag = p[22]!;
  const tag = p[23]! + p[24]! * 2 ** 8 + p[25]! * 2 ** 16 + p[26]! * 2 ** 24;
  if (flag > 1 || p.subarray(27).some((b) => b !== 0) || (flag === 0 && tag !== 0)) return null;
  return { accountId: p.subarray(2, 22), tag: flag === 1 ? tag : undefined };
}
