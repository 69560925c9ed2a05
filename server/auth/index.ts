// The three auth verifiers, for reuse by other services: each a pure `verify` (throws the API's
// 401 error) and an Express middleware that attaches the principal.
export { EXCHANGE_AUTH_PARAMS, createExchangeVerifier, exchangeAuth, hideAuthParams } from './exchange.ts';
export type { ExchangeAuthOptions, ExchangeKey, ExchangeVerifier, SignedRequest } from './exchange.ts';
export { createMerchantVerifier, merchantAuth } from './merchant.ts';
export type { MerchantKey, MerchantPermission, MerchantVerifier } from './merchant.ts';
export { createPartnerVerifier, partnerAuth } from './partner.ts';
export type { PartnerCredential, PartnerVerifier } from './partner.ts';
export { NonceStore, type NonceClaims } from './nonce-store.ts';
export { RedisNonceStore, redisNonceStore, type RedisNonceStoreOptions } from '../stores/redis-nonce-store.ts';
export { parseAuthorization } from './authorization-header.ts';
export { exchangePrincipal, merchantPrincipal, partnerPrincipal, principalOf, safeEqual } from './principal.ts';
export type { ExchangePrincipal, MerchantPrincipal, PartnerPrincipal, Principal } from './principal.ts';
