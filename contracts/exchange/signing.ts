// Decision X1, the request signature of the exchange API, defined once: the client signs with it
// and the server verifies with it. Pure functions (HMAC from contracts/shared/crypto.ts, no
// node:crypto, no zod), so a browser bundle of the exchange client can carry it; no I/O, no clock.
import { constantTimeEqual, hmacSha256Hex } from '../shared/crypto.ts';

/** Parameters never part of the signed string: the signature itself. */
const UNSIGNED = new Set(['signature']);

/** Compares by UTF-16 code units, not locale, so every runtime sorts the same way. */
const byKey = <T>(a: [string, T], b: [string, T]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Longest QUERY part X1 will build (characters). A 100 kB body expands to well under a quarter of it. */
export const MAX_CANONICAL_LENGTH = 1_048_576;

/**
 * A request X1 cannot sign unambiguously: a value nested deeper than its rule defines (a top-level
 * scalar, an array of scalars or of flat objects, a flat object), a number of magnitude 2^53 or
 * more (JSON readers disagree on its digits), or a QUERY part over MAX_CANONICAL_LENGTH. `field`
 * names the parameter as it appears in the payload. The client refuses to send such a request; the
 * server answers 400 1001 naming the field, before any signature check.
 */
export class UnsignableRequestError extends Error {
  override readonly name = 'UnsignableRequestError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/**
 * How X1 writes one scalar: strings as they are; numbers as their shortest round-trip text
 * (ECMAScript Number::toString: 5.0 -> `5`, 1e2 -> `100`, 0.1 -> `0.1`, 1e-7 -> `1e-7`, -0 -> `0`);
 * booleans `true`/`false`; null as the empty value. A number whose magnitude is 2^53 or more has no
 * text every JSON reader agrees on, so it cannot be signed.
 */
export function signedScalar(key: string, value: unknown): string {
  if (value === null) return '';
  if (typeof value === 'number' && Math.abs(value) > Number.MAX_SAFE_INTEGER) {
    throw new UnsignableRequestError(key, 'a number of magnitude 2^53 or more cannot be signed unambiguously (X1); send it as a string or a smaller number');
  }
  return String(value);
}

/**
 * Appends one parameter as `key=value` pairs to `out`. Values go in raw (not percent-encoded). An
 * array contributes `key[]...` once per element in array order; an object `key[k]...` per key,
 * keys sorted (so `orders: [{...}]` gives `orders[][k]=v`). `undefined` is left out, as JSON drops
 * it; `null` is written as an empty value. `depth` counts the arrays and objects around the value:
 * X1 defines at most two (an array of flat objects); `inArray` says the parent is an array.
 * `budget.left` is what may still be written.
 */
function pairs(key: string, value: unknown, depth: number, out: string[], budget: { left: number }, inArray = false): void {
  if (value === undefined) return;
  if (Array.isArray(value) || isPlainObject(value)) {
    // Top level: an array or an object; one level down, only an object inside an array.
    if (depth >= 2 || (depth === 1 && (Array.isArray(value) || !inArray))) {
      throw new UnsignableRequestError(key, 'X1 signs scalars, arrays of scalars or of flat objects, and flat objects; this value is nested deeper');
    }
    if (Array.isArray(value)) {
      for (const v of value) pairs(`${key}[]`, v, depth + 1, out, budget, true);
    } else {
      for (const [k, v] of Object.entries(value).sort(byKey)) pairs(`${key}[${k}]`, v, depth + 1, out, budget);
    }
    return;
  }
  const pair = `${key}=${signedScalar(key, value)}`;
  budget.left -= pair.length + 1;
  if (budget.left < 0) throw new UnsignableRequestError(key, `the signed parameters exceed ${MAX_CANONICAL_LENGTH} characters`);
  out.push(pair);
}

function canonicalEntries(entries: [string, unknown][]): string {
  const out: string[] = [];
  const budget = { left: MAX_CANONICAL_LENGTH + 1 };
  const sorted = entries.filter(([k]) => !UNSIGNED.has(k)).sort(byKey); // stable: a key sent twice keeps its order (query first, then body)
  for (const [k, v] of sorted) pairs(k, v, 0, out, budget);
  return out.join('&');
}

/** The QUERY part of X1: every parameter except `signature`, sorted by key, `key=value` joined by `&`. */
export function canonicalQuery(params: Record<string, unknown>): string {
  return canonicalEntries(Object.entries(params));
}

export interface SignatureInput {
  /** HTTP method, any case; written upper case. */
  method: string;
  /** Full request path including the version prefix (`/api/v1/balances`), without query string. */
  path: string;
  /** URL query parameters, including `access_key` and `nonce` (a `signature` is ignored). */
  query?: Record<string, unknown>;
  /** Parsed JSON body; for POST its top-level fields are signed beside the query parameters. */
  body?: unknown;
}

/** The string to sign: `METHOD|PATH|QUERY` (X1). */
export function signaturePayload({ method, path, query = {}, body }: SignatureInput): string {
  if (path.includes('?')) {
    throw new Error(`signaturePayload: path "${path}" contains a query string; pass its parameters in \`query\` instead`);
  }
  const upper = method.toUpperCase();
  const entries: [string, unknown][] = Object.entries(query);
  if (upper === 'POST' && isPlainObject(body)) entries.push(...Object.entries(body));
  return `${upper}|${path}|${canonicalEntries(entries)}`;
}

/** HMAC-SHA256 of the payload keyed with the secret, as lower-case hex. */
export function sign(payload: string, secret: string): string {
  return hmacSha256Hex(secret, payload);
}

/** Constant-time check of a received signature; false (never a throw) when the length differs. */
export function verifySignature(payload: string, secret: string, signature: string): boolean {
  return constantTimeEqual(sign(payload, secret), signature);
}

export interface SignatureTestVector {
  input: SignatureInput;
  /** The JSON body as sent, where its text matters (numbers): `input.body` is what it parses to. */
  json?: string;
  payload: string;
  signature: string;
}

/** The X1 test vectors (secret `demo-trader-secret`), for client and server tests and the docs. */
export const SIGNATURE_TEST_SECRET = 'demo-trader-secret';
export const SIGNATURE_TEST_VECTORS: readonly SignatureTestVector[] = [
  {
    input: { method: 'GET', path: '/api/v1/balances', query: { access_key: 'demo-trader', nonce: 1700000000000 } },
    payload: 'GET|/api/v1/balances|access_key=demo-trader&nonce=1700000000000',
    signature: '1c0c5bfd44e810e7ca0cbfdc9287e574f73ebea7c7a033e6f6be373717f8e0ab',
  },
  {
    input: {
      method: 'POST',
      path: '/api/v1/orders',
      query: { access_key: 'demo-trader', nonce: 1700000000000 },
      body: { market: 'btcusd', side: 'buy', volume: '0.5', ord_type: 'limit', price: '30000.00' },
    },
    payload:
      'POST|/api/v1/orders|access_key=demo-trader&market=btcusd&nonce=1700000000000&ord_type=limit&price=30000.00&side=buy&volume=0.5',
    signature: '8f7e72f34423678b205774fce026d38bdd48280409c647234483e08a77ee5335',
  },
  {
    input: {
      method: 'POST',
      path: '/api/v1/orders/multi',
      query: { access_key: 'demo-trader', nonce: 1700000000001 },
      body: {
        market: 'ethbtc',
        orders: [
          { side: 'sell', volume: '1', ord_type: 'limit', price: '0.05' },
          { side: 'buy', volume: '2', ord_type: 'market' },
        ],
      },
    },
    payload:
      'POST|/api/v1/orders/multi|access_key=demo-trader&market=ethbtc&nonce=1700000000001&orders[][ord_type]=limit&orders[][price]=0.05&orders[][side]=sell&orders[][volume]=1&orders[][ord_type]=market&orders[][side]=buy&orders[][volume]=2',
    signature: 'f4e414d05fc86238c2e41f6ddd7a9b09fe0e68fd4cb63de5b619c674a442282e',
  },
  {
    input: {
      method: 'GET',
      path: '/api/v1/orders',
      query: { market: 'btcusd', state: 'wait', limit: 10, access_key: 'demo-trader', nonce: 1700000000000 },
    },
    payload: 'GET|/api/v1/orders|access_key=demo-trader&limit=10&market=btcusd&nonce=1700000000000&state=wait',
    signature: '3786d38ebf17c69800b4dee9ceea7818c512c961cc75e452a2c875296bfad94f',
  },
  // JSON numbers are signed as their shortest round-trip text, whatever text the body used.
  {
    input: { method: 'POST', path: '/api/v1/order/delete', query: { access_key: 'demo-trader', nonce: 1700000000002 }, body: JSON.parse('{"id":5.0}') },
    json: '{"id":5.0}',
    payload: 'POST|/api/v1/order/delete|access_key=demo-trader&id=5&nonce=1700000000002',
    signature: '1054f98925ba0728d6c954ae996669e857c1bdd849b19336b0dc391890b6d029',
  },
  {
    input: { method: 'POST', path: '/api/v1/order/delete', query: { access_key: 'demo-trader', nonce: 1700000000003 }, body: JSON.parse('{"id":1e2}') },
    json: '{"id":1e2}',
    payload: 'POST|/api/v1/order/delete|access_key=demo-trader&id=100&nonce=1700000000003',
    signature: 'f69da0044eed23fb60660250857704d5c8b2247d1615c747e0f169c0684af3f6',
  },
];
