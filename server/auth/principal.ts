// Who sent a request, once its credential verified. Each API's auth middleware attaches its own
// principal; handlers receive it as `principal`, other services read it with the typed getters.
import type { NextFunction, Request } from 'express';
import { hash, timingSafeEqual } from 'node:crypto';
import { heldPrincipal, holdPrincipal } from '../core/request-view.ts';

export interface ExchangePrincipal {
  api: 'exchange';
  accessKey: string;
  scopes: readonly 'trade'[];
}

export interface MerchantPrincipal {
  api: 'merchant';
  apiKey: string;
  /** Sandbox keys act on sandbox transactions only. */
  sandbox: boolean;
  permissions: readonly 'refund:create'[];
  hostedPaymentIds: readonly number[];
  webhookSigningSecret: string;
}

export interface PartnerPrincipal {
  api: 'partner';
  partnerId: string;
  scheme: 'bearer' | 'basic';
  /** The key that authenticated (Bearer key or Basic key); rate limits count per credential. */
  credential: string;
}

export type Principal = ExchangePrincipal | MerchantPrincipal | PartnerPrincipal;

/** Attaches the verified caller (the request pipeline carries it: server/core/request-view.ts). */
export function setPrincipal(req: Request, principal: Principal): void {
  holdPrincipal(req, principal);
}

/** Attaches a verifier's principal, at once or when its lookup settles, then goes on; a refusal goes to `next`. */
export function attachPrincipal(req: Request, principal: Principal | Promise<Principal>, next: NextFunction): void {
  if (principal instanceof Promise) {
    principal.then((p) => {
      setPrincipal(req, p);
      next();
    }, next);
    return;
  }
  setPrincipal(req, principal);
  next();
}

export function principalOf(req: Request): Principal | undefined {
  // setPrincipal is the only writer of the slot, so what it holds is a Principal.
  return heldPrincipal(req) as Principal | undefined;
}

const ofApi =
  <A extends Principal['api']>(api: A) =>
  (req: Request): Extract<Principal, { api: A }> | undefined => {
    const p = principalOf(req);
    return p?.api === api ? (p as Extract<Principal, { api: A }>) : undefined;
  };

export const exchangePrincipal = ofApi('exchange');
export const merchantPrincipal = ofApi('merchant');
export const partnerPrincipal = ofApi('partner');

/** Constant-time string equality: compares fixed-length digests so the length does not leak either. */
export function safeEqual(a: string, b: string | StoredSecret): boolean {
  return sameSecret(storedSecret(a), typeof b === 'string' ? storedSecret(b) : b);
}

/**
 * A secret with its digest taken once: a verifier over a fixed list of keys keeps its secrets so,
 * and a request then digests only what it presented (a keyed request measurably, bench figure 10b).
 */
export interface StoredSecret {
  readonly digest: Buffer;
  readonly length: number;
}

export const storedSecret = (s: string): StoredSecret => ({ digest: digest(s), length: s.length });

/** Constant-time equality of two digested secrets (safeEqual's rule). */
export const sameSecret = (a: StoredSecret, b: StoredSecret): boolean => timingSafeEqual(a.digest, b.digest) && a.length === b.length;

// One-shot: a Hash object per side cost a signed or keyed request measurably (bench figure 10).
const digest = (s: string) => hash('sha256', s, 'buffer') as unknown as Buffer;
