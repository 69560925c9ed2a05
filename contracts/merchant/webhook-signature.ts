// The one definition of webhook signing (decision M3), used by the server to sign and by the
// client to verify: s1 = lower-case hex HMAC-SHA256(signing secret, `<t>.<data>`), where data is
// the base64 string exactly as sent, and the envelope's signature reads `t=<unix s>,s1=<hex>`.
// Pure functions (HMAC and base64 from contracts/shared, no node:crypto, no Buffer), so they run in
// a browser too; kept out of index.ts so that importing them does not load the schemas.
import { utf8ToBase64 } from '../shared/base64.ts';
import { constantTimeEqual, hmacSha256Hex } from '../shared/crypto.ts';
import { SIGNATURE_HEADER_PATTERN } from './enums.ts';
import type { WebhookEnvelope } from './webhooks.ts';

export { SIGNATURE_HEADER_PATTERN };
const HEADER_RE = new RegExp(SIGNATURE_HEADER_PATTERN);

/** Lower-case hex HMAC-SHA256 of `<t>.<data>` keyed with the signing secret. */
export function webhookSignature(secret: string, t: number, data: string): string {
  return hmacSha256Hex(secret, `${t}.${data}`);
}

/** `t=<t>,s1=<sig>[,s1=<sig>...]`; several s1 values let a secret be rotated. */
export function formatSignatureHeader(t: number, signatures: readonly string[]): string {
  if (!Number.isSafeInteger(t) || t < 0) throw new RangeError(`timestamp must be a non-negative integer, got ${t}`);
  if (signatures.length === 0) throw new RangeError('at least one s1 signature is required');
  const header = `t=${t},${signatures.map((s) => `s1=${s}`).join(',')}`;
  if (!HEADER_RE.test(header)) throw new RangeError('each signature must be 64 lower-case hex characters');
  return header;
}

/** Splits on `,` then on `=`; null when the value does not match `t=<digits>(,s1=<64 hex>)+`. */
export function parseSignatureHeader(header: string): { t: number; s1: string[] } | null {
  if (!HEADER_RE.test(header)) return null;
  const [first, ...rest] = header.split(',');
  const t = Number(first!.slice('t='.length));
  if (!Number.isSafeInteger(t)) return null;
  return { t, s1: rest.map((part) => part.slice('s1='.length)) };
}

/** Constant-time comparison of two hex signatures. */
export function signaturesEqual(a: string, b: string): boolean {
  return constantTimeEqual(a, b);
}

/** Base64 of the JSON payload: the `data` of the envelope. */
export function encodeWebhookData(payload: unknown): string {
  return utf8ToBase64(JSON.stringify(payload));
}

/** A signed envelope `{signature, data}` for a payload, as the server sends it (and tests build it); one s1 per secret. */
export function signWebhookEnvelope(secret: string | readonly string[], payload: unknown, t: number): WebhookEnvelope {
  const data = encodeWebhookData(payload);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  return { signature: formatSignatureHeader(t, secrets.map((s) => webhookSignature(s, t, data))), data };
}
