// The exchange API's handler map, typed from its contract: one handler per operation. The API module
// (api.ts) and the reference implementation (reference/) both import it; it imports neither.
import type { exchangeOperations } from '../../contracts/exchange/operations.ts';
import type { ExchangePrincipal } from '../auth/principal.ts';
import { handlersOf, type HandlerMap } from '../api/handler-map.ts';

export type ExchangeOperations = typeof exchangeOperations;
export type ExchangeHandlers = HandlerMap<ExchangeOperations, ExchangePrincipal>;

/** Part of the exchange handler map, each operation named once: `exchangeHandlers({ opId: (input) => ({ status, body }) })`. */
export const exchangeHandlers = handlersOf<ExchangeHandlers>();
