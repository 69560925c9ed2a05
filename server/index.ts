// Public API of the reference server package (`<package>/server`).
export { createServer, type CreateServerOptions, type ServerHandlers } from './app.ts';
export { ConfigError, ConfigSchema, loadConfig, resolveConfig, type ConfigInput, type ServerConfig } from './config.ts';
export { SANDBOX_DEFAULTS } from './config-defaults.ts';
export { exchangeValidator, merchantValidator, partnerValidator, type ValidatorOptions } from './validators.ts';
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
} from './errors.ts';
export type { Handler, HandlerInput, HandlerMap, HandlerOverrides, HandlerResult } from './handlers/types.ts';
export type { HandlerContext } from './http/api-module.ts';
export type { ExchangeHandlers, ExchangeOperations } from './exchange/api.ts';
export type { MerchantHandlers, MerchantOperations } from './merchant/api.ts';
export type { PartnerHandlers, PartnerOperations } from './partner/api.ts';
export { EXCHANGE_PLATFORM_CODES } from './http/render-exchange.ts';
export { RateLimiter, type RateCounter, type RateDecision, type RateLimitRule } from './rate-limit.ts';
// Stores shared by several instances (README, "Running several instances").
export { connectRedis, redisReady, type RedisConnectOptions, type RedisSource } from './stores/redis.ts';
export { RedisRateLimiter, redisRateLimiter } from './stores/redis-rate-limiter.ts';
export { redisSeenStore, type RedisSeenStoreOptions } from './stores/redis-seen-store.ts';
export { RedisInvoiceNumbers, redisInvoiceNumbers } from './stores/redis-invoice-numbers.ts';
export type { InvoiceNumberClaims } from './stores/invoice-numbers.ts';
export { redisSharedStores, type SharedStores } from './stores/shared.ts';
export { queryOf } from './http/request-view.ts';
