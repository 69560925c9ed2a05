// The merchant API's protocol: HTTP Basic on every operation with the Refund Create permission
// where `x-required-permission` says so, the merchant error body (M1; an unknown cryptocurrency
// code is 2004), and rate limiting per API key once verified, else per IP (decision M-rate-limit).
// The protocol only: no handlers, no storage (the validators for other services load this alone).
import { merchantContract } from '../../contracts/merchant/index.ts';
import { merchantOperations } from '../../contracts/merchant/operations.ts';
import document from '../../generated/openapi/merchant.document.ts';
import { requiredPermission, type ApiProtocol } from '../api/protocol.ts';
import { createMerchantVerifier, merchantAuthStep, type MerchantPermission } from '../auth/merchant.ts';
import { merchantPrincipal } from '../auth/principal.ts';
import { ipKey } from '../http/rate-limit.ts';
import type { MerchantOperations } from './handler-map.ts';
import { renderMerchantFailure } from '../error-bodies/merchant.ts';

const PERMISSIONS: readonly string[] = ['refund:create'] satisfies MerchantPermission[];

export const merchantProtocol: ApiProtocol<MerchantOperations, 'merchant'> = {
  id: 'merchant',
  document,
  basePath: merchantContract.basePath,
  operations: merchantOperations,
  idempotentPosts: merchantContract.idempotentPosts,
  render: renderMerchantFailure,
  bodies: { lenientJson: true }, // M-lenient-scalars
  clientKey: (req) => {
    const p = merchantPrincipal(req);
    return p ? `key:${p.apiKey}` : ipKey(req);
  },
  auth: ({ settings, lookup }) => {
    const verify = createMerchantVerifier(lookup ?? settings.keys);
    return (_operationId, op) => {
      if (op.security.length === 0) return undefined;
      const permission = requiredPermission(op);
      if (permission !== undefined && !PERMISSIONS.includes(permission)) throw new Error(`unknown merchant permission ${permission}`);
      return merchantAuthStep(verify, permission as MerchantPermission | undefined);
    };
  },
};
