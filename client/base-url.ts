// Base URLs of the three APIs and the sandbox control API. A client accepts either the full API root
// (`http://127.0.0.1:8080/api/v1`) or just the host (`http://127.0.0.1:8080`, or a proxy path such
// as `https://gw.example.com/trading`): when the path does not already end with the API's prefix,
// the prefix is appended. The prefixes equal the contracts' `basePath` (checked by the tests), kept
// here as constants so the client need not load the contracts to know them.
import type { HeadersOptions } from 'openapi-fetch';
import { utf8ToBase64 } from '../contracts/shared/base64.ts';

export const API_PREFIXES = {
  exchange: '/api/v1',
  merchant: '/merchant/v2',
  partner: '/partner/v1',
  /** The sandbox control API (served only by a sandbox). */
  sandbox: '/sandbox/v1',
} as const;

export type ApiName = keyof typeof API_PREFIXES;

/** The API root for `api`: `baseUrl` without trailing slashes, with the API prefix appended unless present. */
export function resolveBaseUrl(baseUrl: string, api: ApiName): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(
      `baseUrl must be an absolute URL such as "http://127.0.0.1:8080" or "http://127.0.0.1:8080${API_PREFIXES[api]}", got ${JSON.stringify(baseUrl)}`,
    );
  }
  if (url.search || url.hash) {
    throw new TypeError(`baseUrl must not carry a query string or fragment, got ${JSON.stringify(baseUrl)}`);
  }
  const prefix = API_PREFIXES[api];
  const path = url.pathname.replace(/\/+$/, '');
  const withPrefix = path.endsWith(prefix) ? path : `${path}${prefix}`;
  return `${url.origin}${withPrefix}`;
}

/** `Authorization: Basic base64(user:password)` (RFC 7617, UTF-8). */
export function basicAuthorization(user: string, password: string): string {
  if (user.includes(':')) throw new TypeError('HTTP Basic: the user (API key) must not contain ":"');
  return `Basic ${utf8ToBase64(`${user}:${password}`)}`;
}

/** `Authorization: Bearer <token>`. */
export function bearerAuthorization(token: string): string {
  if (!token || /\s/.test(token)) throw new TypeError('Bearer: the API key must be a non-empty string without whitespace');
  return `Bearer ${token}`;
}

/** Plain object of user headers, so the client's Authorization is merged last. */
export function headersObject(headers: HeadersOptions | undefined): Record<string, string> {
  if (!headers) return {};
  if (headers instanceof Headers || Array.isArray(headers)) return Object.fromEntries(new Headers(headers as ConstructorParameters<typeof Headers>[0]));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== null && v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}
