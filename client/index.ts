// The typed clients of the three APIs, their errors, pagination and retries: the public surface
// of `cryptopay-openapi-toolkit/client`. Browser-safe (no node:* module, no Buffer) and without
// zod. Each client alone is also an entry (`./client/exchange`, `./client/merchant`,
// `./client/partner`), so that a merchant-only bundle carries no exchange signing. Webhook
// verification parses payloads with the contract's zod schemas, so it lives in its own entry,
// `./client/webhooks` (client/webhooks-express.ts); only its types are re-exported here.

// Clients
export { createExchangeClient, type ExchangeClient, type ExchangeClientOptions, type ExchangePaths, type ExchangeSchemas, type ExchangeOperationTypes } from './exchange.ts';
export { createMerchantClient, type MerchantClient, type MerchantClientOptions, type MerchantPaths, type MerchantSchemas, type MerchantOperationTypes } from './merchant.ts';
export { createPartnerClient, type PartnerClient, type PartnerClientOptions, type PartnerPaths, type PartnerSchemas, type PartnerOperationTypes } from './partner.ts';
export { API_PREFIXES, resolveBaseUrl, basicAuthorization, bearerAuthorization, type ApiName } from './base-url.ts';
export type { TypedClient, TypedMethod, TypedRequest } from './core.ts';

// Exchange signing (X1) and nonces
export {
  exchangeSigningMiddleware, signRequest, isSignedOperation, SIGNED_OPERATIONS, EXCHANGE_AUTH_PARAMS, MissingCredentialsError,
  type ExchangeCredentials,
} from './exchange-signing.ts';
export { UnsignableRequestError, MAX_CANONICAL_LENGTH } from '../contracts/exchange/signing.ts';
export { createNonceSource, DEFAULT_MAX_AHEAD_MS, type NonceSource, type NonceSourceOptions, type Clock, type Sleep } from './nonce.ts';

// Errors and the throwing style
export {
  ApiError, ExchangeApiError, MerchantApiError, PartnerApiError, toApiError, unwrap, unwrapResult, apiOf, type DataOf, type FetchResult,
  type ExchangeErrorBody, type ExchangeErrorCode, type MerchantErrorBody, type PartnerErrorBody, type RegistrationFailureBody, type ErrorSource,
} from './errors.ts';

// Retries and rate limiting
export { resolveRetry, withRetry, backoffDelay, retryAfterMs, isNetworkError, type RetryOptions, type RetryPolicy } from './retry.ts';
export { createRateLimiter, rateLimitMiddleware, type RateLimiter, type RateLimitOptions } from './rate-limiter.ts';

// Pagination
export {
  paginateTransactions, paginateOrders, paginateTrades, paginateTradeHistory,
  type PageOptions, type Transaction, type Order, type UserTrade, type Trade,
} from './pagination.ts';

// Webhooks: types only (the functions are in ./client/webhooks, which loads zod)
export type {
  WebhookEvent, WebhookFailureReason, VerifyWebhookOptions, SignWebhookOptions, WebhookEnvelopeInput, PaymentWebhookPayload, RefundWebhookPayload,
} from './webhooks.ts';
export type { SeenStore, MemorySeenStore, MemorySeenStoreOptions } from './seen-store.ts';
export type { WebhookHandlerOptions } from './webhooks-express.ts';
