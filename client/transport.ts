// How the clients hand a request to fetch, kept cheap. openapi-fetch calls fetch(request) with a
// Request object; Node's fetch (undici) then re-wraps a Request that has a body by piping it
// through a proxy stream, measurably slower than fetch(url, init) with a string body. So the
// default transport passes url + init, with the body text remembered when the Request was built:
// openapi-fetch builds its Requests with the `Request` class the client gives it (TextBodyRequest),
// and the signing middleware reads the same remembered text instead of the body stream. A signal
// is forwarded only when the caller gave one: following a signal costs a listener per request.
// A fetch given in the options is called with the Request itself, as openapi-fetch would.

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

/** Init that rebuilds `request` (method, headers, modes) with `body`; its signal unless it is known to have none of the caller's. */
export function initFrom(request: Request, body: string | ArrayBuffer | undefined): RequestInit {
  const init: RequestInit = {
    method: request.method,
    headers: request.headers,
    redirect: request.redirect,
    credentials: request.credentials,
    keepalive: request.keepalive,
  };
  if (body !== undefined) init.body = body;
  if (!TextBodyRequest.withoutSignal(request)) init.signal = request.signal;
  return init;
}

export type FetchLike = (request: Request) => Promise<Response>;

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

/** The fetch a client uses: the one given (called with the Request), else url + init over globalThis.fetch. */
export function clientFetch(given: FetchLike | undefined): FetchLike {
  return given ?? urlInitFetch((input, init) => globalThis.fetch(input, init));
}
