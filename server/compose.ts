// The composition: which store of each kind a server gets (server/ports/stores.ts),
// chosen here and nowhere else. Shared stores (Redis: `shared`, `redis`, `config.redis`) hold used
// nonces, rate-limit windows and invoice-number claims; the state file (server/state) holds the
// sandboxes' records, the exchange journal, nonces and bans; PostgreSQL (`pg`, DATABASE_URL) holds
// what the state file would, for instances on several hosts; anything else stays in memory.
import type { ServerConfig } from './config/config.ts';
import { MARKET_IDS } from './exchange/engine/markets.ts';
import { NonceStore } from './auth/nonce-store.ts';
import type { Logger } from './http/pipeline.ts';
import type { SharedStores } from './ports/shared.ts';
import type { ServerStores } from './ports/stores.ts';
import type { IdempotencyStore } from './ports/idempotency.ts';
import type { UnitsOfWork } from './ports/units.ts';
import { RateLimiter } from './http/rate-limit.ts';
import type { Clock } from './core/clock.ts';
import { sqliteBans, SqliteNonceStore } from './state/auth-state.ts';
import type { StateDb } from './state/db.ts';
import { sqliteSharedJournal } from './state/exchange-journal.ts';
import { exchangeLeaseOf } from './state/exchange-lease.ts';
import { sqliteOutbox } from './state/outbox.ts';
import { sqliteIdempotency } from './state/idempotency.ts';
import { memoryIdempotency } from './ports/idempotency.ts';
import { createSqliteMerchantStore, createSqlitePartnerStore, merchantStoreOver, partnerStoreOver } from './state/stores.ts';
import { pgBans, PgNonceStore } from './state/pg/pg-auth.ts';
import { pgExchangeStores } from './state/pg/pg-exchange.ts';
import { pgIdempotency } from './state/pg/pg-idempotency.ts';
import { pgOutbox } from './state/pg/pg-outbox.ts';
import type { PgState } from './state/pg/pg-state.ts';
import { pgRecordDatabase } from './state/pg/pg-table.ts';
import { connectRedis, type Redis } from './stores/redis.ts';
import { redisSharedStores } from './stores/shared.ts';
import { claimedInRedis } from './stores/redis-idempotency.ts';

export interface StoreChoice {
  /** Shared stores of any kind (takes precedence over `redis`). */
  shared?: SharedStores | undefined;
  /** The state file; absent: the sandboxes, nonces and bans stay in memory. */
  state?: StateDb | undefined;
  /** PostgreSQL (DATABASE_URL; takes precedence over `state`): the state of any number of instances. */
  pg?: PgState | undefined;
  now: Clock;
  /** With a state file: how long the exchange writer lease holds unrenewed (config exchange.writerLeaseMs). */
  writerLeaseMs?: number;
  log?: Logger;
}

/** The stores over a choice: the shared ones first, then the state file, else memory. */
export function composeStores({ shared, state, pg, now, writerLeaseMs, log }: StoreChoice): ServerStores {
  if (pg) return composePgStores(pg, { shared, now, writerLeaseMs, log });
  // Every process on a state file applies exchange writes; the lease (taken or watched from now on)
  // names the one that runs the due cancels a dead requester left.
  const lease = state ? exchangeLeaseOf(state, { ttlMs: writerLeaseMs ?? 5000, markets: MARKET_IDS, ...(log ? { log } : {}) }) : undefined;
  return {
    nonces: (ttlMs) => shared?.nonces(ttlMs) ?? (state ? new SqliteNonceStore(state, ttlMs, now) : new NonceStore(ttlMs, now)),
    limiter: (api, rule) => shared?.limiter(api, rule) ?? new RateLimiter(rule, now, undefined, state ? sqliteBans(state, api) : undefined),
    ...(shared?.invoiceNumbers ? { invoiceNumbers: shared.invoiceNumbers } : {}),
    idempotency: idempotencyOf(shared, state ? { store: sqliteIdempotency(state, now), units: state } : undefined, now),
    ...(state
      ? { units: state, journal: sqliteSharedJournal(state, lease!), exchangeWriter: lease!, merchant: createSqliteMerchantStore(state), outbox: sqliteOutbox(state), partner: createSqlitePartnerStore(state) }
      : {}),
  };
}

/** Idempotency-Key records: in the database (Redis in front when shared), else Redis, else memory. */
function idempotencyOf(shared: SharedStores | undefined, local: { store: IdempotencyStore; units: UnitsOfWork } | undefined, now: Clock): IdempotencyStore {
  if (local) return shared?.idempotency ? claimedInRedis(shared.idempotency, local.store, local.units) : local.store;
  return shared?.idempotency ?? memoryIdempotency(now);
}

/**
 * With PostgreSQL: the sandboxes' records, claims, idempotency, outbox, nonces and bans there (Redis,
 * when configured, still holds nonces, rate-limit windows and invoice-number claims: its claims are
 * checked beside the database's own); the exchange's journal and lease from pg-exchange.ts.
 */
function composePgStores(pg: PgState, { shared, now, writerLeaseMs, log }: Omit<StoreChoice, 'pg' | 'state'>): ServerStores {
  const records = pgRecordDatabase(pg);
  return {
    nonces: (ttlMs) => shared?.nonces(ttlMs) ?? new PgNonceStore(pg, ttlMs, now),
    limiter: (api, rule) => shared?.limiter(api, rule) ?? new RateLimiter(rule, now, undefined, pgBans(pg, api)),
    ...(shared?.invoiceNumbers ? { invoiceNumbers: shared.invoiceNumbers } : {}),
    idempotency: idempotencyOf(shared, { store: pgIdempotency(pg, now), units: pg }, now),
    units: pg,
    merchant: merchantStoreOver(records),
    partner: partnerStoreOver(records),
    outbox: pgOutbox(pg),
    ...pgExchangeStores(pg, { writerLeaseMs: writerLeaseMs ?? 5000, markets: MARKET_IDS, ...(log ? { log } : {}) }),
  };
}

/** The server's shared stores: given, or in Redis when a client or `config.redis` is, else none (memory). */
export function sharedStoresFor(config: ServerConfig, options: { redis?: Redis | undefined; shared?: SharedStores | undefined }, log: Logger): SharedStores | undefined {
  if (options.shared) return options.shared;
  const redis = options.redis ?? (config.redis ? connectRedis(config.redis.url, { commandTimeoutMs: config.redis.commandTimeoutMs, log }) : undefined);
  return redis ? redisSharedStores(redis, config.redis?.keyPrefix, { log }) : undefined;
}
