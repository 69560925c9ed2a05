// The exchange reference implementation: every operation over one in-memory matching engine
// (server/exchange/engine). `createExchangeReference(config)` builds both from the server config;
// `exchangeReferenceHandlers(engine)` serves an engine built elsewhere (tests, benchmarks).
import type { ServerConfig } from '../../config/config.ts';
import type { Clock } from '../../core/clock.ts';
import { createEngine, type EngineOptions, type ExchangeEngine, type Scheduler } from '../engine/index.ts';
import type { EngineJournal } from '../../ports/engine-journal.ts';
import { accountHandlers } from './account.ts';
import { seedFromConfig } from './accounts.ts';
import { translateEngineErrors } from './engine-errors.ts';
import type { ExchangeHandlers } from '../handler-map.ts';
import { publicHandlers } from './public.ts';
import { tradingHandlers } from './trading.ts';

export type { ExchangeHandlers } from '../handler-map.ts';
export { userOf, seedFromConfig } from './accounts.ts';
export { toExchangeError } from './engine-errors.ts';

/** The complete handler map of the exchange API over `engine`; engine failures become exchange error bodies. */
export function exchangeReferenceHandlers(engine: ExchangeEngine): ExchangeHandlers {
  return translateEngineErrors({ ...publicHandlers(engine), ...accountHandlers(engine), ...tradingHandlers(engine) });
}

/** What the engine takes from the server config: keys, seed balance, fee rate and cancel delay. */
export interface ExchangeReferenceConfig {
  exchange: Pick<ServerConfig['exchange'], 'keys' | 'seedBalance' | 'feeRate' | 'cancelDelayMs'>;
}

export interface ExchangeReferenceOptions {
  /** Milliseconds since the epoch (the server's clock, so tickers and timestamps follow a test's clock). */
  now?: Clock;
  /** When requested cancels run (default: setTimeout after the cancel delay). */
  scheduler?: Scheduler;
  /** Where accepted commands are stored (server/state); the engine replays it when built. */
  journal?: EngineJournal;
  /** Where due cancels run (writers per market: only on the market's writer; engine.ts). */
  cancelGate?: EngineOptions['cancelGate'];
}

export interface ExchangeReference {
  engine: ExchangeEngine;
  handlers: ExchangeHandlers;
}

/** An engine seeded from the config (every key holds `seedBalance` of every currency) and its handlers. */
export function createExchangeReference(config: ExchangeReferenceConfig, options: ExchangeReferenceOptions = {}): ExchangeReference {
  const { feeRate, cancelDelayMs } = config.exchange;
  const now = options.now;
  const engine = createEngine({
    seed: seedFromConfig(config.exchange),
    feeRate,
    cancelDelayMs,
    ...(now ? { clock: { now } } : {}),
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
    ...(options.journal ? { journal: options.journal } : {}),
    ...(options.cancelGate ? { cancelGate: options.cancelGate } : {}),
  });
  return { engine, handlers: exchangeReferenceHandlers(engine) };
}
