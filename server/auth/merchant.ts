// Merchant API auth: HTTP Basic `key:secret` against the configured keys (sandbox or live), and the
// Refund Create permission on the operations that declare `x-required-permission`. Missing or wrong
// credentials answer 401 code 1001 (M1); a key without the permission 401 code 1003.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiDomainError } from '../errors.ts';
import { parseAuthorization } from './authorization-header.ts';
import { safeEqual, setPrincipal, type MerchantPrincipal } from './principal.ts';
import type { MerchantKey } from './keys.ts';

export type { MerchantKey };

export type MerchantPermission = MerchantKey['permissions'][number];

const unauthorized = (why: string) =>
  new ApiDomainError(401, '1001', `Key or secret not set properly in Authorization: ${why}`);

/** 401 1003: the key is right but lacks `permission` (the sandbox control API's refund fixtures answer it too). */
export const lacksPermission = (permission: MerchantPermission) =>
  new ApiDomainError(401, '1003', 'The API key lacks the Refund Create permission this operation requires', undefined, `missing permission: ${permission}`);

/** Verifies the Authorization header; returns the principal or throws an ApiDomainError (401). */
export function createMerchantVerifier(keys: readonly MerchantKey[]) {
  const byKey = new Map(keys.map((k) => [k.apiKey, k]));
  // Compared against when the key is unknown, so both paths do the same work.
  const decoy = 'x'.repeat(32);

  return function verify(authorization: string | undefined, permission?: MerchantPermission): MerchantPrincipal {
    const auth = parseAuthorization(authorization);
    if (auth.scheme === 'missing') throw unauthorized('the header is missing; send Basic base64(<API_KEY>:<API_SECRET>)');
    if (auth.scheme === 'invalid') throw unauthorized(auth.reason);
    if (auth.scheme !== 'basic') throw unauthorized('use HTTP Basic with <API_KEY>:<API_SECRET>');
    const key = byKey.get(auth.key);
    const secretOk = safeEqual(auth.secret, key?.secret ?? decoy);
    if (!key || !secretOk) throw unauthorized('unknown key or wrong secret');
    if (permission && !key.permissions.includes(permission)) throw lacksPermission(permission);
    const { apiKey, sandbox, permissions, hostedPaymentIds, webhookSigningSecret } = key;
    return { api: 'merchant', apiKey, sandbox, permissions, hostedPaymentIds, webhookSigningSecret };
  };
}

export type MerchantVerifier = ReturnType<typeof createMerchantVerifier>;

/** Router step (failures go to `next`; the exported `merchantAuth` answers them): verifies and attaches the principal; `permission` for refund-creating operations. */
export function merchantAuthStep(verify: MerchantVerifier | readonly MerchantKey[], permission?: MerchantPermission): RequestHandler {
  const verifier = typeof verify === 'function' ? verify : createMerchantVerifier(verify);
  return function merchantAuthMiddleware(req: Request, _res: Response, next: NextFunction): void {
    setPrincipal(req, verifier(req.headers.authorization, permission));
    next();
  };
}
