// The auth middleware as exported for other services (`<package>/server/auth`): each verifies, attaches
// the principal and answers its own failures, and those of a body parser in front of it, in its API's
// error body (server/http/mountable.ts). `app.use(merchantAuth(keys))` alone is enough: no HTML page,
// no stack trace. The server's routers use the `*AuthStep` forms, which pass failures on.
import type { ErrorRequestHandler } from 'express';
import { renderExchangeFailure } from '../error-bodies/exchange.ts';
import { answering, errorHandlerOf, type ApiMiddleware, type ErrorHandlerOptions } from '../http/mountable.ts';
import { renderMerchantFailure } from '../error-bodies/merchant.ts';
import { renderPartnerFailure } from '../error-bodies/partner.ts';
import { exchangeAuthStep, type ExchangeAuthOptions, type ExchangeVerifier } from './exchange.ts';
import { merchantAuthStep, type MerchantKeyLookup, type MerchantPermission, type MerchantVerifier } from './merchant.ts';
import { partnerAuthStep, type PartnerCredentialLookup, type PartnerVerifier } from './partner.ts';
import type { MerchantKey, PartnerCredential } from './keys.ts';

export type { ApiMiddleware, ErrorHandlerOptions };

/** Exchange HMAC auth (X1/X2) for one signed route or a whole mount; `keys` a list or a lookup; needs the body parsed first (POST fields are signed). */
export const exchangeAuth = (verify: ExchangeVerifier | ExchangeAuthOptions, requiredScope?: 'trade', options?: ErrorHandlerOptions): ApiMiddleware =>
  answering('exchange', renderExchangeFailure, exchangeAuthStep(verify, requiredScope), options);

/**
 * Merchant HTTP Basic over a list of keys, a verifier, or `{lookup}` (an asynchronous key lookup:
 * unknown 401 1001, its failure 503); `permission` for refund-creating operations (1003 without it).
 */
export const merchantAuth = (verify: MerchantVerifier | readonly MerchantKey[] | { lookup: MerchantKeyLookup }, permission?: MerchantPermission, options?: ErrorHandlerOptions): ApiMiddleware =>
  answering('merchant', renderMerchantFailure, merchantAuthStep(verify, permission), options);

/** Partner Bearer or Basic (P1) over a list, a verifier, or `{lookup}` (asynchronous; its failure 503). */
export const partnerAuth = (verify: PartnerVerifier | readonly PartnerCredential[] | { lookup: PartnerCredentialLookup }, options?: ErrorHandlerOptions): ApiMiddleware =>
  answering('partner', renderPartnerFailure, partnerAuthStep(verify), options);

/** Each API's whole error handler, to mount last: any error, a bug included, in that API's body (500 for a bug, cause logged). */
export const exchangeErrorHandler = (options?: ErrorHandlerOptions): ErrorRequestHandler => errorHandlerOf('exchange', renderExchangeFailure, options);
export const merchantErrorHandler = (options?: ErrorHandlerOptions): ErrorRequestHandler => errorHandlerOf('merchant', renderMerchantFailure, options);
export const partnerErrorHandler = (options?: ErrorHandlerOptions): ErrorRequestHandler => errorHandlerOf('partner', renderPartnerFailure, options);
