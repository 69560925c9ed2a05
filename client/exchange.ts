// createExchangeClient: the typed openapi-fetch client of the Exchange Trading API. Public
// operations go out as they are; authenticated ones are signed (X1) by the client's transport
// (client/transport.ts, after any middleware) with a nonce that strictly increases per client. Options add retries and a client-side
// limiter for the 60 requests per minute (X5), both off unless asked.
import createClient, { type HeadersOptions } from 'openapi-fetch';
import type { components, operations, paths } from '../generated/types/exchange.ts';
import { headersObject, resolveBaseUrl } from './base-url.ts';
import { enhanceClient } from './core.ts';
import { clientTransport, signalOf, TextBodyRequest, type BeforeSend } from './transport.ts';
import type { TypedClient } from './core.ts';
import { exchangeUrlSigner } from './exchange-signing.ts';
import { createNonceSource, type Clock, type NonceSource } from './nonce.ts';
import { createRateLimiter, type RateLimitOptions, type RateLimiter } from './rate-limiter.ts';
import { resolveRetry, type RetryOptions } from './retry.ts';

export type ExchangePaths = paths;
export type ExchangeSchemas = components['schemas'];
export type ExchangeOperationTypes = operations;
export type ExchangeClient = TypedClient<paths>;

export interface ExchangeClientOptions {
  /** `http://127.0.0.1:8080` or `http://127.0.0.1:8080/api/v1`: `/api/v1` is appended when missing. */
  baseUrl: string;
  /** Access key and secret; both or neither. Without them only the public operations can be called. */
  accessKey?: string;
  secretKey?: string;
  /** Custom fetch (tests, proxies, instrumentation). */
  fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request (read when the client is created). */
  headers?: HeadersOptions;
  /** Clock of the nonces (default Date.now); ignored when `nonces` is given. */
  now?: Clock;
  /** A nonce source to share between clients that sign with the same access key. */
  nonces?: NonceSource;
  /** Retries on network errors, 429 and 503 (GET only unless `methods` says otherwise); off by default. */
  retry?: boolean | RetryOptions;
  /** Client-side limiter (default 60 per minute); off by default. A RateLimiter instance can be shared. */
  rateLimit?: boolean | RateLimitOptions | RateLimiter;
}

export function createExchangeClient(options: ExchangeClientOptions): ExchangeClient {
  const { accessKey, secretKey } = options;
  if ((accessKey === undefined) !== (secretKey === undefined) || accessKey === '' || secretKey === '') {
    throw new TypeError('createExchangeClient: give both accessKey and secretKey (non-empty), or neither for public operations only');
  }
  const baseUrl = resolveBaseUrl(options.baseUrl, 'exchange');
  const limiter = toLimiter(options.rateLimit);
  const signUrl = exchangeUrlSigner({
    credentials: accessKey !== undefined && secretKey !== undefined ? { accessKey, secretKey } : undefined,
    nonces: options.nonces ?? createNonceSource(options.now ? { now: options.now } : {}),
    basePath: new URL(baseUrl).pathname,
  });
  // The one step before every request goes out, after any middleware of the caller's. Order
  // matters: wait for the limiter first, then take the nonce, so a long wait cannot stale it.
  const beforeSend: BeforeSend = limiter
    ? async (request, bodyText) => (await limiter.acquire(signalOf(request)), signUrl(request.method, request.url, bodyText))
    : (request, bodyText) => signUrl(request.method, request.url, bodyText);
  const base = createClient<paths>({
    baseUrl, fetch: clientTransport(options.fetch, beforeSend), Request: TextBodyRequest, headers: headersObject(options.headers),
  });
  return enhanceClient(base, { api: 'exchange', retry: resolveRetry(options.retry) });
}

function toLimiter(option: ExchangeClientOptions['rateLimit']): RateLimiter | undefined {
  if (!option) return undefined;
  if (option === true) return createRateLimiter();
  return 'acquire' in option ? option : createRateLimiter(option);
}

// This file is also the entry `./client/exchange`: what an exchange-only integration needs, without zod.
export { ApiError, ExchangeApiError, unwrap, unwrapResult, type DataOf, type ExchangeErrorBody, type ExchangeErrorCode, type FetchResult } from './errors.ts';
export { MissingCredentialsError, type ExchangeCredentials } from './exchange-signing.ts';
export { UnsignableRequestError } from '../contracts/exchange/signing.ts';
export { createNonceSource, type NonceSource, type NonceSourceOptions } from './nonce.ts';
export { createRateLimiter, type RateLimiter } from './rate-limiter.ts';
export { paginateOrders, paginateTrades, paginateTradeHistory, type Order, type PageOptions, type Trade, type UserTrade } from './pagination.ts';
export type { RateLimitOptions, RetryOptions };
