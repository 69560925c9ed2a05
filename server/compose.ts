// The composition: which store of each kind a server or validator gets (server/ports/stores.ts),
// chosen here and nowhere else. Shared stores (Redis: `shared`, `redis`, `config.redis`) hold used
// nonces, rate-limit windows and invoice-number claims; the state file (server/state) holds the
// sandboxes' records, the exchange journal, nonces and bans; anything else stays in memory.
import type { ServerConfig } from './config.ts';
import { NonceStore } from './auth/nonce-store.ts';
import type { Logger } from './http/pipeline.ts';
import type { SharedStores } from './ports/shared.ts';
import type { ServerStores } from './ports/stores.ts';
import { RateLimiter, type Clock } from './rate-limit.ts';
import { sqliteBans, SqliteNonceStore } from './state/auth-state.ts';
import type { StateDb } from './state/db.ts';
import { sqliteJournal } from './state/exchange-journal.ts';
import { exchangeLeaseOf } from './state/exchange-lease.ts';
import { sqliteOutbox } from './state/outbox.ts';
import { sqliteIdempotency } from './state/idempotency.ts';
import { memoryIdempotency } from './ports/idempotency.ts';
import { createSqliteMerchantStore, createSqlitePartnerStore } from './state/stores.ts';
import { connectRedis, redisClient, type Redis, type RedisSource } from './stores/redis.ts';
import { redisSharedStores } from './stores/shared.ts';
import { claimedInRedis } from './stores/redis-idempotency.ts';

export interface StoreChoice {
  /** Shared stores of any kind (takes precedence over `redis`). */
  shared?: SharedStores | undefined;
  /** The state file; absent: the sandboxes, nonces and bans stay in memory. */
  state?: StateDb | undefined;
  now: Clock;
  /** With a state file: how long the exchange writer lease holds unrenewed (config exchange.writerLeaseMs). */
  writerLeaseMs?: number;
  log?: Logger;
}

/** The stores over a choice: the shared ones first, then the state file, else memory. */
export function composeStores({ shared, state, now, writerLeaseMs, log }: StoreChoice): ServerStores {
  // One exchange writer per state file: the lease is taken (or watched) from now on.
  const lease = state ? exchangeLeaseOf(state, { ttlMs: writerLeaseMs ?? 5000, ...(log ? { log } : {}) }) : undefined;
  return {
    nonces: (ttlMs) => shared?.nonces(ttlMs) ?? (state ? new SqliteNonceStore(state, ttlMs, now) : new NonceStore(ttlMs, now)),
    limiter: (api, rule) => shared?.limiter(api, rule) ?? new RateLimiter(rule, now, undefined, state ? sqliteBans(state, api) : undefined),
    ...(shared?.invoiceNumbers ? { invoiceNumbers: shared.invoiceNumbers } : {}),
    idempotency: idempotencyOf(shared, state, now),
    ...(state
      ? { units: state, journal: sqliteJournal(state, lease), exchangeWriter: lease!, merchant: createSqliteMerchantStore(state), outbox: sqliteOutbox(state), partner: createSqlitePartnerStore(state) }
      : {}),
  };
}

/** Idempotency-Key records: in the state file (Redis in front when shared), else Redis, else memory. */
function idempotencyOf(shared: SharedStores | undefined, state: StateDb | undefined, now: Clock) {
  if (state) return shared?.idempotency ? claimedInRedis(shared.idempotency, sqliteIdempotency(state, now), state) : sqliteIdempotency(state, now);
  return shared?.idempotency ?? memoryIdempotency(now);
}

/** The server's shared stores: given, or in Redis when a client or `config.redis` is, else none (memory). */
export function sharedStoresFor(config: ServerConfig, options: { redis?: Redis | undefined; shared?: SharedStores | undefined }, log: Logger): SharedStores | undefined {
  if (options.shared) return options.shared;
  const redis = options.redis ?? (config.redis ? connectRedis(config.redis.url, { commandTimeoutMs: config.redis.commandTimeoutMs, log }) : undefined);
  return redis ? redisSharedStores(redis, config.redis?.keyPrefix, { log }) : undefined;
}

/** A validator's stores: nonces and rate-limit windows in Redis when it is given one, else in memory. */
export function validatorStores(options: { redis?: RedisSource | undefined; redisKeyPrefix?: string | undefined; now: Clock; log: Logger }): ServerStores {
  const shared = options.redis !== undefined ? redisSharedStores(redisClient(options.redis, { log: options.log }), options.redisKeyPrefix, { log: options.log }) : undefined;
  return composeStores({ shared, now: options.now });
}
