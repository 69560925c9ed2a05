// Requests as the runner builds them (typed parts), their wire form (URL, headers, body text) and
// the one function that sends them, waiting out 429 answers within a budget.
import type { OperationSpec } from './document.ts';
import { decodeForm, encodeForm, FORM_MEDIA_TYPE } from './form.ts';
import { Agents, exchange, type HttpAnswer, type HttpInit } from './http.ts';

/** The parts of a request, as typed values; serialised only on the wire. */
export interface RequestInput {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  /** JSON body; undefined sends none. */
  body?: unknown;
  /** A body sent verbatim as application/json (malformed JSON cases); wins over `body`. */
  rawBody?: string;
  /** `form`: the body (or rawBody) travels as application/x-www-form-urlencoded, Rack style (form.ts). */
  encoding?: 'form';
}

export interface WireRequest {
  method: string;
  /** Full path, percent-encoded, with the API's base path (`/api/v1/orders`). */
  path: string;
  /** Decoded query values in send order; a repeated key is given twice. */
  query: [string, string][];
  headers: Record<string, string>;
  bodyText?: string;
  /** The parsed body the server will see (what exchange signatures cover). */
  body?: unknown;
}

export interface WireResponse {
  status: number;
  contentType: string | undefined;
  headers: Record<string, string>;
  text: string;
  /** Parsed JSON, or undefined when the body is empty or not JSON. */
  json?: unknown;
  /** Wall time of the exchange, in ms. */
  ms: number;
}

/** A query or path value as text: strings as they are, everything else as JSON (`12`, `true`). */
export const wireValue = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** Builds the wire request of an operation (no credentials yet). */
export function toWire(op: OperationSpec, basePath: string, input: RequestInput): WireRequest {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeStrict(wireValue(input.path[name] ?? '')));
  const query: [string, string][] = Object.entries(input.query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k, wireValue(v)]);
  const headers: Record<string, string> = { accept: 'application/json' };
  const wire: WireRequest = { method: op.method.toUpperCase(), path: `${basePath}${path}`, query, headers };
  if (input.encoding === 'form') {
    const text = input.rawBody ?? (input.body === undefined ? undefined : encodeForm(input.body));
    if (input.body !== undefined && text === undefined) throw new Error(`${op.operationId}: this body has no form encoding`);
    if (text !== undefined) {
      headers['content-type'] = FORM_MEDIA_TYPE;
      wire.bodyText = text;
      // What the server parses (text values), which is what exchange signatures cover; a malformed body signs nothing.
      try {
        wire.body = decodeForm(text);
      } catch {
        wire.body = undefined;
      }
    }
  } else if (input.rawBody !== undefined) {
    headers['content-type'] = 'application/json';
    wire.bodyText = input.rawBody;
  } else if (input.body !== undefined) {
    headers['content-type'] = op.body?.mediaType ?? 'application/json';
    wire.bodyText = JSON.stringify(input.body);
    wire.body = JSON.parse(wire.bodyText);
  }
  return wire;
}

/** Percent-encodes every reserved character, `!'()*` included (OpenAPI's `allowReserved: false`). */
export const encodeStrict = (v: string): string =>
  encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function urlOf(baseUrl: string, wire: WireRequest, rewritePath: (path: string) => string = (p) => p): string {
  const qs = wire.query.map(([k, v]) => `${encodeStrict(k)}=${encodeStrict(v)}`).join('&');
  return `${baseUrl.replace(/\/$/, '')}${rewritePath(wire.path)}${qs ? `?${qs}` : ''}`;
}

export interface SendOptions {
  baseUrl: string;
  /** Told before each wait on a 429's Retry-After, so a long wait is not silent. */
  onWait?: (waitMs: number) => void;
  /** Total time the run may spend waiting on 429 Retry-After (ms); 0 reports 429 as is. */
  rateLimitBudgetMs: number;
  /** Sends through this fetch instead of node:http (tests planting answers). */
  fetch?: typeof fetch;
  /** The run's keep-alive connections (default: pools shared by runs without their own). */
  agents?: Agents;
  timeoutMs?: number;
  /** The path as sent when it differs from the one the server sees (a proxy adding the base path). */
  rewritePath?: (path: string) => string;
}

/** Mutable budget shared by every request of a run. */
export interface WaitBudget {
  leftMs: number;
  waitedMs: number;
}

/**
 * Sends once; on 429 with Retry-After, waits and sends again while the budget lasts. `prepare` is
 * called before every attempt, so signed requests get a fresh nonce.
 */
export async function send(prepare: () => WireRequest, opts: SendOptions, budget: WaitBudget): Promise<{ wire: WireRequest; response: WireResponse }> {
  for (;;) {
    const wire = prepare();
    const started = performance.now();
    const init: HttpInit = { method: wire.method, headers: wire.headers, timeoutMs: opts.timeoutMs ?? 30_000 };
    if (wire.bodyText !== undefined) init.body = wire.bodyText;
    const url = urlOf(opts.baseUrl, wire, opts.rewritePath);
    const res = opts.fetch ? await viaFetch(opts.fetch, url, init) : await exchange(url, init, opts.agents ?? (shared ??= new Agents()));
    const { text, headers } = res;
    const response: WireResponse = { status: res.status, contentType: headers['content-type'], headers, text, ms: performance.now() - started };
    if (text !== '') {
      try {
        response.json = JSON.parse(text);
      } catch {
        // Not JSON: the content-type and schema checks say so.
      }
    }
    const retryAfter = Number(headers['retry-after'] ?? null);
    if (res.status === 429 && Number.isFinite(retryAfter) && retryAfter >= 0) {
      const waitMs = Math.max(retryAfter * 1000, 250);
      if (waitMs <= budget.leftMs) {
        budget.leftMs -= waitMs;
        budget.waitedMs += waitMs;
        opts.onWait?.(waitMs);
        await new Promise((r) => setTimeout(r, waitMs));
        continue;
      }
    }
    return { wire, response };
  }
}

let shared: Agents | undefined;

async function viaFetch(doFetch: typeof fetch, url: string, init: HttpInit): Promise<HttpAnswer> {
  const res = await doFetch(url, {
    method: init.method,
    headers: init.headers,
    ...(init.body !== undefined ? { body: init.body } : {}),
    signal: AbortSignal.timeout(init.timeoutMs),
  });
  const text = await res.text();
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => (headers[k] = v));
  return { status: res.status, headers, text };
}
