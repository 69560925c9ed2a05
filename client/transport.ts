// How the clients hand a request to fetch, kept cheap. openapi-fetch calls fetch(request) with a
// Request object; Node's fetch (undici) then re-wraps a Request that has a body by piping it
// through a proxy stream, measurably slower than fetch(url, init) with a string body. So the
// default transport passes url + init, with the body text remembered when the Request was built:
// openapi-fetch builds its Requests with the `Request` class the client gives it (TextBodyRequest),
// and the signing middleware reads the same remembered text instead of the body stream. A signal
// is forwarded only when the caller gave one: following a signal costs a listener per request.
// A fetch given in the options is called with the Request itself, as openapi-fetch would.

interface Built {
  text: string | undefined;
  signal: boolean;
}
const built = new WeakMap<Request, Built>();

/** A Request that remembers its string body and whether it was given a signal; the clients' `Request` class. */
export class TextBodyRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init);
    built.set(this, { text: typeof init?.body === 'string' ? init.body : undefined, signal: init?.signal != null });
  }
}

/** The body text `request` was built with here, if any. */
export const rememberedBody = (request: Request): string | undefined => built.get(request)?.text;

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
  if (built.get(request)?.signal !== false) init.signal = request.signal;
  return init;
}

export type FetchLike = (request: Request) => Promise<Response>;

/** fetch(request) as fetch(url, init). */
export function urlInitFetch(fetchImpl: typeof globalThis.fetch): FetchLike {
  return async function fetchAsUrlInit(request: Request): Promise<Response> {
    let body: string | ArrayBuffer | undefined = rememberedBody(request);
    if (body === undefined && request.body !== null) body = await request.arrayBuffer();
    return fetchImpl(request.url, initFrom(request, body));
  };
}

/** The fetch a client uses: the one given (called with the Request), else url + init over globalThis.fetch. */
export function clientFetch(given: FetchLike | undefined): FetchLike {
  return given ?? urlInitFetch((input, init) => globalThis.fetch(input, init));
}
