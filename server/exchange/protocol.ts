// The exchange API's protocol: operations of the contract, HMAC auth (X1/X2) on the signed
// operations with the `trade` scope where `x-required-permission: trade`, `{error:{code,message}}`
// bodies, and rate limiting per access key once verified, else per IP (X5).
// The protocol only: no handlers, no storage (the validators for other services load this alone).
import { exchangeContract } from '../../contracts/exchange/index.ts';
import { exchangeOperations } from '../../contracts/exchange/operations.ts';
import document from '../../generated/openapi/exchange.document.ts';
import { requiredPermission, type ApiProtocol } from '../api/protocol.ts';
import { createExchangeVerifier, exchangeAuthStep } from '../auth/exchange.ts';
import { exchangePrincipal } from '../auth/principal.ts';
import { ipKey } from '../http/rate-limit.ts';
import type { ExchangeOperations } from './handler-map.ts';
import { renderExchangeFailure } from '../error-bodies/exchange.ts';

export const exchangeProtocol: ApiProtocol<ExchangeOperations, 'exchange'> = {
  id: 'exchange',
  document,
  basePath: exchangeContract.basePath,
  operations: exchangeOperations,
  render: (failure) => renderExchangeFailure(failure),
  bodies: { queryFields: true }, // X-query-body
  clientKey: (req) => {
    const p = exchangePrincipal(req);
    return p ? `key:${p.accessKey}` : ipKey(req);
  },
  auth: ({ settings, now, stores, clockNote, lookup }) => {
    // One verifier (one nonce store) for all operations: a nonce is single use across the API, and
    // across instances when the store is shared (Redis); with a state file it survives restarts.
    const verify = createExchangeVerifier({ ...settings, ...(lookup ? { keys: lookup } : {}), now, nonces: stores.nonces(settings.nonceTtlMs), ...(clockNote ? { clockNote } : {}) });
    return (_operationId, op) => {
      if (op.security.length === 0) return undefined;
      const permission = requiredPermission(op);
      if (permission !== undefined && permission !== 'trade') throw new Error(`unknown exchange permission ${permission}`);
      return exchangeAuthStep(verify, permission);
    };
  },
};
