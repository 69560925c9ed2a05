// The shared stores (server/ports/shared.ts) in Redis: used nonces (X2), rate-limit windows and
// bans, and the merchant invoice-number claim (M5), one key prefix for all of them.
import type { SharedStores } from '../ports/shared.ts';
import { RedisInvoiceNumbers } from './redis-invoice-numbers.ts';
import { RedisNonceStore } from './redis-nonce-store.ts';
import { RedisRateLimiter } from './redis-rate-limiter.ts';
import type { Redis } from './redis.ts';

export function redisSharedStores(redis: Redis, keyPrefix = 'cryptopay:'): SharedStores {
  return {
    nonces: (ttlMs) => new RedisNonceStore(redis, ttlMs, keyPrefix),
    limiter: (api, rule) => new RedisRateLimiter(rule, redis, { keyPrefix, name: api }),
    invoiceNumbers: new RedisInvoiceNumbers(redis, keyPrefix),
  };
}
