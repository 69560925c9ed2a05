// The one way every client call goes out. openapi-fetch builds the Request and runs the caller's
// middleware; the client's `fetch` (this transport) then does the client's own step before
// sending, if it has one (the exchange: wait for the limiter, then sign the URL, after every
// middleware so the signature covers what a middleware changed), and hands the request to fetch.
// Kept cheap: Node's fetch (undici) re-wraps a Request that has a body by piping it through a
// proxy stream, measurably slower than fetch(url, init) with a string body, so the default
// transport passes url + init, with the body text remembered when the Request was built:
// openapi-fetch builds its Requests with the `Request` class the client gives it (TextBodyRequest).
// A signal is forwarded only when the caller gave one: following a signal costs a listener per
// request. A fetch given in the options is called with a Request (the signed one when signing).

/** A Request that remembers its string body and whether it was given a signal; the clients' `Request` class. */
export class TextBodyRequest extends Request {
  // Private fields rather than a WeakMap keyed by the Request: cheaper to set and read per call.
  readonly #text: string | undefined;
  readonly #signal: boolean;
  constructor(input: ConstructorParameters<typeof Request>[0], init?: RequestInit) {
    super(input, init);
    this.#text = typeof init?.body === 'string' ? init.body : undefined;
    this.#signal = init?.signal != null;
  }
  /**
   * Any Request passes `instanceof TextBodyRequest`: openapi-fetch checks what a middleware returns
   * against the client's Request class, and a caller's middleware returns a plain `new Request()`.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Request;
  }
  /** The body text `request` was built with here, if any. */
  static textOf(request: Request): string | undefined {
    return #text in request ? request.#text : undefined;
  }
  /** Whether `request` was built here without a signal of the caller's. */
  static withoutSignal(request: Request): boolean {
    return #signal in request && !request.#signal;
  }
}

/** The body text `request` was built with here, if any. */
export const rememberedBody = (request: Request): string | undefined => TextBodyRequest.textOf(request);

/**
 * Init that rebuilds `request` (method, headers, modes) with `body`; its signal unless it is known
 * to have none of the caller's. Only what differs from fetch's defaults is set: every field given
 * is work for fetch, and a GET without headers goes out as fetch(url) would.
 */
export function initFrom(request: Request, body: string | ArrayBuffer | undefined): RequestInit {
  const init: RequestInit = {};
  if (request.method !== 'GET') init.method = request.method;
  const headers = request.headers;
  for (const _ of headers.keys()) {
    init.headers = headers;
    break;
  }
  if (request.redirect !== 'follow') init.redirect = request.redirect;
  if (request.credentials !== 'same-origin') init.credentials = request.credentials;
  if (request.keepalive) init.keepalive = true;
  if (body !== undefined) init.body = body;
  if (!TextBodyRequest.withoutSignal(request)) init.signal = request.signal;
  return init;
}

export type FetchLike = (request: Request) => Promise<Response>;

/**
 * The client's step before a request goes out: may wait (limiter), returns the URL to send (signed
 * or as is). `bodyText` is the request's body as text, `undefined` without one.
 */
export type BeforeSend = (request: Request, bodyText: string | undefined) => Promise<string>;

/** fetch(request) as fetch(url, init). */
export function urlInitFetch(fetchImpl: typeof globalThis.fetch): FetchLike {
  async function readingBody(request: Request): Promise<Response> {
    return fetchImpl(request.url, initFrom(request, await request.arrayBuffer()));
  }
  // Not async when the body text is known (the clients' own requests): no extra promise per call.
  return function fetchAsUrlInit(request: Request): Promise<Response> {
    try {
      const body = rememberedBody(request);
      if (body === undefined && request.body !== null) return readingBody(request);
      return fetchImpl(request.url, initFrom(request, body));
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

/**
 * The transport of a client, openapi-fetch's `fetch`: `beforeSend` (if any) on every request, then
 * the fetch given (called with the Request, re-built only when its URL changed) or url + init
 * over globalThis.fetch.
 */
export function clientTransport(given: FetchLike | undefined, beforeSend?: BeforeSend): FetchLike {
  const plain = given ?? urlInitFetch((input, init) => globalThis.fetch(input, init));
  if (!beforeSend) return plain;
  return async function transport(request: Request): Promise<Response> {
    const text = rememberedBody(request) ?? (request.body === null ? undefined : await request.text());
    const url = await beforeSend(request, text);
    const init = initFrom(request, text);
    if (given) return given(url === request.url && !request.bodyUsed ? request : new TextBodyRequest(url, init));
    return globalThis.fetch(url, init);
  };
}

/** The caller's signal of a request, or undefined when it was built here without one (no listener to add). */
export const signalOf = (request: Request): AbortSignal | undefined => (TextBodyRequest.withoutSignal(request) ? undefined : request.signal);
