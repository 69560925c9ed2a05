// The Redis connection of the shared stores (ioredis), set up to fail fast: while Redis is down a
// command is refused at once (no offline queue, no resend of a command lost with its connection,
// a timeout for one that hangs), so a request answers 503 instead of waiting or, worse, being
// accepted; the client keeps reconnecting in the background and the stores work again when Redis returns.
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { StoreUnavailableError } from '../core/errors.ts';
import { countStorageError } from '../ports/tallies.ts';

export { Redis };
/** A `redis://` (or `rediss://`) URL, or a client the caller made and owns. */
export type RedisSource = string | Redis;

export interface RedisConnectOptions {
  /** A command that has not answered after this long fails with 503 (default 1000 ms). */
  commandTimeoutMs?: number;
  /** Connection state changes (down, back); default silent. Never given the URL, which may hold a password. */
  log?: (line: string) => void;
}

/** A client with the fail-fast settings above. Connects in the background; `await client.ping()` to wait for it. */
export function connectRedis(url: string, options: RedisConnectOptions = {}): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    // A command lost with its connection is not sent again: a resent `SET NX` of a nonce would find
    // its own first write and call a first use a replay.
    maxRetriesPerRequest: 0,
    commandTimeout: options.commandTimeoutMs ?? 1000,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(50 * times, 500), // forever, at most every 0.5 s: recovery is quick
  });
  let down = false;
  // Without an 'error' listener a refused connection would crash the process; commands report it themselves.
  client.on('error', (e: Error) => {
    if (!down) options.log?.(`[redis] unreachable: ${e.message}; requests that need it answer 503 until it is back`);
    down = true;
  });
  client.on('ready', () => {
    if (down) options.log?.('[redis] reachable again');
    down = false;
  });
  return client;
}

/** The client for a source: a URL gets a new fail-fast client, a given client is used as is. */
export const redisClient = (source: RedisSource, options?: RedisConnectOptions): Redis =>
  typeof source === 'string' ? connectRedis(source, options) : source;

/** `redis://user:***@host:port/db`: a URL to print, without its password. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable REDIS_URL)';
  }
}

const worked = new WeakSet<Redis>();

/**
 * Runs `fn`; any failure of Redis becomes StoreUnavailableError (rendered 503 by every API). A
 * client that never connected yet (made from a URL a moment ago) is waited for, briefly; one that
 * worked and lost its connection fails at once.
 */
export async function guarded<T>(store: string, redis: Redis, fn: () => Promise<T>): Promise<T> {
  try {
    if (redis.status === 'ready') worked.add(redis);
    else if (!worked.has(redis)) {
      if (redis.status === 'wait') void redis.connect().catch(() => undefined); // lazyConnect clients
      await redisReady(redis, 2000);
      worked.add(redis);
    }
    return await fn();
  } catch (e) {
    if (e instanceof StoreUnavailableError) throw e;
    countStorageError('redis');
    throw new StoreUnavailableError(store, e);
  }
}

/**
 * A Lua script run with EVALSHA (the script travels once), falling back to EVAL when Redis does not
 * know it: after a restart its script cache is empty. A script runs atomically in Redis.
 */
export function luaScript(source: string) {
  const sha = createHash('sha1').update(source).digest('hex');
  return async function run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (e) {
      if (!(e instanceof Error) || !e.message.startsWith('NOSCRIPT')) throw e;
      return redis.eval(source, keys.length, ...keys, ...args);
    }
  };
}

/** Resolves once the client is connected; rejects with the last connection error after `timeoutMs`. */
export function redisReady(redis: Redis, timeoutMs = 5000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    let last: Error | undefined;
    const onError = (e: Error) => (last = e);
    const done = (err?: Error) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('error', onError);
      if (err) reject(err);
      else resolve();
    };
    const onReady = () => done();
    const timer = setTimeout(() => done(last ?? new Error(`not connected after ${timeoutMs} ms`)), timeoutMs);
    redis.on('ready', onReady);
    redis.on('error', onError);
  });
}
