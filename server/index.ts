// Public API of the reference server package (`<package>/server`).
export { createServer, type CreateServerOptions, type ServerHandlers } from './app.ts';
export type { ReadinessCheck } from './http/health.ts';
export { stateWritable } from './state/readiness.ts';
export { ConfigError, ConfigSchema, loadConfig, resolveConfig, type ConfigInput, type ServerConfig } from './config/config.ts';
export { SANDBOX_DEFAULTS } from './config/defaults.ts';
export { exchangeValidator, merchantValidator, partnerValidator, type MountedValidator, type ValidatorOptions } from './validators.ts';
export * from './auth/index.ts';
export {
  ApiDomainError,
  ExchangeDomainError,
  MalformedJsonError,
  MethodNotAllowedError,
  NotImplementedError,
  PayloadTooLargeError,
  RateLimitedError,
  RequestValidationError,
  RouteNotFoundError,
  StoreUnavailableError,
  UnsupportedMediaTypeError,
  type ValidationIssue,
} from './core/errors.ts';
export type { Handler, HandlerInput, HandlerMap, HandlerOverrides, HandlerResult } from './api/handler-map.ts';
export type { HandlerContext } from './api/module.ts';
export type { ExchangeHandlers, ExchangeOperations } from './exchange/handler-map.ts';
export type { MerchantHandlers, MerchantOperations } from './merchant/handler-map.ts';
export type { PartnerHandlers, PartnerOperations } from './partner/handler-map.ts';
export { EXCHANGE_PLATFORM_CODES } from './error-bodies/exchange.ts';
export { RateLimiter, type RateCounter, type RateDecision, type RateLimitRule } from './http/rate-limit.ts';
// Stores shared by several instances (README, "Running several instances").
export { connectRedis, redisReady, type RedisConnectOptions, type RedisSource } from './stores/redis.ts';
export { RedisRateLimiter, redisRateLimiter } from './stores/redis-rate-limiter.ts';
export { redisSeenStore, type RedisSeenStoreOptions } from './stores/redis-seen-store.ts';
export { RedisInvoiceNumbers, redisInvoiceNumbers } from './stores/redis-invoice-numbers.ts';
export type { InvoiceNumberClaims } from './ports/invoice-numbers.ts';
export { redisSharedStores } from './stores/shared.ts';
export { RedisNonceStore, redisNonceStore, type RedisNonceStoreOptions } from './stores/redis-nonce-store.ts';
export type { SharedStores } from './ports/shared.ts';
export type { ServerStores } from './ports/stores.ts';
export { queryOf } from './core/request-view.ts';
