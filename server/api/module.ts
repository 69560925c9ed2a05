// What each API contributes to the server: its protocol (protocol.ts) and its default handler set.
// server/{exchange,merchant,partner}/api.ts.
import type { DocumentId, ApiId } from '../../contracts/shared/contract.ts';
import type { OperationMap } from '../../contracts/shared/operation.ts';
import type { ServerConfig } from '../config/config.ts';
import type { ServerStores } from '../ports/stores.ts';
import type { Clock } from '../core/clock.ts';
import type { HandlerMap } from './handler-map.ts';
import type { ApiProtocol } from './protocol.ts';

export type { ApiProtocol, AuthContext, OperationAuth } from './protocol.ts';
export { requiredPermission } from './protocol.ts';

/** Records removed per kind, `<api>.<kind>`, only kinds that had any. */
export type Removed = Record<string, number>;

/** What one API's sandbox can reset. */
export interface ResetHooks {
  /** Empties everything; what it removed, when the sandbox counts it (the exchange puts back its seed: not counted). */
  all(): Promise<Removed | void>;
  /** Removes one merchant key's records; what it removed (merchant sandbox only). */
  merchant?(apiKey: string): Promise<Removed>;
}

/**
 * What every API's reference handlers do with the sandbox control (server/sandbox/control.ts):
 * register what a reset empties. Each API states what else it attaches to (its fixtures, the
 * merchant's delivery log and per-merchant clocks) as an extension of this, in its own folder; the
 * control offers all of them (server/merchant/reference/handlers.test-d.ts checks it).
 */
export interface SandboxHooks {
  register(hooks: ResetHooks): void;
}

/** What default handler sets are built from; the reference implementations get the same. */
export interface HandlerContext<Control extends SandboxHooks = SandboxHooks> {
  config: ServerConfig;
  now: Clock;
  log: (line: string) => void;
  /** Where the sandboxes keep their state: memory, the state file, Redis (server/ports/stores.ts). */
  stores: ServerStores;
  /** The sandbox control, when the control API is on: the parts of it these handlers attach to. */
  control?: Control;
}

export interface ApiModule<Ops extends OperationMap = OperationMap, P = unknown, Id extends DocumentId = ApiId, Control extends SandboxHooks = SandboxHooks> extends ApiProtocol<Ops, Id> {
  /** The complete default handler map: the reference implementation (the sandbox). */
  defaultHandlers: (ctx: HandlerContext<Control>) => HandlerMap<Ops, P>;
}
