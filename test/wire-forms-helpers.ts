// Test support for the real-client wire forms: an app served on 127.0.0.1, requests sent
// as exact bytes with fetch, and X1 signatures computed independently of contracts/exchange/signing.ts
// (node:crypto over a canonical string the test writes out itself).
import { createHmac } from 'node:crypto';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FORM = 'application/x-www-form-urlencoded';

export interface Served {
  url: string;
  close: () => Promise<void>;
}

/** Serves `app` on an ephemeral loopback port. */
export async function serve(app: RequestListener): Promise<Served> {
  const server: Server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  };
  return { url, close };
}

export interface Reply {
  status: number;
  body: any; // asserted field by field
}

/** Sends `body` exactly as given (no re-encoding) and parses the JSON answer. */
export async function send(url: string, method: string, body?: BodyInit, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** HMAC-SHA256 hex of an X1 payload, written out by the test: `METHOD|PATH|k=v&...` sorted by key. */
export const hmac = (payload: string, secret = 'demo-trader-secret'): string => createHmac('sha256', secret).update(payload, 'utf8').digest('hex');

/** The X1 QUERY of flat pairs, as a Peatio client builds it: sorted by key, `key=value`, raw values. */
export const canonical = (pairs: Record<string, string>): string =>
  Object.keys(pairs)
    .sort()
    .map((k) => `${k}=${pairs[k]}`)
    .join('&');

/** `application/x-www-form-urlencoded` of pairs in the given order (as an HTML form or PHP would). */
export const formOf = (pairs: [string, string][]): string =>
  pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%20/g, '+')}`).join('&');

/** Flattens an object into bracketed form pairs, as PHP's http_build_query or Rack would read them. */
export function bracketPairs(value: unknown, prefix = ''): [string, string][] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => bracketPairs(v, prefix === '' ? k : `${prefix}[${k}]`));
  }
  return [[prefix, String(value)]];
}
