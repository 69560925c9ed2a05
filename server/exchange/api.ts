// The exchange API in the server: operations of the contract, HMAC auth (X1/X2) on the signed
// operations with the `trade` scope where `x-required-permission: trade`, `{error:{code,message}}`
// bodies, and rate limiting per access key once verified, else per IP (X5).
import { exchangeOperations } from '../../contracts/exchange/operations.ts';
import { createExchangeVerifier, exchangeAuth } from '../auth/exchange.ts';
import { exchangePrincipal, type ExchangePrincipal } from '../auth/principal.ts';
import type { HandlerMap } from '../handlers/types.ts';
import { requiredPermission, type ApiModule } from '../http/api-module.ts';
import { renderExchangeFailure } from '../http/render-exchange.ts';
import { ipKey } from '../rate-limit.ts';
import { defaultExchangeHandlers } from './handlers/index.ts';
import { SqliteNonceStore } from '../state/auth-state.ts';

export type ExchangeOperations = typeof exchangeOperations;
export type ExchangeHandlers = HandlerMap<ExchangeOperations, ExchangePrincipal>;

export const exchangeApi: ApiModule<ExchangeOperations, ExchangePrincipal> = {
  id: 'exchange',
  basePath: '/api/v1',
  operations: exchangeOperations,
  render: (failure) => renderExchangeFailure(failure),
  bodies: { queryFields: true }, // X-query-body
  clientKey: (req) => {
    const p = exchangePrincipal(req);
    return p ? `key:${p.accessKey}` : ipKey(req);
  },
  auth: (config, now, shared, state) => {
    // One verifier (one nonce store) for all operations: a nonce is single use across the API, and
    // across instances when the store is shared (Redis); with a state file it survives restarts.
    const nonces = shared?.nonces(config.exchange.nonceTtlMs) ?? (state ? new SqliteNonceStore(state, config.exchange.nonceTtlMs, now) : undefined);
    const verify = createExchangeVerifier({ ...config.exchange, now, ...(nonces ? { nonces } : {}) });
    return (_operationId, op) => {
      if (op.security.length === 0) return undefined;
      const permission = requiredPermission(op);
      if (permission !== undefined && permission !== 'trade') throw new Error(`unknown exchange permission ${permission}`);
      return exchangeAuth(verify, permission);
    };
  },
  defaultHandlers: defaultExchangeHandlers,
};
