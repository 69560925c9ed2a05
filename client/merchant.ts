// createMerchantClient: the typed openapi-fetch client of the Merchant Payments API, with HTTP
// Basic `base64(<API_KEY>:<API_SECRET>)` on every request (the API has no public operation).
import createClient, { type HeadersOptions } from 'openapi-fetch';
import type { components, operations, paths } from '../generated/types/merchant.ts';
import { basicAuthorization, headersObject, resolveBaseUrl } from './base-url.ts';
import { enhanceClient } from './core.ts';
import { clientTransport, TextBodyRequest } from './transport.ts';
import type { TypedClient } from './core.ts';
import { IDEMPOTENT_RETRY, resolveRetry, type RetryOptions } from './retry.ts';

export type MerchantPaths = paths;
export type MerchantSchemas = components['schemas'];
export type MerchantOperationTypes = operations;
export type MerchantClient = TypedClient<paths>;

export interface MerchantClientOptions {
  /** `http://127.0.0.1:8080` or `http://127.0.0.1:8080/merchant/v2`: `/merchant/v2` is appended when missing. */
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request (Authorization is set by the client). */
  headers?: HeadersOptions;
  /** Retries (on by default): GET, HEAD and POST on network errors, 409, 429 and 503; each POST with one Idempotency-Key for all its attempts. `false` turns them off. */
  retry?: boolean | RetryOptions;
}

export function createMerchantClient(options: MerchantClientOptions): MerchantClient {
  if (!options.apiKey || !options.apiSecret) {
    throw new TypeError('createMerchantClient: apiKey and apiSecret are required (sandbox: demo-merchant / demo-merchant-secret)');
  }
  const baseUrl = resolveBaseUrl(options.baseUrl, 'merchant');
  const headers = { ...headersObject(options.headers), Authorization: basicAuthorization(options.apiKey, options.apiSecret) };
  const base = createClient<paths>({ baseUrl, fetch: clientTransport(options.fetch), Request: TextBodyRequest, headers });
  // Retries on by default (POSTs included, each with one Idempotency-Key); `retry: false` turns them off.
  return enhanceClient(base, { api: 'merchant', retry: resolveRetry(options.retry === undefined || options.retry === true ? IDEMPOTENT_RETRY : options.retry) });
}


// This file is also the entry `./client/merchant`: what a merchant-only integration needs, without
// the exchange's signing code or zod.
export { ApiError, MerchantApiError, unwrap, unwrapResult, type DataOf, type ErrorSource, type FetchResult, type MerchantErrorBody } from './errors.ts';
export { paginateTransactions, type PageOptions, type Transaction } from './pagination.ts';
export type { RetryOptions } from './retry.ts';
