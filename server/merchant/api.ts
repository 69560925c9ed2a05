// The merchant API in the server: HTTP Basic on every operation with the Refund Create permission
// where `x-required-permission` says so, the merchant error body (M1; an unknown cryptocurrency
// code is 2004), and rate limiting per API key once verified, else per IP (decision M-rate-limit).
import { merchantOperations } from '../../contracts/merchant/operations.ts';
import { createMerchantVerifier, merchantAuth, type MerchantPermission } from '../auth/merchant.ts';
import { merchantPrincipal, type MerchantPrincipal } from '../auth/principal.ts';
import type { HandlerMap } from '../handlers/types.ts';
import { requiredPermission, type ApiModule } from '../http/api-module.ts';
import { renderApiFailure } from '../http/render-api.ts';
import { ipKey } from '../rate-limit.ts';
import { defaultMerchantHandlers } from './handlers/index.ts';

export type MerchantOperations = typeof merchantOperations;
export type MerchantHandlers = HandlerMap<MerchantOperations, MerchantPrincipal>;

/** Fields naming a cryptocurrency: an invalid value there is "Invalid currency type" (2004, M1). */
export const MERCHANT_CURRENCY_FIELDS = ['crypto_iso', 'currency_iso', 'crypto_currency_iso'] as const;

const PERMISSIONS: readonly string[] = ['refund:create'] satisfies MerchantPermission[];

export const merchantApi: ApiModule<MerchantOperations, MerchantPrincipal> = {
  id: 'merchant',
  basePath: '/merchant/v2',
  operations: merchantOperations,
  render: (failure, operationId) => renderApiFailure(failure, { currencyFields: MERCHANT_CURRENCY_FIELDS }, operationId),
  bodies: { lenientJson: true }, // M-lenient-scalars
  clientKey: (req) => {
    const p = merchantPrincipal(req);
    return p ? `key:${p.apiKey}` : ipKey(req);
  },
  auth: (config) => {
    const verify = createMerchantVerifier(config.merchant.keys);
    return (_operationId, op) => {
      if (op.security.length === 0) return undefined;
      const permission = requiredPermission(op);
      if (permission !== undefined && !PERMISSIONS.includes(permission)) throw new Error(`unknown merchant permission ${permission}`);
      return merchantAuth(verify, permission as MerchantPermission | undefined);
    };
  },
  defaultHandlers: defaultMerchantHandlers,
};
