// Exchange request signatures (X1) and their checks in the order of X2: unknown key 2008 -> nonce
// outside the window 2007 -> bad signature 2005 -> nonce already used 2006 -> missing scope 2011.
// The nonce is claimed only after the signature verified, so nobody can burn another key's nonces.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { signaturePayload, UnsignableRequestError, verifySignature } from '../../contracts/exchange/signing.ts';
import { ExchangeDomainError } from '../core/errors.ts';
import type { Clock } from '../core/clock.ts';
import { NonceStore, type NonceClaims } from './nonce-store.ts';
import { setPrincipal, type ExchangePrincipal } from './principal.ts';
import { bodyKindOf, queryOf, setQuery } from '../core/request-view.ts';
import type { ExchangeKey } from './keys.ts';
import { lookupKey, type KeyLookup } from './key-lookup.ts';

export type { ExchangeKey };

/**
 * Keys behind a lookup by access key (e.g. a database query): `undefined` is an unknown key (2008);
 * a lookup that throws or rejects answers 503 in the API's body (the nonce is not claimed).
 */
export type ExchangeKeyLookup = KeyLookup<ExchangeKey>;

export interface ExchangeAuthOptions {
  /** The accepted keys, or a lookup of one by its access key. */
  keys: readonly ExchangeKey[] | ExchangeKeyLookup;
  /** Accepted distance between nonce and server time (default 30 s). */
  nonceWindowMs?: number;
  /** How long used nonces are remembered (default 61 s). */
  nonceTtlMs?: number;
  now?: Clock;
  /**
   * Where used nonces are kept (default: this verifier's own memory). Share one store between
   * verifiers (the server does, across operations), or between instances: `redisNonceStore(url)` (server entry).
   */
  nonces?: NonceClaims;
  /** Why the server time may not be real time (the sandbox's test clock), appended to 2007. */
  clockNote?: () => string | undefined;
}

export interface SignedRequest {
  method: string;
  /** Full path with the version prefix, no query string. */
  path: string;
  query: Record<string, unknown>;
  body?: unknown;
  /** The body is form-encoded: it may carry the auth parameters instead of the query (X1). */
  formBody?: boolean;
}

/** The parameters that authenticate a request (`tonce` is Peatio's name for `nonce`, X-tonce); the validator must not see them. */
export const EXCHANGE_AUTH_PARAMS = ['access_key', 'nonce', 'tonce', 'signature'] as const;
type AuthParam = (typeof EXCHANGE_AUTH_PARAMS)[number];

const NONCE = /^[0-9]{1,16}$/;
const fail = (code: 1001 | 2001 | 2005 | 2006 | 2007 | 2008 | 2011, message: string) => new ExchangeDomainError(code, message);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The auth parameters of a request, each from the query or (form bodies) the body, never both:
 * 2001 when one is missing, repeated or given in both places, or when `nonce` and `tonce` are both given.
 */
function authParams(request: SignedRequest): { accessKey: string; nonce: string; signature: string } {
  const body = request.formBody && isRecord(request.body) ? request.body : undefined;
  const found: Partial<Record<AuthParam, unknown>> = {};
  const twice: string[] = [];
  for (const p of EXCHANGE_AUTH_PARAMS) {
    const inQuery = Object.hasOwn(request.query, p);
    const inBody = body !== undefined && Object.hasOwn(body, p);
    if (inQuery && inBody) twice.push(p);
    if (inQuery || inBody) found[p] = inQuery ? request.query[p] : body![p];
  }
  if (twice.length > 0) throw fail(2001, `Authorization failed: ${twice.join(', ')} given both in the query and in the body; send each once`);
  // Both names with one value are one nonce (a caller adding `nonce` to a Peatio client that adds `tonce`).
  if ('nonce' in found && 'tonce' in found && found.nonce !== found.tonce) {
    throw fail(2001, 'Authorization failed: nonce and tonce given with different values; send one of them (tonce is another name for nonce)');
  }
  const nonceName = 'tonce' in found ? 'tonce' : 'nonce';
  const usable = (p: AuthParam) => typeof found[p] === 'string' && found[p] !== '';
  const missing = (['access_key', nonceName, 'signature'] as const).filter((p) => !usable(p));
  if (missing.length > 0) {
    const names = missing.map((p) => (p === 'nonce' ? 'nonce (or tonce)' : p));
    throw fail(2001, `Authorization failed: missing or repeated parameter ${names.join(', ')}`);
  }
  return { accessKey: found.access_key as string, nonce: found[nonceName] as string, signature: found.signature as string };
}

