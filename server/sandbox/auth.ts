// Who may call the sandbox control API (decision S-access): HTTP Basic with a merchant key
// configured `sandbox: true`, or no credentials at all from a loopback address. A live key is
// unknown here, so it answers 401 1001 like a wrong secret. A key caller is the request's principal:
// what it may act on is server/sandbox/scope.ts.
import type { NextFunction, Request, Response } from 'express';
import { createMerchantVerifier } from '../auth/merchant.ts';
import type { MerchantKey } from '../auth/keys.ts';
import { setPrincipal } from '../auth/principal.ts';

/** 127.0.0.0/8, ::1 and their IPv4-mapped form. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function sandboxAuth(keys: readonly MerchantKey[]) {
  const verify = createMerchantVerifier(keys.filter((k) => k.sandbox));
  return function sandboxAuthMiddleware(req: Request, _res: Response, next: NextFunction): void {
    if (req.headers.authorization === undefined && isLoopback(req.socket.remoteAddress)) return next();
    // Throws 401 1001; the key becomes the caller its handlers scope to (server/sandbox/scope.ts).
    setPrincipal(req, verify(req.headers.authorization));
    next();
  };
}
