// Partner API auth (P1): `Bearer <API_KEY>` or `Basic base64(key:secret)`, both on every operation.
// Missing or wrong credentials answer 401 code 1001.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiDomainError } from '../core/errors.ts';
import { parseAuthorization } from './authorization-header.ts';
import { attachPrincipal, safeEqual, sameSecret, storedSecret, type PartnerPrincipal, type StoredSecret } from './principal.ts';
import type { PartnerCredential } from './keys.ts';
import { lookupKey } from './key-lookup.ts';

export type { PartnerCredential };

const unauthorized = (why: string) => new ApiDomainError(401, '1001', `API key not set properly in Authorization: ${why}`);

/**
 * Credentials behind a lookup (e.g. a database query): by the Bearer token, or by the Basic key
 * (its secret is then compared here, in constant time). `undefined` is unknown (401 1001); a lookup
 * that throws or rejects answers 503 in the API's body.
 */
export type PartnerCredentialLookup = (key: string, scheme: 'bearer' | 'basic') => PartnerCredential | undefined | Promise<PartnerCredential | undefined>;

type Presented = { scheme: 'bearer'; token: string } | { scheme: 'basic'; key: string; secret: string };

/** Verifies the Authorization header; returns the principal (a promise of it with a lookup) or throws an ApiDomainError (401). */
export function createPartnerVerifier(credentials: readonly PartnerCredential[]): (authorization: string | undefined) => PartnerPrincipal;
export function createPartnerVerifier(lookup: PartnerCredentialLookup): (authorization: string | undefined) => Promise<PartnerPrincipal>;
export function createPartnerVerifier(credentials: readonly PartnerCredential[] | PartnerCredentialLookup): PartnerVerifier;
export function createPartnerVerifier(credentials: readonly PartnerCredential[] | PartnerCredentialLookup): PartnerVerifier {
  const decoy = 'x'.repeat(32);
  const presented = (authorization: string | undefined): Presented => {
    const auth = parseAuthorization(authorization);
    if (auth.scheme === 'missing') throw unauthorized('the header is missing; send Bearer <API_KEY> or Basic base64(<key>:<secret>)');
    if (auth.scheme === 'invalid') throw unauthorized(auth.reason);
    return auth.scheme === 'bearer' ? { scheme: 'bearer', token: auth.token } : { scheme: 'basic', key: auth.key, secret: auth.secret };
  };
  const bearerPrincipal = (found: PartnerCredential | undefined): PartnerPrincipal => {
    if (!found) throw unauthorized('unknown API key');
    return { api: 'partner', partnerId: found.partnerId, scheme: 'bearer', credential: found.bearerKey! };
  };
  const basicPrincipal = (auth: { secret: string }, c: PartnerCredential | undefined, stored?: StoredSecret): PartnerPrincipal => {
    const secretOk = safeEqual(auth.secret, stored ?? c?.basicSecret ?? decoy);
    if (!c || c.basicKey === undefined || !secretOk) throw unauthorized('unknown key or wrong secret');
    return { api: 'partner', partnerId: c.partnerId, scheme: 'basic', credential: c.basicKey };
  };
  if (typeof credentials === 'function') {
    return async function verify(authorization) {
      const auth = presented(authorization);
      if (auth.scheme === 'basic') return basicPrincipal(auth, await lookupKey((k) => credentials(k, 'basic'), auth.key));
      const found = await lookupKey((k) => credentials(k, 'bearer'), auth.token);
      // The lookup found it by the token; compared again here so a lookup that matches loosely
      // (case-insensitive collation, trimmed) does not let a near miss in.
      return bearerPrincipal(found?.bearerKey !== undefined && safeEqual(auth.token, found.bearerKey) ? found : undefined);
    };
  }
  // The fixed list's secrets digested once: a request digests only what it presented.
  const bearers = credentials.filter((c) => c.bearerKey !== undefined).map((c) => ({ c, key: storedSecret(c.bearerKey!) }));
  const basics = new Map(credentials.filter((c) => c.basicKey !== undefined).map((c) => [c.basicKey!, { c, secret: storedSecret(c.basicSecret ?? decoy) }]));
  const decoySecret = storedSecret(decoy);
  return function verify(authorization) {
    const auth = presented(authorization);
    if (auth.scheme === 'basic') {
      const known = basics.get(auth.key);
      return basicPrincipal(auth, known?.c, known?.secret ?? decoySecret);
    }
    // Compare against every key (no early exit), so the time does not depend on which one matched.
    const token = storedSecret(auth.token);
    let found: PartnerCredential | undefined;
    for (const { c, key } of bearers) if (sameSecret(token, key) && !found) found = c;
    return bearerPrincipal(found);
  };
}

/** A verifier: synchronous over a fixed list, asynchronous over a lookup. */
export type PartnerVerifier = (authorization: string | undefined) => PartnerPrincipal | Promise<PartnerPrincipal>;

/** Router step (failures go to `next`; the exported `partnerAuth` answers them): verifies and attaches the principal. */
export function partnerAuthStep(verify: PartnerVerifier | readonly PartnerCredential[] | { lookup: PartnerCredentialLookup }): RequestHandler {
  const verifier = typeof verify === 'function' ? verify : createPartnerVerifier('lookup' in verify ? verify.lookup : verify);
  return function partnerAuthMiddleware(req: Request, _res: Response, next: NextFunction): void {
    attachPrincipal(req, verifier(req.headers.authorization), next);
  };
}