/** Verifies one request; returns the principal or throws an ExchangeDomainError (401). */
export function createExchangeVerifier(opts: ExchangeAuthOptions) {
  const now = opts.now ?? Date.now;
  const windowMs = opts.nonceWindowMs ?? 30_000;
  const ttlMs = opts.nonceTtlMs ?? 61_000;
  const nonces = opts.nonces ?? new NonceStore(ttlMs, now);
  const source = opts.keys;
  const keys = typeof source === 'function' ? undefined : new Map(source.map((k) => [k.accessKey, k]));

  /**
   * The principal; a promise of it when the nonce store is shared (Redis) or the keys come from a
   * lookup, which rejects with 503 when either is down.
   */
  return function verify(request: SignedRequest, requiredScope?: 'trade'): ExchangePrincipal | Promise<ExchangePrincipal> {
    const params = authParams(request);
    if (keys) return withKey(request, params, keys.get(params.accessKey), requiredScope);
    return lookupKey(source as ExchangeKeyLookup, params.accessKey).then((key) => withKey(request, params, key, requiredScope));
  };

  function withKey(
    request: SignedRequest, { nonce, signature }: ReturnType<typeof authParams>, key: ExchangeKey | undefined, requiredScope?: 'trade',
  ): ExchangePrincipal | Promise<ExchangePrincipal> {
    if (!key) throw fail(2008, 'The access key does not exist');
    const serverTime = now();
    if (!NONCE.test(nonce) || Math.abs(Number(nonce) - serverTime) > windowMs) {
      const note = opts.clockNote?.();
      throw fail(2007, `The nonce is invalid: it must be milliseconds within ${windowMs / 1000} s of the server time, which is ${serverTime}${note ? `; ${note}` : ''}`);
    }
    let payload: string;
    try {
      // Over the parameters as sent: `tonce=` sorts where tonce sorts; form auth parameters are body fields.
      payload = signaturePayload({ method: request.method, path: request.path, query: request.query, body: request.body });
    } catch (e) {
      // Nested deeper than X1 defines, a number without one agreed text, or too long: no signature can be
      // right, and the request itself is at fault (X1), so it is a validation error naming the field.
      if (e instanceof UnsignableRequestError) throw fail(1001, e.message);
      throw e;
    }
    if (!verifySignature(payload, key.secret, signature)) {
      throw fail(2005, 'The signature is incorrect: sign METHOD|PATH|QUERY (decision X1) with HMAC-SHA256 and the secret, lower-case hex');
    }
    const finish = (claimed: boolean): ExchangePrincipal => {
      if (!claimed) throw fail(2006, `The nonce ${nonce} has already been used by the access key`);
      if (requiredScope && !key.scopes.includes(requiredScope)) {
        throw fail(2011, `Requested API is out of access key scopes: it needs the "${requiredScope}" permission`);
      }
      return { api: 'exchange', accessKey: key.accessKey, scopes: key.scopes };
    };
    // One nonce whichever name carried it: `nonce=N` and `tonce=N` are the same N. In memory the
    // claim is synchronous and so is the answer: no promise on the hot path.
    const claimed = nonces.claim(key.accessKey, String(Number(nonce)));
    return typeof claimed === 'boolean' ? finish(claimed) : claimed.then(finish);
  }
}

export type ExchangeVerifier = ReturnType<typeof createExchangeVerifier>;

/**
 * The query (and a form body) without the auth parameters, for what follows (the validator, the
 * handler); other services read the query as `req.query` once the validator exposed it, or with `queryOf(req)`.
 */
export function hideAuthParams(req: Request): void {
  const query = { ...queryOf(req) };
  for (const p of EXCHANGE_AUTH_PARAMS) delete query[p];
  setQuery(req, query);
  if (bodyKindOf(req) === 'form' && isRecord(req.body)) for (const p of EXCHANGE_AUTH_PARAMS) delete req.body[p];
}

/**
 * Router step for one signed operation (failures go to `next`; the exported `exchangeAuth` answers them): verifies, attaches the principal, hides the auth
 * parameters from what follows (the OpenAPI validator whitelists only one of them). Needs the
 * body parsed first (server/http/request-body.ts), since POST body fields are signed.
 */
export function exchangeAuthStep(verify: ExchangeVerifier | ExchangeAuthOptions, requiredScope?: 'trade'): RequestHandler {
  const verifier = typeof verify === 'function' ? verify : createExchangeVerifier(verify);
  const accept = (req: Request, principal: ExchangePrincipal, next: NextFunction) => {
    setPrincipal(req, principal);
    hideAuthParams(req);
    next();
  };
  return function exchangeAuthMiddleware(req: Request, _res: Response, next: NextFunction): void {
    const principal = verifier(
      { method: req.method, path: req.originalUrl.split('?')[0]!, query: queryOf(req), body: req.body, formBody: bodyKindOf(req) === 'form' },
      requiredScope,
    );
    if (principal instanceof Promise) principal.then((p) => accept(req, p, next), next);
    else accept(req, principal, next);
  };
}
