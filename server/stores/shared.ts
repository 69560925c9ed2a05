// The shared stores (server/ports/shared.ts) in Redis: used nonces (X2), rate-limit windows and
// bans, and the merchant invoice-number claim (M5), one key prefix for all of them. Nonces and
// invoice-number claims need Redis (503 while it is down: a replay or a duplicate is never
// accepted); rate limits fall back to per-process counting while it is down.
import type { SharedStores } from '../ports/shared.ts';
import { FallbackRateLimiter } from './fallback-rate-limiter.ts';
import { redisIdempotency } from './redis-idempotency.ts';
import { RedisInvoiceNumbers } from './redis-invoice-numbers.ts';
import { RedisNonceStore } from './redis-nonce-store.ts';
import { RedisRateLimiter } from './redis-rate-limiter.ts';
import { guarded, type Redis } from './redis.ts';

export interface RedisSharedStoresOptions {
  /** The warning when rate limits fall back to per-process counting (default console.error). */
  log?: (line: string) => void;
}

export function redisSharedStores(redis: Redis, keyPrefix = 'cryptopay:', options: RedisSharedStoresOptions = {}): SharedStores {
  const log = options.log ?? ((line: string) => console.error(line));
  return {
    nonces: (ttlMs) => new RedisNonceStore(redis, ttlMs, keyPrefix),
    limiter: (api, rule) => new FallbackRateLimiter(new RedisRateLimiter(rule, redis, { keyPrefix, name: api }), log, api),
    invoiceNumbers: new RedisInvoiceNumbers(redis, keyPrefix),
    idempotency: redisIdempotency(redis, keyPrefix),
    ready: () => guarded('readiness', redis, async () => void (await redis.ping())),
  };
}
