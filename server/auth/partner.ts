// Partner API auth (P1): `Bearer <API_KEY>` or `Basic base64(key:secret)`, both on every operation.
// Missing or wrong credentials answer 401 code 1001.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiDomainError } from '../errors.ts';
import { parseAuthorization } from './authorization-header.ts';
import { safeEqual, setPrincipal, type PartnerPrincipal } from './principal.ts';
import type { PartnerCredential } from './keys.ts';

export type { PartnerCredential };

const unauthorized = (why: string) => new ApiDomainError(401, '1001', `API key not set properly in Authorization: ${why}`);

/** Verifies the Authorization header; returns the principal or throws an ApiDomainError (401). */
export function createPartnerVerifier(credentials: readonly PartnerCredential[]) {
  const bearers = credentials.filter((c) => c.bearerKey !== undefined);
  const basics = new Map(credentials.filter((c) => c.basicKey !== undefined).map((c) => [c.basicKey!, c]));
  const decoy = 'x'.repeat(32);

  return function verify(authorization: string | undefined): PartnerPrincipal {
    const auth = parseAuthorization(authorization);
    if (auth.scheme === 'missing') throw unauthorized('the header is missing; send Bearer <API_KEY> or Basic base64(<key>:<secret>)');
    if (auth.scheme === 'invalid') throw unauthorized(auth.reason);
    if (auth.scheme === 'bearer') {
      // Compare against every key (no early exit), so the time does not depend on which one matched.
      let found: PartnerCredential | undefined;
      for (const c of bearers) if (safeEqual(auth.token, c.bearerKey!) && !found) found = c;
      if (!found) throw unauthorized('unknown API key');
      return { api: 'partner', partnerId: found.partnerId, scheme: 'bearer', credential: found.bearerKey! };
    }
    const c = basics.get(auth.key);
    const secretOk = safeEqual(auth.secret, c?.basicSecret ?? decoy);
    if (!c || !secretOk) throw unauthorized('unknown key or wrong secret');
    return { api: 'partner', partnerId: c.partnerId, scheme: 'basic', credential: c.basicKey! };
  };
}

export type PartnerVerifier = ReturnType<typeof createPartnerVerifier>;

/** Router step (failures go to `next`; the exported `partnerAuth` answers them): verifies and attaches the principal. */
export function partnerAuthStep(verify: PartnerVerifier | readonly PartnerCredential[]): RequestHandler {
  const verifier = typeof verify === 'function' ? verify : createPartnerVerifier(verify);
  return function partnerAuthMiddleware(req: Request, _res: Response, next: NextFunction): void {
    setPrincipal(req, verifier(req.headers.authorization));
    next();
  };
}
