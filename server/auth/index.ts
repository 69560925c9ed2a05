// The three auth verifiers, for reuse by other services: each a pure `verify` (throws the API's
// 401 error) and an Express middleware that attaches the principal and answers its own failures in
// the API's error body; each API's error handler, to mount last.
export { EXCHANGE_AUTH_PARAMS, createExchangeVerifier, hideAuthParams } from './exchange.ts';
export {
  exchangeAuth,
  exchangeErrorHandler,
  merchantAuth,
  merchantErrorHandler,
  partnerAuth,
  partnerErrorHandler,
  type ApiMiddleware,
  type ErrorHandlerOptions,
} from './mountable.ts';
export type { ExchangeAuthOptions, ExchangeKey, ExchangeKeyLookup, ExchangeVerifier, SignedRequest } from './exchange.ts';
export { createMerchantVerifier } from './merchant.ts';
export type { MerchantKey, MerchantKeyLookup, MerchantPermission, MerchantVerifier } from './merchant.ts';
export { createPartnerVerifier } from './partner.ts';
export type { PartnerCredential, PartnerCredentialLookup, PartnerVerifier } from './partner.ts';
export { NonceStore, type NonceClaims } from './nonce-store.ts';
export { parseAuthorization } from './authorization-header.ts';
export { exchangePrincipal, merchantPrincipal, partnerPrincipal, principalOf, safeEqual } from './principal.ts';
export type { ExchangePrincipal, MerchantPrincipal, PartnerPrincipal, Principal } from './principal.ts';
// Node's own 431/408/400 in the API's body, for the service's http.Server (server/http/client-errors.ts).
export { answerClientErrors, SERVER_PREFIXES, type ApiOfPath } from '../http/client-errors.ts';
