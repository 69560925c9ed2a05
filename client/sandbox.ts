// createSandboxClient: the typed openapi-fetch client of the sandbox control API (contracts/sandbox):
// resets, the test clock and the rate-limit exemption. Without credentials (a sandbox on this
// machine, decision S-access) or with a sandbox merchant key's HTTP Basic ({ username, password }).
import createClient, { type HeadersOptions } from 'openapi-fetch';
import type { components, operations, paths } from '../generated/types/sandbox.ts';
import { basicAuthorization, headersObject, resolveBaseUrl } from './base-url.ts';
import { enhanceClient, type TypedClient } from './core.ts';
import { clientTransport, TextBodyRequest } from './transport.ts';

export type SandboxPaths = paths;
export type SandboxSchemas = components['schemas'];
export type SandboxOperationTypes = operations;
export type SandboxClient = TypedClient<paths>;

export interface SandboxClientOptions {
  /** `http://127.0.0.1:8080` or `http://127.0.0.1:8080/sandbox/v1`: `/sandbox/v1` is appended when missing. */
  baseUrl: string;
  /** A merchant key configured with `sandbox: true` and its secret; omit on loopback. */
  username?: string;
  password?: string;
  fetch?: (request: Request) => Promise<Response>;
  headers?: HeadersOptions;
}

export function createSandboxClient(options: SandboxClientOptions): SandboxClient {
  if ((options.username === undefined) !== (options.password === undefined)) {
    throw new TypeError('createSandboxClient: give both username and password (a sandbox merchant key), or neither');
  }
  const auth = options.username !== undefined ? { Authorization: basicAuthorization(options.username, options.password!) } : {};
  const baseUrl = resolveBaseUrl(options.baseUrl, 'sandbox');
  const headers = { ...headersObject(options.headers), ...auth };
  const base = createClient<paths>({ baseUrl, fetch: clientTransport(options.fetch), Request: TextBodyRequest, headers });
  return enhanceClient(base, { api: 'sandbox', retry: undefined });
}

export { SandboxApiError, unwrap, unwrapResult } from './errors.ts';
