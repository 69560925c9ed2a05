// Port: rate-limit windows and bans. In memory: server/http/rate-limit.ts (RateLimiter, bans kept in
// the state file by server/state/auth-state.ts); shared by instances: server/stores/redis-rate-limiter.ts.

export interface RateLimitRule {
  limit: number;
  windowMs: number;
  banMs: number;
}

/** Where bans are kept beyond the process (the state file: server/state/auth-state.ts): loaded at start, saved when one begins. */
export interface BanStore {
  /** Bans still running at `now`: [client, banned until (ms)]. */
  load(now: number): Iterable<readonly [string, number]>;
  save(client: string, until: number, now: number): void;
}

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterSec: number; banned: boolean };

/**
 * A rate limiter as the middleware uses it: `hit` counts one request and decides, atomically. The
 * in-memory RateLimiter answers synchronously; a shared one (Redis, server/stores/redis-rate-limiter.ts)
 * answers with a promise and rejects with StoreUnavailableError when it cannot be reached (503).
 */
export interface RateCounter {
  readonly rule: RateLimitRule;
  hit(client: string): RateDecision | PromiseLike<RateDecision>;
}
