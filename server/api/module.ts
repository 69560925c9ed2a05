// What each API contributes to the server and to its validator: its protocol (operations, error
// renderer, auth, rate-limit client key, wire forms) and, for the server, its default handler set.
import type { RequestHandler } from 'express';
import type { ApiId, DocumentId } from '../../contracts/shared/contract.ts';
import type { IdempotentPosts, OperationMap, OperationSpec } from '../../contracts/shared/operation.ts';
import type { ServerConfig } from '../config.ts';
import type { Failure, Rendered } from '../http/failure.ts';
import type { ServerStores } from '../ports/stores.ts';
import type { Clock, ClientKeyOf } from '../rate-limit.ts';
import type { HandlerMap } from './handler-map.ts';
import type { SandboxControl } from '../sandbox/control.ts';

/** What default handler sets are built from; the reference implementations get the same. */
export interface HandlerContext {
  config: ServerConfig;
  now: Clock;
  log: (line: string) => void;
  /** Where the sandboxes keep their state: memory, the state file, Redis (server/ports/stores.ts). */
  stores: ServerStores;
  /** The sandbox control (server/sandbox/control.ts), when the control API is on: its test clock and the reset hooks. */
  control?: SandboxControl;
}

/** What an API's auth is built from: its own part of the config (credentials) and the store of used nonces. */
export interface AuthContext<Id extends DocumentId = ApiId> {
  settings: ServerConfig[Id];
  now: Clock;
  stores: Pick<ServerStores, 'nonces'>;
  /** Why `now` may differ from real time (the sandbox's advanced test clock), said where a time check fails. */
  clockNote?: () => string | undefined;
}

/** The auth middleware of an operation, or undefined for a public one. */
export type OperationAuth = (operationId: string, op: OperationSpec) => RequestHandler | undefined;

/**
 * The protocol of an API: what its validator needs and nothing of its implementation (no handlers,
 * no storage). server/{exchange,merchant,partner}/protocol.ts; the API modules add their handlers.
 */
export interface ApiProtocol<Ops extends OperationMap = OperationMap, Id extends DocumentId = ApiId> {
  id: Id;
  /** Mount path, e.g. `/api/v1`. */
  basePath: string;
  operations: Ops;
  /** Its POSTs take an Idempotency-Key (the contract's `idempotentPosts`): the documented 409 is added to each. */
  idempotentPosts?: IdempotentPosts;
  render: (failure: Failure, operationId: string | undefined) => Rendered;
  clientKey: ClientKeyOf;
  /**
   * Wire forms accepted beyond JSON with typed scalars: numeric and boolean strings in JSON bodies
   * (merchant, partner), body fields in the URL query of a POST (exchange). Form bodies: every API.
   */
  bodies?: { lenientJson?: boolean; queryFields?: boolean };
  /** Builds the auth of each operation from the configured credentials. */
  auth: (ctx: AuthContext<Id>) => OperationAuth;
}

export interface ApiModule<Ops extends OperationMap = OperationMap, P = unknown, Id extends DocumentId = ApiId> extends ApiProtocol<Ops, Id> {
  /** The complete default handler map: the reference implementation (the sandbox). */
  defaultHandlers: (ctx: HandlerContext) => HandlerMap<Ops, P>;
}

/** The permission an operation requires (`x-required-permission`), if any. */
export const requiredPermission = (op: OperationSpec): string | undefined => {
  const p = op.extensions?.['x-required-permission'];
  return typeof p === 'string' ? p : undefined;
};
