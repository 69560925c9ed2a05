// Authentication of the three APIs as a client does it (exchange X1 signatures, merchant Basic,
// partner Bearer or Basic), and the wrong ways to do it with the codes the documents promise.
import { sign, signaturePayload } from '../../contracts/exchange/signing.ts';
import type { Credentials, KeyPair } from './credentials.ts';
import type { ApiId, OperationSpec } from './document.ts';
import type { WireRequest } from './wire.ts';

export type AuthMode =
  | 'valid'
  | 'missing'
  | 'unknown-key'
  | 'wrong-secret'
  | 'tampered-signature'
  | 'stale-nonce'
  | 'non-integer-nonce'
  | 'repeated-param'
  | 'replayed-nonce'
  | 'no-permission'
  | 'wrong-scheme'
  | 'basic'
  | 'wrong-basic-secret'
  /** A valid credential of another tenant than the slot's (cross-tenant checks: tenants.ts). */
  | 'other-tenant';

export interface AuthCase {
  mode: AuthMode;
  /** Expected answer: always 401 and the documented code. */
  expect: { status: 401; code: string };
}

/** Strictly increasing nonces per access key (ms since the epoch, never repeated, never behind the clock). */
export class NonceClock {
  private readonly last = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}
  next(key: string): number {
    const n = Math.max(this.now(), (this.last.get(key) ?? 0) + 1);
    this.last.set(key, n);
    return n;
  }
}

const UNKNOWN: KeyPair = { key: 'contract-runner-unknown-key', secret: 'contract-runner-unknown-secret' };
const basic = (k: KeyPair) => `Basic ${Buffer.from(`${k.key}:${k.secret}`).toString('base64')}`;

/** The credential slots valid requests rotate over (rate limits count per key). */
export function validSlots(api: ApiId, creds: Credentials): number {
  if (api === 'exchange') return Math.max(1, creds.exchange.trade.length);
  if (api === 'partner') return (creds.partner.bearer ? 1 : 0) + (creds.partner.basic ? 1 : 0);
  return 1;
}

/** Whether `creds` name a second tenant of `api` (two exchange trading keys, a second merchant or partner). */
export function hasOtherTenant(api: ApiId, creds: Credentials): boolean {
  if (api === 'exchange') return creds.exchange.trade.length >= 2;
  if (api === 'merchant') return creds.merchant.other !== undefined;
  if (api === 'partner') return creds.partner.other !== undefined;
  return false;
}

/** The negative auth cases of an operation with the code each must produce. */
export function authCases(api: ApiId, op: OperationSpec, creds: Credentials): AuthCase[] {
  if (!op.secured) return [];
  const c = (mode: AuthMode, code: string): AuthCase => ({ mode, expect: { status: 401, code } });
  if (api === 'exchange') {
    return [
      c('missing', '2001'),
      c('repeated-param', '2001'),
      c('unknown-key', '2008'),
      c('stale-nonce', '2007'),
      c('non-integer-nonce', '2007'),
      c('wrong-secret', '2005'),
      c('tampered-signature', '2005'),
      c('replayed-nonce', '2006'),
      ...(op.permission === 'trade' && creds.exchange.viewer ? [c('no-permission', '2011')] : []),
    ];
  }
  const common = [c('missing', '1001'), c('unknown-key', '1001'), c('wrong-secret', '1001'), c('wrong-scheme', '1001')];
  // S-access: from loopback no credentials is allowed, so `missing` is not a failure there.
  if (api === 'sandbox') return common.slice(1);
  if (api === 'merchant') {
    return [...common, ...(op.permission === 'refund:create' && creds.merchant.noRefund ? [c('no-permission', '1003')] : [])];
  }
  return [...common, ...(creds.partner.basic ? [c('wrong-basic-secret', '1001')] : [])];
}

/** Adds credentials to a wire request (in place) as `mode` says; `slot` picks the valid credential. */
export function authorize(api: ApiId, op: OperationSpec, wire: WireRequest, mode: AuthMode, slot: number, creds: Credentials, nonces: NonceClock): void {
  if (!op.secured || mode === 'missing') return;
  if (api === 'exchange') return signExchange(wire, mode, slot, creds, nonces);
  if (api === 'merchant' || api === 'sandbox') {
    const key = mode === 'no-permission' ? creds.merchant.noRefund! : mode === 'other-tenant' ? creds.merchant.other! : creds.merchant.key;
    wire.headers.authorization =
      mode === 'unknown-key' ? basic(UNKNOWN)
      : mode === 'wrong-secret' ? basic({ key: key.key, secret: `${key.secret}-wrong` })
      : mode === 'wrong-scheme' ? `Bearer ${key.key}`
      : basic(key);
    return;
  }
  const { bearer, basic: pair } = mode === 'other-tenant' ? creds.partner.other! : creds.partner;
  const useBasic = mode === 'basic' || mode === 'wrong-basic-secret' || (mode === 'valid' && (slot % 2 === 1 || !bearer));
  wire.headers.authorization =
    mode === 'unknown-key' ? `Bearer ${UNKNOWN.key}`
    : mode === 'wrong-secret' ? `Bearer ${bearer ?? pair!.key}-wrong`
    : mode === 'wrong-basic-secret' ? basic({ key: pair!.key, secret: `${pair!.secret}-wrong` })
    : mode === 'wrong-scheme' ? `Token ${bearer ?? pair!.key}`
    : useBasic && pair ? basic(pair)
    : `Bearer ${bearer}`;
}

function signExchange(wire: WireRequest, mode: AuthMode, slot: number, creds: Credentials, nonces: NonceClock): void {
  const pair =
    mode === 'unknown-key' ? UNKNOWN
    : mode === 'no-permission' ? creds.exchange.viewer!
    : mode === 'other-tenant' ? creds.exchange.trade[(slot + 1) % creds.exchange.trade.length]!
    : creds.exchange.trade[slot % creds.exchange.trade.length]!;
  const fresh = nonces.next(pair.key);
  const nonce = mode === 'stale-nonce' ? String(fresh - 10 * 60_000) : mode === 'non-integer-nonce' ? `${fresh}.5` : String(fresh);
  const query: Record<string, unknown> = Object.fromEntries(wire.query);
  query.access_key = pair.key;
  query.nonce = nonce;
  const secret = mode === 'wrong-secret' ? `${pair.secret}-wrong` : pair.secret;
  // A malformed body never reaches the signature check; sign what the server can parse.
  // A body X1 cannot sign unambiguously (an integer of 2^53 or more) is refused before any
  // signature check (400 1001): it travels with a signature of nothing.
  let signature: string;
  try {
    signature = sign(signaturePayload({ method: wire.method, path: wire.path, query, body: wire.body }), secret);
  } catch {
    signature = '0'.repeat(64);
  }
  // One hex digit changed: the signature of nothing.
  const sent = mode === 'tampered-signature' ? signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0') : signature;
  wire.query.push(['access_key', pair.key], ['nonce', nonce], ['signature', sent]);
  if (mode === 'repeated-param') wire.query.push(['access_key', pair.key]);
}
