// The handler map type of the exchange API and its parts, from the contract's operations.
import type { exchangeOperations } from '../../../contracts/exchange/operations.ts';
import type { ExchangePrincipal } from '../../auth/principal.ts';
import type { HandlerMap } from '../../handlers/types.ts';

export type ExchangeHandlers = HandlerMap<typeof exchangeOperations, ExchangePrincipal>;
export type ExchangeHandlersOf<K extends keyof ExchangeHandlers> = Pick<ExchangeHandlers, K>;
