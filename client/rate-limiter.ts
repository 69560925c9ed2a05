// Optional client-side limiter for the exchange's 60 requests per minute (X5). Not a classic token
// bucket: a bucket of 60 refilled at 1/s lets a burst of 60 and then one more per second through,
// 119 in one minute, and the exchange counts a fixed window from the first request, then bans for
// 60 s. This one keeps the send times of the last `requests` requests and lets a request go only
// when the oldest of them is more than `windowMs` + `marginMs` old: at most `requests` in any
// window, whatever window the server counts. The margin absorbs network jitter. Waiters go FIFO.
import type { Middleware } from 'openapi-fetch';
import { realSleep, type Clock, type Sleep } from './nonce.ts';

export interface RateLimitOptions {
  /** Requests allowed per window (default 60, the exchange's X5 limit). */
  requests?: number;
  /** Window length (default 60 000 ms). */
  windowMs?: number;
  /** Extra wait beyond the window (default 1 000 ms) so arrival jitter cannot squeeze requests into one server window. */
  marginMs?: number;
  now?: Clock;
  sleep?: Sleep;
}

export interface RateLimiter {
  /** Resolves when one more request may be sent now, and counts it. */
  acquire(): Promise<void>;
}

export function createRateLimiter(options: RateLimitOptions = {}): RateLimiter {
  const requests = options.requests ?? 60;
  const windowMs = options.windowMs ?? 60_000;
  const marginMs = options.marginMs ?? 1_000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  if (!Number.isInteger(requests) || requests < 1) throw new RangeError(`rateLimit.requests must be a positive integer, got ${requests}`);
  const sent: number[] = []; // send times, oldest first, at most `requests` long
  let queue: Promise<void> = Promise.resolve();

  async function take(): Promise<void> {
    for (;;) {
      const t = now();
      if (sent.length < requests) {
        sent.push(t);
        return;
      }
      const wait = sent[0]! + windowMs + marginMs - t;
      if (wait <= 0) {
        sent.shift();
        sent.push(t);
        return;
      }
      await sleep(wait);
    }
  }

  return {
    acquire() {
      const turn = queue.then(take);
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}

/** openapi-fetch middleware: waits for the limiter before each attempt (register it before signing, so nonces stay fresh). */
export function rateLimitMiddleware(limiter: RateLimiter): Middleware {
  return {
    async onRequest() {
      await limiter.acquire();
      return undefined;
    },
  };
}
