// What the three clients add around an openapi-fetch client: every call's Response is tagged
// with its API (so unwrap raises the right error class), and, when asked, the call is retried
// as a whole (retry.ts), which re-runs the middleware: re-signing, rate limiting. The result is
// still the openapi-fetch client at runtime (`use` and `eject` included), typed as TypedClient.
import type { Client } from 'openapi-fetch';
import type { ApiName } from './base-url.ts';
import { withRetry, type RetryPolicy } from './retry.ts';
import type { TypedClient } from './typed-client.ts';
import { tagResponse, type FetchResult } from './unwrap.ts';

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

type AnyCall = (url: string, init?: unknown) => Promise<FetchResult>;
type AnyRequest = (method: string, url: string, init?: unknown) => Promise<FetchResult>;

export interface EnhanceOptions {
  api: ApiName;
  retry?: RetryPolicy | undefined;
}

export function enhanceClient<Paths extends Record<string, any>>(base: Client<Paths>, { api, retry }: EnhanceOptions): TypedClient<Paths> {
  async function call(method: string, attempt: () => Promise<FetchResult>): Promise<FetchResult> {
    const result = retry ? await withRetry(method, attempt, retry) : await attempt();
    tagResponse(result.response, api);
    return result;
  }
  const raw = base as unknown as Record<(typeof METHODS)[number], AnyCall> & { request: AnyRequest };
  const client: Record<string, unknown> = { ...base };
  for (const method of METHODS) {
    const send = raw[method];
    client[method] = (url: string, init?: unknown) => call(method, () => send(url, init));
  }
  client.request = (method: string, url: string, init?: unknown) => call(method.toUpperCase(), () => raw.request(method, url, init));
  return client as unknown as TypedClient<Paths>;
}
