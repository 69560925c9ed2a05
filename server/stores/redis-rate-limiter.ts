// The rate limiter (X5 and the merchant/partner limits) in Redis, shared by every instance: 60
// requests spread over two instances make the 61st a 429, and the ban holds on both. Same rule as
// the in-memory RateLimiter (server/http/rate-limit.ts): a fixed window from the client's first request,
// the first request over the limit starts a ban (when banMs > 0) in which every request is refused,
// and a new window starts after the ban. One Lua script per hit, so count and decision are atomic;
// windows and bans expire by themselves (PEXPIRE / PX), measured by Redis's clock, the one clock
// all instances share.
import type { RateCounter, RateDecision, RateLimitRule } from '../ports/rate-limit.ts';
import { guarded, luaScript, redisClient, type Redis, type RedisSource } from './redis.ts';

export interface RedisRateLimiterOptions {
  /** Prefix of every key (default `cryptopay:`). */
  keyPrefix?: string;
  /** Separates the limiters of several APIs in one Redis (the server uses the API id). */
  name?: string;
}

// KEYS[1] window counter, KEYS[2] ban; ARGV limit, windowMs, banMs.
// Returns {allowed 1|0, remaining or retry-after ms, banned 1|0}.
const HIT = luaScript(`
local limit, windowMs, banMs = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local ban = redis.call('PTTL', KEYS[2])
if ban > 0 then return {0, ban, 1} end
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], windowMs) end
if count <= limit then return {1, limit - count, 0} end
if banMs > 0 then
  redis.call('SET', KEYS[2], '1', 'PX', banMs)
  redis.call('DEL', KEYS[1])
  return {0, banMs, 1}
end
return {0, math.max(redis.call('PTTL', KEYS[1]), 1), 0}
`);

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export class RedisRateLimiter implements RateCounter {
  private readonly prefix: string;

  constructor(
    readonly rule: RateLimitRule,
    private readonly redis: Redis,
    options: RedisRateLimiterOptions = {},
  ) {
    this.prefix = `${options.keyPrefix ?? 'cryptopay:'}rate:${options.name ?? 'api'}:`;
  }

  hit(client: string): Promise<RateDecision> {
    return guarded('rate-limit', this.redis, async () => {
      // The hash tag keeps a client's two keys in one slot (Redis Cluster runs a script on one slot).
      const base = `${this.prefix}{${client}}`;
      const [allowed, n, banned] = (await HIT(this.redis, [`${base}:window`, `${base}:ban`], [this.rule.limit, this.rule.windowMs, this.rule.banMs])) as [number, number, number];
      if (allowed === 1) return { ok: true, remaining: n };
      return { ok: false, retryAfterSec: seconds(n), banned: banned === 1 };
    });
  }
}

/** A Redis rate limiter from a URL or a client. */
export const redisRateLimiter = (rule: RateLimitRule, source: RedisSource, options?: RedisRateLimiterOptions): RedisRateLimiter =>
  new RedisRateLimiter(rule, redisClient(source), options);
