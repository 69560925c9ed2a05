// The merchant API's handler map, typed from its contract: one handler per operation. The API module
// (api.ts) and the reference implementation (reference/) both import it; it imports neither.
import type { merchantOperations } from '../../contracts/merchant/operations.ts';
import type { MerchantPrincipal } from '../auth/principal.ts';
import { handlersOf, type HandlerMap } from '../api/handler-map.ts';

export type MerchantOperations = typeof merchantOperations;
export type MerchantHandlers = HandlerMap<MerchantOperations, MerchantPrincipal>;

/** Part of the merchant handler map, each operation named once: `merchantHandlers({ opId: (input) => ({ status, body }) })`. */
export const merchantHandlers = handlersOf<MerchantHandlers>();
