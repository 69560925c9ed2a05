// A webhook seen-store in Redis for receivers that run several processes: the `SeenStore` of
// client/seen-store.ts (has/add plus the atomic claim/release), so two processes never run the
// handler for one event and a processed event is skipped by all. Node only, and in server/ so
// no browser entry of the client can reach ioredis; it matches the client's interface structurally
// (test/redis-seen-store.test.ts checks it against the type).
import { guarded, luaScript, redisClient, type RedisSource } from './redis.ts';

export interface RedisSeenStoreOptions {
  /** Prefix of every key (default `cryptopay:webhook:`). */
  keyPrefix?: string;
  /** How long a processed event is remembered (default 7 days; the sender retries for far less). */
  ttlMs?: number;
  /** How long a claim holds if its process dies before releasing it (default 60 s). */
  claimTtlMs?: number;
}

// KEYS[1] seen key, KEYS[2] claim key; ARGV[1] claim ttl. 1 when claimed, 0 when seen or claimed.
const CLAIM = luaScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
if redis.call('SET', KEYS[2], '1', 'NX', 'PX', ARGV[1]) then return 1 end
return 0
`);

export function redisSeenStore(source: RedisSource, options: RedisSeenStoreOptions = {}) {
  const redis = redisClient(source);
  const prefix = options.keyPrefix ?? 'cryptopay:webhook:';
  const ttlMs = options.ttlMs ?? 7 * 24 * 3600_000;
  const claimTtlMs = options.claimTtlMs ?? 60_000;
  const seen = (key: string) => `${prefix}{${key}}:seen`; // one hash slot per event: the claim script reads both
  const claimed = (key: string) => `${prefix}{${key}}:claim`;
  return {
    has: (key: string): Promise<boolean> => guarded('webhook seen', redis, async () => (await redis.exists(seen(key))) === 1),
    add: (key: string): Promise<void> =>
      guarded('webhook seen', redis, async () => {
        await redis.multi().set(seen(key), '1', 'PX', ttlMs).del(claimed(key)).exec();
      }),
    claim: (key: string): Promise<boolean> => guarded('webhook seen', redis, async () => (await CLAIM(redis, [seen(key), claimed(key)], [claimTtlMs])) === 1),
    release: (key: string): Promise<void> =>
      guarded('webhook seen', redis, async () => {
        await redis.del(claimed(key));
      }),
  };
}
