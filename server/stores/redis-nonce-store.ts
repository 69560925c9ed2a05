// Used nonces (X2) in Redis, shared by every instance behind a load balancer: a nonce replayed to
// another instance is 2006. One atomic `SET key 1 NX PX ttl` per claim, in a script that also
// guards against Redis having lost its data (a restart without persistence, a failover): nonces
// used before the loss would be accepted again, so claims are refused with 503 for one nonce
// lifetime (ttl) from the moment the loss is seen. A process that starts cannot tell a fresh Redis
// from one that lost its data, so its first mark uses Redis's own uptime: the guard is set (NX) to
// Redis's start time + ttl. A Redis up for one ttl already is usable at once (any nonce used before
// its restart has expired); a freshly (re)started one refuses signed requests until it has been up
// for one ttl, whichever instance reaches it first. Not covered: FLUSHALL on a long-running Redis,
// failover to a replica that lagged (its uptime says nothing about the data it missed).
import type { NonceClaims } from '../ports/nonces.ts';
import { StoreUnavailableError } from '../core/errors.ts';
import { guarded, luaScript, redisClient, type Redis, type RedisSource } from './redis.ts';

export type { RedisSource };

export interface RedisNonceStoreOptions {
  /** How long a used nonce is remembered (default 61 s, X2). */
  ttlMs?: number;
  /** Prefix of every key (default `cryptopay:`); instances that share nonces use the same one. */
  keyPrefix?: string;
}

// KEYS[1] nonce key, KEYS[2] guard key; ARGV[1] ttl ms. Returns 1 claimed, 0 used, -1 quarantine.
const CLAIM = luaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local guard = redis.call('GET', KEYS[2])
if not guard then
  redis.call('SET', KEYS[2], now + tonumber(ARGV[1]))
  return -1
end
if now < tonumber(guard) then return -1 end
if redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then return 1 end
return 0
`);

// KEYS[1] guard key; ARGV[1] ttl ms. INFO is callable from scripts (Redis 7): TIME and uptime in one step.
const MARK = luaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local up = tonumber(string.match(redis.call('INFO', 'server'), 'uptime_in_seconds:(%d+)'))
redis.call('SET', KEYS[1], now - up * 1000 + 1000 + tonumber(ARGV[1]), 'NX')
return 1
`);

export class RedisNonceStore implements NonceClaims {
  private readonly guardKey: string;
  private marked: Promise<unknown> | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly ttlMs = 61_000,
    private readonly keyPrefix = 'cryptopay:',
  ) {
    this.guardKey = `${keyPrefix}nonce-guard`;
  }

  claim(accessKey: string, nonce: string): Promise<boolean> {
    return guarded('nonce', this.redis, async () => {
      // Once per process, retried until it succeeds. uptime_in_seconds is a difference of whole
      // seconds, so the start time it gives may be up to 1 s early: MARK adds 1 s to err long, never short.
      this.marked ??= MARK(this.redis, [this.guardKey], [this.ttlMs]).catch((e: unknown) => {
        this.marked = undefined;
        throw e;
      });
      await this.marked;
      const r = await CLAIM(this.redis, [`${this.keyPrefix}nonce:${accessKey}:${nonce}`, this.guardKey], [this.ttlMs]);
      if (r === -1) throw new StoreUnavailableError('nonce', new Error('Redis lost its used nonces (restart or failover); signed requests resume after one nonce lifetime'));
      return r === 1;
    });
  }
}

/** A Redis nonce store from a URL or a client. */
export const redisNonceStore = (source: RedisSource, options: RedisNonceStoreOptions = {}): RedisNonceStore =>
  new RedisNonceStore(redisClient(source), options.ttlMs, options.keyPrefix);
