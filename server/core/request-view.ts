// The query and path parameters as the pipeline has them so far: without the exchange auth
// parameters once verified, coerced by the OpenAPI validator once validated. Kept beside the
// request rather than written over `req.query`: Express 5 defines `query` as a getter that
// re-parses the URL, and redefining it per request (Object.defineProperty) measurably slows every
// later property access on the request (server/README.md, "Validation tax").
import type { Request } from 'express';

const VIEW = Symbol('request-view');

/** How the body arrived: JSON, form-encoded, or (exchange POST) its fields in the URL query. */
export type BodyKind = 'json' | 'form' | 'query';

interface View {
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
  bodyKind?: BodyKind;
  /** Exchange: top-level fields of a JSON body that came from the URL query (text, to be coerced). */
  queryFields?: string[];
}

type Locals = Record<symbol, unknown>;

/**
 * Where the pipeline keeps a request's state: `res.locals`, the fresh object Express gives every
 * response (the request itself without one: a router outside an Express app). Adding a property to
 * the request or response objects costs a cheap request measurably (bench figure 10); adding one
 * to that small object does not.
 */
export function requestLocals(req: Request): Locals {
  const holder = (req.res ?? req) as { locals?: Locals };
  return (holder.locals ??= Object.create(null) as Locals);
}

const viewOf = (req: Request): View => ((requestLocals(req)[VIEW] as View | undefined) ??= {});
const viewIfAny = (req: Request): View | undefined => requestLocals(req)[VIEW] as View | undefined;

export function queryOf(req: Request): Record<string, unknown> {
  const view = viewOf(req);
  // Without a query string there is nothing to parse: skip Express's getter (it re-parses the URL).
  return (view.query ??= req.url.includes('?') ? (req.query as Record<string, unknown>) : {});
}

/**
 * The URL as the OpenAPI validator should see it: a `+` in the query string is a space
 * (application/x-www-form-urlencoded, what URLSearchParams, HTML forms and Prism send), and
 * Express decodes it so; the validator would otherwise reject it as an unencoded reserved
 * character. Any other unencoded reserved character is still rejected.
 */
export function validatorUrl(originalUrl: string): string {
  const url = withoutFragment(originalUrl);
  const q = url.indexOf('?');
  if (q < 0 || !url.includes('+', q)) return url;
  return url.slice(0, q) + url.slice(q).replaceAll('+', '%20');
}

/**
 * A URL without its `#fragment`, as Express and our router read a request line that carries one
 * (a client should never send it): the library would match the path with the fragment on it, and
 * answered 404 for an operation the router had found, or read `12#x` as the path's id.
 */
export const withoutFragment = (url: string): string => {
  const h = url.indexOf('#');
  return h < 0 ? url : url.slice(0, h);
};

/**
 * Puts the prepared request where express-openapi-validator reads it (`req.query`, `req.params`,
 * `req.originalUrl`, the content type) for its run; the returned function puts back what only the
 * library had to see and gives the parts as the library left them (its coercion and defaults
 * applied). `req.query` stays the validated query (an own property: the library defines one
 * anyway, and deleting it again would turn the request into a slow dictionary object).
 */
export function libraryView(
  req: Request,
  prepared: { query: Record<string, unknown>; params: Record<string, unknown> },
  hasBody: boolean,
): () => { query: Record<string, unknown>; params: Record<string, unknown> } {
  const url = req.originalUrl;
  const libraryUrl = validatorUrl(url);
  if (libraryUrl !== url) req.originalUrl = libraryUrl;
  // The library matches the path below the mount point in `req.url` (useRequestUrl).
  const below = req.url;
  const libraryBelow = withoutFragment(below);
  if (libraryBelow !== below) req.url = libraryBelow;
  // Without a prototype: the library reads `a[b]=1` into `a` (with qs), and `__proto__[x]=1` would
  // otherwise vanish into the prototype instead of being refused as an unknown parameter.
  const query = Object.assign(Object.create(null) as Record<string, unknown>, prepared.query);
  Object.defineProperty(req, 'query', { value: query, writable: true, configurable: true, enumerable: true });
  req.params = prepared.params as Request['params'];
  // An operation with a body, sent without one of its own (none, or exchange body fields from the
  // signed query), is checked as JSON: the library would answer 415 for the missing Content-Type.
  const untyped = hasBody && req.headers['content-type'] === undefined;
  if (untyped) req.headers['content-type'] = 'application/json';
  // HEAD runs the GET operation (Express's rule); the library knows only the methods the document lists.
  const head = req.method === 'HEAD';
  if (head) req.method = 'GET';
  return () => {
    if (head) req.method = 'HEAD';
    if (untyped) delete req.headers['content-type'];
    if (libraryUrl !== url) req.originalUrl = url;
    if (libraryBelow !== below) req.url = below;
    return { query: { ...(req.query as Record<string, unknown>) }, params: req.params as Record<string, unknown> };
  };
}

export function paramsOf(req: Request): Record<string, unknown> {
  return viewOf(req).params ?? req.params;
}

export function bodyKindOf(req: Request): BodyKind | undefined {
  return viewIfAny(req)?.bodyKind;
}

export function markQueryFields(req: Request, fields: string[]): void {
  viewOf(req).queryFields = fields;
}

export function queryFieldsOf(req: Request): string[] | undefined {
  return viewIfAny(req)?.queryFields;
}

export function setBodyKind(req: Request, kind: BodyKind): void {
  viewOf(req).bodyKind = kind;
}

export function setQuery(req: Request, query: Record<string, unknown>): void {
  viewOf(req).query = query;
}

export function setParams(req: Request, params: Record<string, unknown>): void {
  viewOf(req).params = params;
}

/** For other services' handlers, which read `req.query`: make it the validated view. */
export function exposeQuery(req: Request): void {
  const query = viewIfAny(req)?.query;
  if (query) Object.defineProperty(req, 'query', { value: query, writable: true, configurable: true, enumerable: true });
}

const PRINCIPAL = Symbol('principal');

/**
 * The verified caller, as its API's auth step attached it. The pipeline only carries it (to the
 * handler as `principal`, into the key of an Idempotency-Key record), so it is held here untyped,
 * below the auth layer: server/auth/principal.ts names the three APIs' principals and is the one
 * writer (setPrincipal), which is what makes its typed reader (principalOf) sound.
 */
export function holdPrincipal(req: Request, principal: unknown): void {
  // In the request's locals, not on the request: a new property of the request object costs a
  // cheap request measurably (bench figure 10b).
  requestLocals(req)[PRINCIPAL] = principal;
}

/** The caller's principal, or undefined before auth and on public operations. */
export function heldPrincipal(req: Request): unknown {
  return requestLocals(req)[PRINCIPAL];
}
