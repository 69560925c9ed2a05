// What the three clients add around an openapi-fetch client: every error Response is tagged
// with its API (so unwrap raises the right error class), and, when asked, the call is retried
// as a whole (retry.ts), which re-runs the transport's step: re-signing, rate limiting. Every call
// goes the same way: openapi-fetch builds the Request and runs the caller's middleware, the
// client's transport (transport.ts) does the client's step and sends. The result is still the
// openapi-fetch client at runtime (`use` and `eject` included), typed as TypedClient.
import type { Client, ClientPathsWithMethod, FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { ApiName } from './base-url.ts';
import { warnIfDeprecated } from './deprecation.ts';
import { withIdempotencyKey, withRetry, type RetryPolicy } from './retry.ts';
import { tagResponse, type FetchResult } from './errors.ts';

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

type AnyCall = (url: string, init?: unknown) => Promise<FetchResult>;
type AnyRequest = (method: string, url: string, init?: unknown) => Promise<FetchResult>;

export interface EnhanceOptions {
  api: ApiName;
  retry?: RetryPolicy | undefined;
}

export function enhanceClient<Paths extends Record<string, any>>(base: Client<Paths>, { api, retry }: EnhanceOptions): TypedClient<Paths> {
  // Only an error answer needs its API recorded (unwrap picks the error class from it): tagging
  // every response would put each one in a WeakMap, GC work on the hot path for nothing.
  const tag = (result: FetchResult): FetchResult => {
    if (!result.response.ok) tagResponse(result.response, api);
    return result;
  };
  function call(method: string, url: string, attempt: () => Promise<FetchResult>, init: unknown): Promise<FetchResult> {
    const done = (result: FetchResult) => {
      warnIfDeprecated(api, method, url, result.response);
      return tag(result);
    };
    if (!retry) return attempt().then(done);
    const signal = (init as { signal?: AbortSignal | null } | undefined)?.signal;
    return withRetry(method, attempt, retry, signal).then(done);
  }
  const raw = base as unknown as Record<(typeof METHODS)[number], AnyCall> & { request: AnyRequest };
  const client: Record<string, unknown> = { ...base };
  // A retried POST of merchant or partner carries one Idempotency-Key across its attempts (retry.ts).
  const keyed = (method: string, init: unknown) => (api === 'exchange' ? init : withIdempotencyKey(method, init, retry));
  for (const method of METHODS) {
    const send = raw[method];
    client[method] = (url: string, given?: unknown) => {
      const init = keyed(method, given);
      return call(method, url, () => send(url, init), init);
    };
  }
  client.request = (method: string, url: string, given?: unknown) => {
    const upper = method.toUpperCase();
    const init = keyed(upper, given);
    return call(upper, url, () => raw.request(method, url, init), init);
  };
  return client as unknown as TypedClient<Paths>;
}

// ---- TypedClient ----
// The type of the clients: openapi-fetch's Client with stricter call signatures. openapi-fetch
// infers the whole `init` argument as a type parameter, so TypeScript never checks it for excess
// properties: a misspelled optional body field or query parameter compiles (openapi-ts issues
// #1769 and #2329). Here the path is inferred first and `init` is then typed from it, without a
// type parameter of its own, so an unknown field in `params` or `body` is a compile error. The
// runtime object is the openapi-fetch client itself (core.ts wraps its methods); only the types
// are narrowed. Responses are typed as JSON: the type-level `parseAs` variants are not offered
// (call with `parseAs` at runtime and cast, or use openapi-fetch directly).
type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type Media = `${string}/${string}`;
type AnyPaths = {};

/** The operation of `PathInfo` under method `M`, and the `init` openapi-fetch accepts for it. */
type OperationOf<PathInfo, M extends HttpMethod> = PathInfo extends { [K in M]: infer O extends Record<string | number, any> } ? O : never;
type InitOf<PathInfo, M extends HttpMethod> = M extends keyof PathInfo ? MaybeOptionalInit<PathInfo, M> : never;

/** `init` is optional exactly when nothing in it is required. */
type InitArgs<Init> = undefined extends Init ? [init?: Init] : [init: Init];

export type TypedMethod<Paths extends AnyPaths, M extends HttpMethod> = <Path extends ClientPathsWithMethod<Client<Paths>, M>>(
  url: Path,
  ...init: InitArgs<InitOf<Paths[Path], M>>
) => Promise<FetchResponse<OperationOf<Paths[Path], M>, {}, Media>>;

export type TypedRequest<Paths extends AnyPaths> = <M extends HttpMethod, Path extends ClientPathsWithMethod<Client<Paths>, M>>(
  method: M,
  url: Path,
  ...init: InitArgs<InitOf<Paths[Path], M>>
) => Promise<FetchResponse<OperationOf<Paths[Path], M>, {}, Media>>;

export interface TypedClient<Paths extends AnyPaths> extends Pick<Client<Paths>, 'use' | 'eject'> {
  request: TypedRequest<Paths>;
  GET: TypedMethod<Paths, 'get'>;
  PUT: TypedMethod<Paths, 'put'>;
  POST: TypedMethod<Paths, 'post'>;
  DELETE: TypedMethod<Paths, 'delete'>;
  OPTIONS: TypedMethod<Paths, 'options'>;
  HEAD: TypedMethod<Paths, 'head'>;
  PATCH: TypedMethod<Paths, 'patch'>;
  TRACE: TypedMethod<Paths, 'trace'>;
}
