// createExchangeClient: the typed openapi-fetch client of the Exchange Trading API. Public
// operations go out as they are; authenticated ones are signed (X1) by the signing middleware
// with a nonce that strictly increases per client. Options add retries and a client-side
// limiter for the 60 requests per minute (X5), both off unless asked.
import createClient, { type HeadersOptions } from 'openapi-fetch';
import type { components, operations, paths } from '../generated/types/exchange.ts';
import { headersObject, resolveBaseUrl } from './base-url.ts';
import { enhanceClient } from './core.ts';
import { clientFetch, TextBodyRequest } from './transport.ts';
import type { TypedClient } from './core.ts';
import { createDirectSend } from './direct.ts';
import { exchangeSigningMiddleware, exchangeUrlSigner } from './exchange-signing.ts';
import { createNonceSource, type Clock, type NonceSource } from './nonce.ts';
import { createRateLimiter, rateLimitMiddleware, type RateLimitOptions, type RateLimiter } from './rate-limiter.ts';
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
  // Read once, as the merchant and partner clients do: both paths send the headers given at creation.
  const headers = headersObject(options.headers);
  const base = createClient<paths>({ baseUrl, fetch: clientFetch(options.fetch), Request: TextBodyRequest, headers });
  const limiter = toLimiter(options.rateLimit);
  const signing = {
    credentials: accessKey !== undefined && secretKey !== undefined ? { accessKey, secretKey } : undefined,
    nonces: options.nonces ?? createNonceSource(options.now ? { now: options.now } : {}),
  };
  // Order matters: wait for the limiter first, then take the nonce, so a long wait cannot stale it.
  if (limiter) base.use(rateLimitMiddleware(limiter));
  base.use(exchangeSigningMiddleware(signing));
  // The direct path does the same two steps in the same order (client/direct.ts).
  const signUrl = exchangeUrlSigner(signing);
  const direct = options.fetch
    ? undefined
    : createDirectSend({
        baseUrl,
        headers,
        beforeSend: limiter
          ? async (method, schemaPath, url, bodyText, signal) => (await limiter.acquire(signal), signUrl(method, schemaPath, url, bodyText))
          : signUrl,
      });
  return enhanceClient(base, { api: 'exchange', retry: resolveRetry(options.retry), direct });
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
