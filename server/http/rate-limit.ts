// Rate limiting (X5 and the merchant/partner decisions): a fixed window per client that starts at
// the client's first request; the first request over the limit is refused and, when `banMs` > 0,
// starts a ban during which every request is refused. Memory is bounded: windows are kept in a Map
// in the order they started, expired ones are pruned from the front, and a hard cap evicts the oldest.
import type { NextFunction, Request, Response } from 'express';
import type { Clock } from '../core/clock.ts';
import { RateLimitedError, StoreUnavailableError } from '../core/errors.ts';
import type { BanStore, RateCounter, RateDecision, RateLimitRule } from '../ports/rate-limit.ts';

export type { BanStore, RateCounter, RateDecision, RateLimitRule };

interface Window {
  start: number;
  count: number;
  bannedUntil: number;
}

export class RateLimiter implements RateCounter {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: Clock = Date.now,
    private readonly maxClients = 100_000,
    private readonly bans?: BanStore,
  ) {
    const start = this.now();
    for (const [client, until] of bans?.load(start) ?? []) this.windows.set(client, { start, count: this.rule.limit + 1, bannedUntil: until });
  }

  /** Counts one request of `client` and says whether it may pass. Synchronous, so check and count are one step. */
  hit(client: string): RateDecision {
    const now = this.now();
    let w = this.windows.get(client);
    if (w && w.bannedUntil > now) return { ok: false, retryAfterSec: seconds(w.bannedUntil - now), banned: true };
    if (!w || now >= w.start + this.rule.windowMs || w.bannedUntil > 0) {
      // A new window; delete first so the Map stays ordered by window start (pruning relies on it).
      this.windows.delete(client);
      w = { start: now, count: 0, bannedUntil: 0 };
      this.windows.set(client, w);
      this.prune(now);
    }
    w.count += 1;
    if (w.count <= this.rule.limit) return { ok: true, remaining: this.rule.limit - w.count };
    if (this.rule.banMs > 0) {
      w.bannedUntil = now + this.rule.banMs;
      // Saved before the 429 is sent; if the store refuses, the ban still holds in this process.
      this.bans?.save(client, w.bannedUntil, now);
      return { ok: false, retryAfterSec: seconds(this.rule.banMs), banned: true };
    }
    return { ok: false, retryAfterSec: seconds(w.start + this.rule.windowMs - now), banned: false };
  }

  /** Number of clients currently remembered (for tests of the memory bound). */
  get size(): number {
    return this.windows.size;
  }

  /**
   * Forgets expired windows, oldest first; over `maxClients` it also forgets live ones, but never
   * a client that is banned: a flood of other addresses must not lift a ban.
   */
  private prune(now: number): void {
    for (const [client, w] of this.windows) {
      const expired = now >= w.start + this.rule.windowMs && now >= w.bannedUntil;
      if (!expired) {
        if (this.windows.size <= this.maxClients) break;
        if (now < w.bannedUntil) continue;
      }
      this.windows.delete(client);
    }
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Who a request counts against: set by the auth middleware once a credential verified, else the IP. */
export type ClientKeyOf = (req: Request) => string;

const COUNTED = Symbol('rate-limit-counted');
type Counted = Request & { [COUNTED]?: true };

/** `next` with the decision: on, or the 429. A shared store's promise is awaited; the memory path stays synchronous. */
function decide(d: RateDecision | PromiseLike<RateDecision>, next: NextFunction, onOk: unknown = undefined): void {
  if ('then' in d) {
    d.then((r) => decide(r, next, onOk), next); // a shared store that cannot be reached: 503 (fail closed)
    return;
  }
  next(d.ok ? onOk : new RateLimitedError(d.retryAfterSec, d.banned));
}

/** Express middleware: counts the request and refuses it over the limit (the error handler renders the 429). */
export function rateLimit(limiter: RateCounter | undefined, clientOf: ClientKeyOf) {
  return function rateLimitMiddleware(req: Request, _res: Response, next: NextFunction): void {
    if (!limiter) return next();
    (req as Counted)[COUNTED] = true;
    decide(limiter.hit(clientOf(req)), next);
  };
}

/**
 * Error middleware placed before the error handler: a request that failed before it was counted
 * (bad signature, malformed JSON, unknown route) still counts, against its IP, so failed attempts
 * are limited too; over the limit, the failure becomes a 429.
 */
export function rateLimitFailures(limiter: RateCounter | undefined) {
  return function rateLimitFailuresMiddleware(err: unknown, req: Request, _res: Response, next: NextFunction): void {
    if (!limiter || (req as Counted)[COUNTED] || err instanceof RateLimitedError || err instanceof StoreUnavailableError) return next(err);
    (req as Counted)[COUNTED] = true;
    decide(limiter.hit(ipKey(req)), next, err);
  };
}

export const ipKey = (req: Request): string => `ip:${req.ip ?? req.socket.remoteAddress ?? 'unknown'}`;
