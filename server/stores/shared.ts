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

/** What a server or validator takes from a shared store instead of its per-process default. */
export interface SharedStores {
  /** Where the stores live, for the start banner (`redis://host:port/0`, no password). */
  readonly description: string;
  nonces(ttlMs: number): NonceClaims;
  limiter(api: ApiId, rule: RateLimitRule): RateCounter;
  invoiceNumbers: InvoiceNumberClaims;
}

export function redisSharedStores(redis: Redis, keyPrefix = 'cryptopay:'): SharedStores {
  const { host, port, db } = redis.options;
  return {
    description: `Redis at ${host ?? '127.0.0.1'}:${port ?? 6379}/${db ?? 0}, key prefix ${keyPrefix}`,
    nonces: (ttlMs) => new RedisNonceStore(redis, ttlMs, keyPrefix),
    limiter: (api, rule) => new RedisRateLimiter(rule, redis, { keyPrefix, name: api }),
    invoiceNumbers: new RedisInvoiceNumbers(redis, keyPrefix),
  };
}
