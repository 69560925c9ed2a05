// The stores several instances of the server must share, chosen once per server: in memory (one
// process, the default) or in Redis (`REDIS_URL`, or `redis` in the config or the validator
// options). Used nonces (X2), rate-limit windows and bans, and the merchant invoice-number claim
// (M5). The sandbox's own records (orders, payments, refunds) are not here: see README, "Running
// several instances".
import type { ApiId } from '../../contracts/shared/contract.ts';
import type { NonceClaims } from '../auth/nonce-store.ts';
import type { RateCounter, RateLimitRule } from '../rate-limit.ts';
import type { InvoiceNumberClaims } from './invoice-numbers.ts';
import { RedisInvoiceNumbers } from './redis-invoice-numbers.ts';
import { RedisNonceStore } from './redis-nonce-store.ts';
import { RedisRateLimiter } from './redis-rate-limiter.ts';
import type { Redis } from './redis.ts';

/**
 * What a server or validator takes from a shared store instead of its per-process default. Another
 * backend (a SQLite file, so nonces and bans also survive a restart) plugs in the same way:
 * `createServer({ shared })`.
 */
export interface SharedStores {
  nonces(ttlMs: number): NonceClaims;
  limiter(api: ApiId, rule: RateLimitRule): RateCounter;
  /** Optional: a backend whose merchant store already claims invoice numbers needs none. */
  invoiceNumbers?: InvoiceNumberClaims;
}

export function redisSharedStores(redis: Redis, keyPrefix = 'cryptopay:'): SharedStores {
  return {
    nonces: (ttlMs) => new RedisNonceStore(redis, ttlMs, keyPrefix),
    limiter: (api, rule) => new RedisRateLimiter(rule, redis, { keyPrefix, name: api }),
    invoiceNumbers: new RedisInvoiceNumbers(redis, keyPrefix),
  };
}
