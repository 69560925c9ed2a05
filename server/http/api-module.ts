// What each API contributes to the server and to its validator: its operations, error renderer,
// auth, rate-limit client key and default handler set. server/{exchange,merchant,partner}/api.ts.
import type { RequestHandler } from 'express';
import type { ApiId } from '../../contracts/shared/contract.ts';
import type { OperationMap, OperationSpec } from '../../contracts/shared/operation.ts';
import type { ServerConfig } from '../config.ts';
import type { HandlerMap } from '../handlers/types.ts';
import type { Clock, ClientKeyOf } from '../rate-limit.ts';
import type { SharedStores } from '../stores/shared.ts';
import type { StateDb } from '../state/db.ts';
import type { Failure } from './failure.ts';
import type { Rendered } from './render-exchange.ts';

/** What default handler sets are built from; the reference implementations get the same. */
export interface HandlerContext {
  config: ServerConfig;
  now: Clock;
  log: (line: string) => void;
  /** Stores shared with other instances (Redis), when configured: the merchant sandbox claims invoice numbers there. */
  shared?: SharedStores;
  /** The state file (STATE=path); absent: everything in memory (STATE=memory, tests). */
  state?: StateDb;
}

export interface ApiModule<Ops extends OperationMap = OperationMap, P = unknown> {
  id: ApiId;
  /** Mount path, e.g. `/api/v1`. */
  basePath: string;
  operations: Ops;
  render: (failure: Failure, operationId: string | undefined) => Rendered;
  clientKey: ClientKeyOf;
  /**
   * Wire forms accepted beyond JSON with typed scalars: numeric and boolean strings in JSON bodies
   * (merchant, partner), body fields in the URL query of a POST (exchange). Form bodies: every API.
   */
  bodies?: { lenientJson?: boolean; queryFields?: boolean };
  /**
   * Builds the auth of each operation from the configured credentials (undefined: public). Nonces
   * live in `shared` when given (Redis: several instances), else in `state` (the state file), else in memory.
   */
  auth: (config: ServerConfig, now: Clock, shared?: SharedStores, state?: StateDb) => (operationId: string, op: OperationSpec) => RequestHandler | undefined;
  /** The complete default handler map (501 until the reference implementations land). */
  defaultHandlers: (ctx: HandlerContext) => HandlerMap<Ops, P>;
}

/** The permission an operation requires (`x-required-permission`), if any. */
export const requiredPermission = (op: OperationSpec): string | undefined => {
  const p = op.extensions?.['x-required-permission'];
  return typeof p === 'string' ? p : undefined;
};
