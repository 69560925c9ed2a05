// CORS for the reference server, so that a browser app (and the browser test of the clients) can
// call the sandbox from another origin. `origins` lists the allowed origins; `*` allows any (the
// sandbox default: the credentials travel in the Authorization header or the signed query, never
// in cookies, so no credentialed CORS is needed); an empty list sends no CORS header at all.
// Preflights are answered here, before the API routers, so they never meet auth, rate limits or
// the validator's 405.
import type { Request, RequestHandler } from 'express';

export interface CorsOptions {
  origins: readonly string[];
}

/** Request headers a client sends beyond the CORS-safelisted ones: credentials, JSON bodies, and the Idempotency-Key the typed clients mint for every merchant and partner POST. */
export const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, Idempotency-Key';
export const CORS_ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** Read by the clients' retries (409, 429, 503) and replays; a browser hides non-safelisted response headers otherwise. */
export const CORS_EXPOSE_HEADERS = 'Retry-After, Idempotent-Replayed, X-Ignored-Fields';
/** How long a browser may cache a preflight answer (seconds). */
const MAX_AGE = '600';

/** A CORS preflight: OPTIONS carrying Access-Control-Request-Method (a plain OPTIONS is not one). */
export const isPreflight = (req: Request) => req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;

export function cors({ origins }: CorsOptions): RequestHandler {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  return function corsHeaders(req, res, next) {
    if (origins.length === 0) return next();
    const origin = req.headers.origin;
    // A listed origin is echoed, so the answer differs by Origin: caches must key on it.
    if (!any) res.vary('Origin');
    const allow = any ? '*' : origin !== undefined && allowed.has(origin) ? origin : undefined;
    if (allow) {
      res.setHeader('Access-Control-Allow-Origin', allow);
      res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSE_HEADERS);
    }
    if (!isPreflight(req)) return next();
    if (allow) {
      res.setHeader('Access-Control-Allow-Methods', CORS_ALLOW_METHODS);
      res.setHeader('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
      res.setHeader('Access-Control-Max-Age', MAX_AGE);
    }
    // An origin not allowed gets the same 204 without the allow headers: the browser refuses the call.
    res.status(204).end();
  };
}
