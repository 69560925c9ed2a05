// The typed clients of the three APIs, their errors, pagination, retries and webhook
// verification: the public surface of `cryptopay-openapi-toolkit/client`. The webhook helpers
// alone are also at `cryptopay-openapi-toolkit/client/webhooks`. Express is used for types only.

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

// Webhooks
export {
  verifyWebhook, signWebhook, WebhookVerificationError, WEBHOOK_FAILURE_REASONS, DEFAULT_TOLERANCE_SEC,
  type WebhookEvent, type WebhookFailureReason, type VerifyWebhookOptions, type SignWebhookOptions, type WebhookEnvelopeInput,
  type PaymentWebhookPayload, type RefundWebhookPayload,
} from './webhooks.ts';
export { memorySeenStore, webhookEventKey, type SeenStore, type MemorySeenStore, type MemorySeenStoreOptions } from './seen-store.ts';
export { webhookHandler, type WebhookHandlerOptions } from './webhooks-express.ts';
