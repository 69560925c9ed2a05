// Optional client-side limiter for the exchange's 60 requests per minute (X5). Not a classic token
// bucket: a bucket of 60 refilled at 1/s lets a burst of 60 and then one more per second through,
// 119 in one minute, and the exchange counts a fixed window from the first request, then bans for
// 60 s. This one keeps the send times of the last `requests` requests and lets a request go only
// when the oldest of them is more than `windowMs` + `marginMs` old: at most `requests` in any
// window, whatever window the server counts. The margin absorbs network jitter. Waiters go FIFO.
import type { Middleware } from 'openapi-fetch';
import { untilAborted } from './abort.ts';
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
  /**
   * Resolves when one more request may be sent now, and counts it. Rejects with the signal's
   * reason if `signal` aborts first; the request is then not counted.
   */
  acquire(signal?: AbortSignal | null): Promise<void>;
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

  async function take(signal: AbortSignal | null | undefined): Promise<void> {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
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
      await untilAborted(sleep(wait), signal);
    }
  }

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      // An abort while earlier requests still wait ends this one's wait at once, not its turn.
      const turn = untilAborted(queue, signal).then(() => take(signal));
      queue = queue.then(() => turn).catch(() => undefined);
      return turn;
    },
  };
}

/** openapi-fetch middleware: waits for the limiter before each attempt (register it before signing, so nonces stay fresh). */
export function rateLimitMiddleware(limiter: RateLimiter): Middleware {
  return {
    async onRequest({ request }) {
      await limiter.acquire(request.signal);
      return undefined;
    },
  };
}
