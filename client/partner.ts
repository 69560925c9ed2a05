// createPartnerClient: the typed openapi-fetch client of the Partner Onboarding API. Both
// credential styles of decision P1: `Authorization: Bearer <API_KEY>` ({ apiKey }) or HTTP Basic
// ({ username, password }); exactly one of the two must be given.
import createClient, { type HeadersOptions } from 'openapi-fetch';
import type { components, operations, paths } from '../generated/types/partner.ts';
import { basicAuthorization, bearerAuthorization, headersObject, resolveBaseUrl } from './base-url.ts';
import { enhanceClient } from './core.ts';
import { clientTransport, TextBodyRequest } from './transport.ts';
import type { TypedClient } from './core.ts';
import { IDEMPOTENT_RETRY, resolveRetry, type RetryOptions } from './retry.ts';

export type PartnerPaths = paths;
export type PartnerSchemas = components['schemas'];
export type PartnerOperationTypes = operations;
export type PartnerClient = TypedClient<paths>;

interface CommonOptions {
  /** `http://127.0.0.1:8080` or `http://127.0.0.1:8080/partner/v1`: `/partner/v1` is appended when missing. */
  baseUrl: string;
  fetch?: (request: Request) => Promise<Response>;
  headers?: HeadersOptions;
  /** Retries (on by default): GET, HEAD and POST on network errors, 409, 429 and 503; each POST with one Idempotency-Key for all its attempts. `false` turns them off. */
  retry?: boolean | RetryOptions;
}

export type PartnerClientOptions =
  | (CommonOptions & { apiKey: string; username?: never; password?: never })
  | (CommonOptions & { username: string; password: string; apiKey?: never });

export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const authorization = partnerAuthorization(options);
  const baseUrl = resolveBaseUrl(options.baseUrl, 'partner');
  const headers = { ...headersObject(options.headers), Authorization: authorization };
  const base = createClient<paths>({ baseUrl, fetch: clientTransport(options.fetch), Request: TextBodyRequest, headers });
  // Retries on by default (POSTs included, each with one Idempotency-Key); `retry: false` turns them off.
  return enhanceClient(base, { api: 'partner', retry: resolveRetry(options.retry === undefined || options.retry === true ? IDEMPOTENT_RETRY : options.retry) });
}

function partnerAuthorization(options: PartnerClientOptions): string {
  const hasKey = options.apiKey !== undefined;
  const hasBasic = options.username !== undefined || options.password !== undefined;
  if (hasKey === hasBasic) {
    throw new TypeError('createPartnerClient: give either { apiKey } (Bearer) or { username, password } (Basic), not both and not neither');
  }
  if (hasKey) return bearerAuthorization(options.apiKey!);
  if (!options.username || !options.password) throw new TypeError('createPartnerClient: Basic needs both username and password');
  return basicAuthorization(options.username, options.password);
}

// This file is also the entry `./client/partner`: what a partner-only integration needs, without
// the exchange's signing code or zod.
export {
  ApiError, PartnerApiError, unwrap, unwrapResult, type DataOf, type FetchResult, type PartnerErrorBody, type RegistrationFailureBody,
} from './errors.ts';
export type { RetryOptions } from './retry.ts';
