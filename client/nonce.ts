// Exchange nonces (X1, X2): milliseconds since the epoch, strictly increasing per source, so no
// value repeats even when many requests are signed within one millisecond. The server accepts a
// nonce within ±30 s of its clock and remembers used ones, so a source must also never run far
// ahead of the clock: next() is max(now, last + 1), and when that is more than `maxAheadMs`
// (default 5 s) ahead it waits until the clock catches up instead of throwing. That only happens
// above ~1000 signed requests per second sustained for seconds, or after the system clock stepped
// back; the exchange's own rate limit (60 per minute) keeps real clients far from it.
//
// One source per access key: two clients signing with the same key must share one source (pass
// `nonces` to createExchangeClient), or their nonces may collide and the server answers 2006.

export type Clock = () => number;
export type Sleep = (ms: number) => Promise<void>;

export const DEFAULT_MAX_AHEAD_MS = 5_000;

export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface NonceSourceOptions {
  /** Clock in milliseconds (default Date.now). */
  now?: Clock;
  /** How far ahead of the clock a nonce may run before next() waits (default 5000 ms). */
  maxAheadMs?: number;
  /** How next() waits (default setTimeout); tests inject one that moves their clock. */
  sleep?: Sleep;
}

export interface NonceSource {
  /** The next nonce: greater than every nonce this source gave before, at most `maxAheadMs` ahead of the clock. */
  next(): Promise<number>;
  /** The last nonce given, 0 before the first. */
  readonly last: number;
}

export function createNonceSource(options: NonceSourceOptions = {}): NonceSource {
  const now = options.now ?? Date.now;
  const maxAheadMs = options.maxAheadMs ?? DEFAULT_MAX_AHEAD_MS;
  const sleep = options.sleep ?? realSleep;
  if (!(maxAheadMs >= 0)) throw new RangeError(`maxAheadMs must be >= 0, got ${maxAheadMs}`);
  let last = 0;

  return {
    get last() {
      return last;
    },
    async next() {
      for (;;) {
        const clock = Math.floor(now());
        const candidate = Math.max(clock, last + 1);
        // Check and update happen in one synchronous step, so concurrent callers never share a value.
        if (candidate - clock <= maxAheadMs) {
          last = candidate;
          return candidate;
        }
        await sleep(candidate - clock - maxAheadMs);
      }
    },
  };
}
