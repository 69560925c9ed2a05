// The exchange engine's public surface: what an HTTP layer (or a test) needs, nothing internal.
// Decisions (precisions, fees, rounding, market orders, dust, cancel timing) are in README.md.
export { DEFAULT_SEED, seedEveryCurrency, type SeedConfig } from './accounts.ts';
export { DEFAULT_CANCEL_DELAY_MS, timerScheduler, type Scheduler } from './cancel.ts';
export { DecimalError, formatDecimal, parseDecimal } from './decimal.ts';
export { ExchangeEngine, createEngine, systemClock, type ClearFilter, type Clock, type EngineOptions } from './engine.ts';
export { EngineError, type EngineErrorCode } from './errors.ts';
export { DEFAULT_FEE_RATE, type FeeRate } from './fees.ts';
export { CURRENCIES, MARKETS, MARKET_IDS, isMarketId } from './markets.ts';
export { DEFAULT_ORDER_BY, LIMITS, type OrderQuery, type TradeQuery } from './queries.ts';
export { MemoryStore, type EngineStore } from './store.ts';
export type * from './wire.ts';
