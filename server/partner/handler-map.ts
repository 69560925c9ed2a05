// The partner API's handler map, typed from its contract: one handler per operation. The API module
// (api.ts) and the reference implementation (reference/) both import it; it imports neither.
import type { partnerOperations } from '../../contracts/partner/operations.ts';
import type { PartnerPrincipal } from '../auth/principal.ts';
import { handlersOf, type HandlerMap } from '../api/handler-map.ts';

export type PartnerOperations = typeof partnerOperations;
export type PartnerHandlers = HandlerMap<PartnerOperations, PartnerPrincipal>;

/** Part of the partner handler map, each operation named once: `partnerHandlers({ opId: (input) => ({ status, body }) })`. */
export const partnerHandlers = handlersOf<PartnerHandlers>();
