// Client side of decision X1: sign the authenticated exchange operations, leave the public ones
// untouched. The exchange client signs in its transport (exchangeUrlSigner, client/transport.ts);
// exchangeSigningMiddleware does the same for an openapi-fetch client of your own. Which operations
// are authenticated comes from contracts/exchange/signed-operations.ts (plain data, tested equal to
// the contract's `security`, so no zod in a client bundle), keyed by method + path template. The
// signature itself comes from contracts/exchange/signing.ts, the one implementation the server
// verifies with.
import type { Middleware } from 'openapi-fetch';
import { operationKey, SIGNED_OPERATION_KEYS } from '../contracts/exchange/signed-operations.ts';
import { sign, signaturePayload } from '../contracts/exchange/signing.ts';
import type { NonceSource } from './nonce.ts';
import { initFrom, rememberedBody, TextBodyRequest } from './transport.ts';

export interface ExchangeCredentials {
  accessKey: string;
  secretKey: string;
}

/** The three parameters X1 adds to the URL query of a signed request. */
export const EXCHANGE_AUTH_PARAMS = ['access_key', 'nonce', 'signature'] as const;

export { operationKey };

/** `METHOD /path/{template}` of every operation whose contract declares a security requirement. */
export const SIGNED_OPERATIONS: ReadonlySet<string> = new Set(SIGNED_OPERATION_KEYS);

export const isSignedOperation = (method: string, pathTemplate: string) => SIGNED_OPERATIONS.has(operationKey(method, pathTemplate));

/** Thrown before sending when an authenticated operation is called on a client without keys. */
export class MissingCredentialsError extends Error {
  override readonly name = 'MissingCredentialsError';
  constructor(readonly operation: string) {
    super(`${operation} is an authenticated exchange operation: create the client with accessKey and secretKey (sandbox: demo-trader / demo-trader-secret)`);
  }
}

/**
 * A copy of `request` signed per X1 with `nonce`: `access_key`, `nonce` and `signature` appended
 * to the URL query (see signUrl). The body is the text it was built with (remembered), else read once.
 */
export async function signRequest(request: Request, credentials: ExchangeCredentials, nonce: number): Promise<Request> {
  const text = rememberedBody(request) ?? (request.body === null ? undefined : await request.text());
  const url = signUrl(request.method, request.url, text, credentials, nonce);
  // A TextBodyRequest: openapi-fetch checks the result against the client's Request class, and it remembers its text.
  return new TextBodyRequest(url, initFrom(request, text));
}

/**
 * `href` signed per X1 with `nonce`: `access_key`, `nonce` and `signature` appended to its query.
 * The payload covers the path as sent, the query as the server will decode it, and for a JSON
 * body (`bodyText`) its top-level fields (arrays of objects as `orders[][k]=v`). Auth parameters
 * already on the URL are replaced, so a request can be signed again (retries).
 */
export function signUrl(method: string, href: string, bodyText: string | undefined, credentials: ExchangeCredentials, nonce: number): string {
  const parts = splitHttpUrl(href);
  let base: string; // origin + path, as sent
  let path: string;
  let search: string; // `?...` or ''
  let query: Record<string, unknown>;
  if (parts) {
    // The common case, without parsing the URL again: an http(s) URL as Request or URL serialized
    // it (so already normalized), whose query holds none of the auth parameters. Then the query
    // string goes out as it came, and its decoded parameters are those URLSearchParams reads from it.
    ({ base, path, search } = parts);
    const params = new URLSearchParams(search);
    if (search && EXCHANGE_AUTH_PARAMS.some((p) => params.has(p))) ({ base, path, search, query } = parsedQuery(href));
    else query = Object.fromEntries(params);
  } else {
    ({ base, path, search, query } = parsedQuery(href));
  }
  query.access_key = credentials.accessKey;
  query.nonce = nonce;
  const body = bodyText ? parseJson(bodyText) : undefined;
  const signature = sign(signaturePayload({ method, path, query, body }), credentials.secretKey);
  return `${base}${search ? `${search}&` : '?'}access_key=${encodeURIComponent(credentials.accessKey)}&nonce=${nonce}&signature=${signature}`;
}

interface UrlParts {
  base: string;
  path: string;
  search: string;
}

/**
 * `origin + pathname`, `pathname` and `search` of a serialized http(s) URL (Request.url, URL.href), read off
 * the string: for these schemes the href is origin, path, query and fragment in that order, and
 * a Request URL has no credentials. Undefined for anything else (parsed with URL instead).
 */
function splitHttpUrl(href: string): UrlParts | undefined {
  const start = href.startsWith('https://') ? 8 : href.startsWith('http://') ? 7 : -1;
  if (start < 0) return undefined;
  const slash = href.indexOf('/', start);
  if (slash < 0) return undefined;
  const hash = href.indexOf('#', slash);
  const end = hash < 0 ? href.length : hash;
  const q = href.indexOf('?', slash);
  if (q < 0 || q > end) {
    const base = href.slice(0, end);
    return { base, path: base.slice(slash), search: '' };
  }
  const base = href.slice(0, q);
  // URL.search is '' for an empty query (`...?`), as it is for none.
  return { base, path: base.slice(slash), search: q + 1 < end ? href.slice(q, end) : '' };
}

/** The same parts by URL parsing, with the auth parameters removed from the query (re-serialized only then). */
function parsedQuery(href: string): UrlParts & { query: Record<string, unknown> } {
  const url = new URL(href);
  for (const p of EXCHANGE_AUTH_PARAMS) if (url.searchParams.has(p)) url.searchParams.delete(p);
  return { base: `${url.origin}${url.pathname}`, path: url.pathname, search: url.search, query: Object.fromEntries(url.searchParams) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new TypeError('exchange signing: the request body is not JSON; X1 signs the top-level fields of a JSON body');
  }
}

export interface SigningMiddlewareOptions {
  credentials: ExchangeCredentials | undefined;
  nonces: NonceSource;
}

/** openapi-fetch middleware: signs authenticated operations (fresh nonce each time it runs), passes public ones through. */
export function exchangeSigningMiddleware({ credentials, nonces }: SigningMiddlewareOptions): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      if (!isSignedOperation(request.method, schemaPath)) return undefined;
      return signRequest(request, requireCredentials(credentials, request.method, schemaPath), await nonces.next());
    },
  };
}

/**
 * The exchange client's signing step, on the request's URL and body text (client/transport.ts
 * runs it on every request, after any middleware): the URL to send, signed when the operation is
 * authenticated. The operation is read from the URL's path below the client's base path.
 */
export function exchangeUrlSigner({ credentials, nonces, basePath }: SigningMiddlewareOptions & { basePath: string }) {
  return async (method: string, url: string, bodyText: string | undefined): Promise<string> => {
    const path = pathOf(url);
    const schemaPath = path.startsWith(basePath) ? path.slice(basePath.length) : path;
    if (!isSignedOperation(method, schemaPath)) return url;
    return signUrl(method, url, bodyText, requireCredentials(credentials, method, schemaPath), await nonces.next());
  };
}

/** The path of an absolute URL, as sent. */
function pathOf(href: string): string {
  return (splitHttpUrl(href) ?? { path: new URL(href).pathname }).path;
}

function requireCredentials(credentials: ExchangeCredentials | undefined, method: string, schemaPath: string): ExchangeCredentials {
  if (!credentials) throw new MissingCredentialsError(operationKey(method, schemaPath));
  return credentials;
}
