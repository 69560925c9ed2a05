// HMAC-SHA256 and a constant-time comparison that run wherever the code runs: Node, browsers,
// workers. Pure JavaScript (@noble/hashes, audited), no `node:crypto` and no Buffer, so the X1
// and M3 signatures have one implementation that the clients (also in a browser bundle) and the
// server share. Synchronous, so signing stays a plain function call (Web Crypto is async).
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const utf8 = new TextEncoder();

type KeyedHmac = ReturnType<typeof hmac.create>;

/**
 * HMAC state after the key block, per secret: cloning it saves hashing the key on every call
 * (about a third of the time of a short message). Bounded; a client holds one secret, the server
 * one per configured key.
 */
const keyed = new Map<string, KeyedHmac>();
const MAX_KEYED = 256;

function keyedHmac(secret: string): KeyedHmac {
  let h = keyed.get(secret);
  if (!h) {
    if (keyed.size >= MAX_KEYED) keyed.clear();
    h = hmac.create(sha256, utf8.encode(secret));
    keyed.set(secret, h);
  }
  return h;
}

/** Lower-case hex HMAC-SHA256 of the UTF-8 `message`, keyed with the UTF-8 `secret`. */
export function hmacSha256Hex(secret: string, message: string): string {
  return bytesToHex(keyedHmac(secret).clone().update(utf8.encode(message)).digest());
}

/**
 * Whether two byte strings are equal, in time that depends on their length only (not on where
 * they differ). A length difference returns false at once: lengths are public (a signature is 64 hex).
 */
export function constantTimeEqualBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** constantTimeEqualBytes over the UTF-8 bytes of two strings (received signatures). */
export function constantTimeEqual(a: string, b: string): boolean {
  return constantTimeEqualBytes(utf8.encode(a), utf8.encode(b));
}
