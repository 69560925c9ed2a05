// Merchant API auth: HTTP Basic `key:secret` against the configured keys (sandbox or live), and the
// Refund Create permission on the operations that declare `x-required-permission`. Missing or wrong
// credentials answer 401 code 1001 (M1); a key without the permission 401 code 1003.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiDomainError } from '../core/errors.ts';
import { lookupKey, type KeyLookup } from './key-lookup.ts';
import { parseAuthorization } from './authorization-header.ts';
import { attachPrincipal, safeEqual, storedSecret, type MerchantPrincipal, type StoredSecret } from './principal.ts';
import type { MerchantKey } from './keys.ts';

export type { MerchantKey };

export type MerchantPermission = MerchantKey['permissions'][number];

const unauthorized = (why: string) =>
  new ApiDomainError(401, '1001', `Key or secret not set properly in Authorization: ${why}`);

/** 401 1003: the key is right but lacks `permission` (the sandbox control API's refund fixtures answer it too). */
export const lacksPermission = (permission: MerchantPermission) =>
  new ApiDomainError(401, '1003', 'The API key lacks the Refund Create permission this operation requires', undefined, `missing permission: ${permission}`);

/**
 * Where a service keeps its keys when they are not a fixed list: a lookup by API key, e.g. a
 * database query. `undefined` is an unknown key (401 1001); a lookup that throws or rejects answers
 * 503 in the API's body (the request was not judged, so it is safe to retry).
 */
export type MerchantKeyLookup = KeyLookup<MerchantKey>;

/** Verifies the Authorization header; returns the principal (a promise of it with a key lookup) or throws an ApiDomainError (401). */
export function createMerchantVerifier(keys: readonly MerchantKey[]): (authorization: string | undefined, permission?: MerchantPermission) => MerchantPrincipal;
export function createMerchantVerifier(lookup: MerchantKeyLookup): (authorization: string | undefined, permission?: MerchantPermission) => Promise<MerchantPrincipal>;
export function createMerchantVerifier(keys: readonly MerchantKey[] | MerchantKeyLookup): MerchantVerifier;
export function createMerchantVerifier(keys: readonly MerchantKey[] | MerchantKeyLookup): MerchantVerifier {
  // Compared against when the key is unknown, so both paths do the same work.
  const decoy = 'x'.repeat(32);
  const credentials = (authorization: string | undefined) => {
    const auth = parseAuthorization(authorization);
    if (auth.scheme === 'missing') throw unauthorized('the header is missing; send Basic base64(<API_KEY>:<API_SECRET>)');
    if (auth.scheme === 'invalid') throw unauthorized(auth.reason);
    if (auth.scheme !== 'basic') throw unauthorized('use HTTP Basic with <API_KEY>:<API_SECRET>');
    return auth;
  };
  const judge = (auth: { secret: string }, key: MerchantKey | undefined, permission?: MerchantPermission, stored?: StoredSecret): MerchantPrincipal => {
    const secretOk = safeEqual(auth.secret, stored ?? key?.secret ?? decoy);
    if (!key || !secretOk) throw unauthorized('unknown key or wrong secret');
    if (permission && !key.permissions.includes(permission)) throw lacksPermission(permission);
    const { apiKey, sandbox, permissions, hostedPaymentIds, webhookSigningSecret } = key;
    return { api: 'merchant', apiKey, sandbox, permissions, hostedPaymentIds, webhookSigningSecret };
  };
  if (typeof keys === 'function') {
    return async function verify(authorization, permission) {
      const auth = credentials(authorization);
      return judge(auth, await lookupKey(keys, auth.key), permission);
    };
  }
  // The fixed list's secrets digested once; an unknown key is compared against the decoy's.
  const byKey = new Map(keys.map((k) => [k.apiKey, { key: k, secret: storedSecret(k.secret) }]));
  const decoySecret = storedSecret(decoy);
  return function verify(authorization, permission) {
    const auth = credentials(authorization);
    const known = byKey.get(auth.key);
    return judge(auth, known?.key, permission, known?.secret ?? decoySecret);
  };
}

/** A verifier: synchronous over a fixed list of keys, asynchronous over a lookup. */
export type MerchantVerifier = (authorization: string | undefined, permission?: MerchantPermission) => MerchantPrincipal | Promise<MerchantPrincipal>;

/** Router step (failures go to `next`; the exported `merchantAuth` answers them): verifies and attaches the principal; `permission` for refund-creating operations. */
export function merchantAuthStep(verify: MerchantVerifier | readonly MerchantKey[] | { lookup: MerchantKeyLookup }, permission?: MerchantPermission): RequestHandler {
  const verifier = typeof verify === 'function' ? verify : createMerchantVerifier('lookup' in verify ? verify.lookup : verify);
  return function merchantAuthMiddleware(req: Request, _res: Response, next: NextFunction): void {
    attachPrincipal(req, verifier(req.headers.authorization, permission), next);
  };
}
