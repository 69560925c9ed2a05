// What a validator needs of an API: its protocol (operations, error renderer, auth, rate-limit
// client key, wire forms), naming no handler, sandbox or storage record. server/{exchange,merchant,partner}/protocol.ts.
import type { ApiId, DocumentId } from '../../contracts/shared/contract.ts';
import type { IdempotentPosts, OperationMap, OperationSpec } from '../../contracts/shared/operation.ts';
import type { ServerConfig } from '../config/config.ts';
import type { OperationAuth, RoutedApi } from '../http/routed-api.ts';
import type { NonceClaims } from '../ports/nonces.ts';
import type { Clock } from '../core/clock.ts';
import type { ExchangeKeyLookup } from '../auth/exchange.ts';
import type { MerchantKeyLookup } from '../auth/merchant.ts';
import type { PartnerCredentialLookup } from '../auth/partner.ts';

/** Each API's key lookup, when a service keeps its keys behind one (a database) instead of a list. */
export interface KeyLookups {
  exchange: ExchangeKeyLookup;
  merchant: MerchantKeyLookup;
  partner: PartnerCredentialLookup;
  sandbox: never;
}

/** What an API's auth is built from: its own part of the config (credentials) and the store of used nonces. */
export interface AuthContext<Id extends DocumentId = ApiId> {
  settings: ServerConfig[Id];
  now: Clock;
  stores: { nonces(ttlMs: number): NonceClaims };
  /** Look keys up with this instead of the settings' list (the validators for other services). */
  lookup?: KeyLookups[Id];
  /** Why `now` may differ from real time (the sandbox's advanced test clock), said where a time check fails. */
  clockNote?: () => string | undefined;
}

export type { OperationAuth };

/**
 * The protocol of an API: what its validator needs and nothing of its implementation (no handlers,
 * no storage). server/{exchange,merchant,partner}/protocol.ts; the API modules add their handlers.
 * What the router reads of it (id, mount path, operations, error renderer, rate-limit client key,
 * wire forms) is http/'s RoutedApi.
 */
export interface ApiProtocol<Ops extends OperationMap = OperationMap, Id extends DocumentId = ApiId> extends RoutedApi<Ops, Id> {
  /**
   * Its parsed OpenAPI document (generated/openapi/<id>.document.ts), the one its validator checks
   * against: each protocol imports its own, so a service mounting one API loads no other's.
   */
  document: Record<string, unknown>;
  /** Its POSTs take an Idempotency-Key (the contract's `idempotentPosts`): the documented 409 is added to each. */
  idempotentPosts?: IdempotentPosts;
  /** Builds the auth of each operation from the configured credentials. */
  auth: (ctx: AuthContext<Id>) => OperationAuth;
}

/** The permission an operation requires (`x-required-permission`), if any. */
export const requiredPermission = (op: OperationSpec): string | undefined => {
  const p = op.extensions?.['x-required-permission'];
  return typeof p === 'string' ? p : undefined;
};
