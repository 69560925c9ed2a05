// The handler map type of the exchange API (server/exchange/api.ts) and its parts.
import type { ExchangeHandlers } from '../api.ts';

export type { ExchangeHandlers };
export type ExchangeHandlersOf<K extends keyof ExchangeHandlers> = Pick<ExchangeHandlers, K>;
