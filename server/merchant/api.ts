// The merchant API in the server: HTTP Basic on every operation with the Refund Create permission
// where `x-required-permission` says so, the merchant error body (M1; an unknown cryptocurrency
// code is 2004), and rate limiting per API key once verified, else per IP (decision M-rate-limit).
import { merchantContract } from '../../contracts/merchant/index.ts';
import { merchantOperations } from '../../contracts/merchant/operations.ts';
import { requiredPermission, type ApiModule } from '../api/module.ts';
import { createMerchantVerifier, merchantAuthStep, type MerchantPermission } from '../auth/merchant.ts';
import { merchantPrincipal, type MerchantPrincipal } from '../auth/principal.ts';
import { ipKey } from '../rate-limit.ts';
import type { MerchantOperations } from './handler-map.ts';
import { defaultMerchantHandlers } from './reference/defaults.ts';
import { renderMerchantFailure } from '../error-bodies/merchant.ts';


const PERMISSIONS: readonly string[] = ['refund:create'] satisfies MerchantPermission[];

export const merchantApi: ApiModule<MerchantOperations, MerchantPrincipal, 'merchant'> = {
  id: 'merchant',
  basePath: merchantContract.basePath,
  operations: merchantOperations,
  idempotentPosts: merchantContract.idempotentPosts,
  render: renderMerchantFailure,
  bodies: { lenientJson: true }, // M-lenient-scalars
  clientKey: (req) => {
    const p = merchantPrincipal(req);
    return p ? `key:${p.apiKey}` : ipKey(req);
  },
  auth: ({ settings }) => {
    const verify = createMerchantVerifier(settings.keys);
    return (_operationId, op) => {
      if (op.security.length === 0) return undefined;
      const permission = requiredPermission(op);
      if (permission !== undefined && !PERMISSIONS.includes(permission)) throw new Error(`unknown merchant permission ${permission}`);
      return merchantAuthStep(verify, permission as MerchantPermission | undefined);
    };
  },
  defaultHandlers: defaultMerchantHandlers,
};
