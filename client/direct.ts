// The clients' direct path. openapi-fetch builds a Request for every call, runs it through the
// middleware chain, and the exchange's signing middleware builds a second one; in Node each
// Request costs an AbortSignal and a header copy. For the common call (only `params`, `body` and
// `signal` in its options) on a client with the default fetch and no middleware of the caller's,
// the clients skip all that: URL, headers and body are made by openapi-fetch's own serializers,
// the client's step before sending (the exchange's limiter and signing) gets the URL and body
// text, and fetch is called with url + init.
// The response is read as openapi-fetch reads it. Any other call, or any client with a custom
// fetch or a middleware added with `use`, goes through openapi-fetch as before.
// client/direct.test.ts sends the same calls both ways and compares the requests and results.
import {
  createFinalURL, createQuerySerializer, defaultBodySerializer, defaultPathSerializer, mergeHeaders, type HeadersOptions,
} from 'openapi-fetch';
import type { FetchResult } from './errors.ts';

/** Runs before a direct request goes out: may wait (limiter) and returns the URL to send (e.g. signed). */
export type BeforeSend = (method: string, schemaPath: string, url: string, bodyText: string | undefined, signal?: AbortSignal | null) => Promise<string>;

export interface DirectOptions {
  /** The base URL as the openapi-fetch client has it (resolved, no trailing slash). */
  baseUrl: string;
  /** The client's headers (Authorization included), as given to openapi-fetch. */
  headers?: HeadersOptions | undefined;
  beforeSend?: BeforeSend | undefined;
}

export type DirectSend = (method: string, schemaPath: string, init: DirectInit | undefined) => Promise<FetchResult>;

interface DirectInit {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, unknown> };
  body?: unknown;
  signal?: AbortSignal | null;
}

/** openapi-fetch calls its default body serializer with the merged headers (form encoding); its types omit the second parameter. */
const serializeBody = defaultBodySerializer as (body: unknown, headers?: Headers) => string;

const INIT_KEYS: ReadonlySet<string> = new Set(['params', 'body', 'signal']);
const PARAM_KEYS: ReadonlySet<string> = new Set(['path', 'query', 'header']);

/** Methods a Request refuses (it throws before any middleware runs): left to openapi-fetch, which throws. */
const FORBIDDEN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * Whether a call is one the direct path handles exactly as openapi-fetch would. A call that
 * openapi-fetch would refuse while building its Request (a body on GET or HEAD, a forbidden
 * method, a signal that is not an AbortSignal) goes there, so it fails the same way, before the
 * limiter or the nonce source is touched.
 */
export function isDirectInit(method: string, init: unknown): init is DirectInit | undefined {
  if (FORBIDDEN_METHODS.has(method)) return false;
  if (init === undefined) return true;
  if (init === null || typeof init !== 'object') return false;
  for (const key in init) if (!INIT_KEYS.has(key)) return false;
  const { params, body, signal } = init as DirectInit;
  if (signal != null && !(signal instanceof AbortSignal)) return false;
  if (body !== undefined && (method === 'GET' || method === 'HEAD')) return false;
  if (params !== undefined) {
    if (params === null || typeof params !== 'object') return false;
    for (const key in params) if (!PARAM_KEYS.has(key)) return false;
  }
  // openapi-fetch hands FormData to fetch as is; everything else is serialized to text here.
  return !(body instanceof FormData);
}

export function createDirectSend({ baseUrl, headers, beforeSend }: DirectOptions): DirectSend {
  const querySerializer = createQuerySerializer();
  // The headers of a call without header parameters, with and without a body: merged once, copied
  // per call (a fetch wrapper may add to the object it is given), and left out when empty
  // (fetch(url) with no init at all is measurably the cheapest call).
  const plainHeaders = nonEmpty(mergeHeaders(headers));
  const jsonHeaders = nonEmpty(mergeHeaders({ 'Content-Type': 'application/json' }, headers))!;

  return async function directSend(method, schemaPath, init) {
    const params = init?.params ?? {};
    const body = init?.body;
    // openapi-fetch: the body serializer sees the merged headers; Content-Type JSON is the lowest-priority header when there is a body.
    const bodyText = body === undefined ? undefined : serializeBody(body, mergeHeaders(headers, params.header as HeadersOptions));
    const requestHeaders = params.header
      ? nonEmpty(mergeHeaders(bodyText === undefined ? {} : { 'Content-Type': 'application/json' }, headers, params.header as HeadersOptions))
      : bodyText === undefined ? (plainHeaders && { ...plainHeaders }) : { ...jsonHeaders };
    // The base URL is normalized (resolveBaseUrl) and the serializers percent-encode every value,
    // so this is the URL a Request would carry; fetch normalizes it again on the way out.
    let url = createFinalURL(schemaPath, { baseUrl, params, querySerializer, pathSerializer: defaultPathSerializer });
    if (beforeSend) url = await beforeSend(method, schemaPath, url, bodyText, init?.signal);
    // Only what differs from fetch's defaults (GET, no headers, no body, redirect: 'follow').
    let requestInit: RequestInit | undefined;
    if (method !== 'GET') (requestInit ??= {}).method = method;
    if (requestHeaders) (requestInit ??= {}).headers = requestHeaders;
    if (bodyText !== undefined) (requestInit ??= {}).body = bodyText;
    if (init?.signal) (requestInit ??= {}).signal = init.signal;
    return readResult(method, await (requestInit ? globalThis.fetch(url, requestInit) : globalThis.fetch(url)));
  };
}

/** The headers as a plain object, or undefined when there are none. */
function nonEmpty(headers: Headers): Record<string, string> | undefined {
  const record = Object.fromEntries(headers);
  for (const _ in record) return record;
  return undefined;
}

/** `{ data }` or `{ error }` from a response, as openapi-fetch 0.17 reads it with `parseAs: 'json'`. */
async function readResult(method: string, response: Response): Promise<FetchResult> {
  const contentLength = response.headers.get('Content-Length');
  if (
    response.status === 204 ||
    method === 'HEAD' ||
    (contentLength === '0' && !response.headers.get('Transfer-Encoding')?.includes('chunked'))
  ) {
    return response.ok ? { data: undefined, response } : { error: undefined, response };
  }
  if (response.ok) {
    if (!contentLength) {
      const raw = await response.text();
      return { data: raw ? (JSON.parse(raw) as unknown) : undefined, response };
    }
    return { data: (await response.json()) as unknown, response };
  }
  let error: unknown = await response.text();
  try {
    error = JSON.parse(error as string);
  } catch {
    // not JSON: the text as is
  }
  return { error, response };
}
