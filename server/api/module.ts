// What each API contributes to the server: its protocol (protocol.ts) and its default handler set.
// server/{exchange,merchant,partner}/api.ts.
import type { DocumentId, ApiId } from '../../contracts/shared/contract.ts';
import type { OperationMap } from '../../contracts/shared/operation.ts';
import type { ServerConfig } from '../config/config.ts';
import type { ServerStores } from '../ports/stores.ts';
import type { Clock } from '../core/clock.ts';
import type { HandlerMap } from './handler-map.ts';
import type { ApiProtocol } from './protocol.ts';
import type { SandboxControl } from '../sandbox/control.ts';

export type { ApiProtocol, AuthContext, OperationAuth } from './protocol.ts';
export { requiredPermission } from './protocol.ts';

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

export interface ApiModule<Ops extends OperationMap = OperationMap, P = unknown, Id extends DocumentId = ApiId> extends ApiProtocol<Ops, Id> {
  /** The complete default handler map: the reference implementation (the sandbox). */
  defaultHandlers: (ctx: HandlerContext) => HandlerMap<Ops, P>;
}
