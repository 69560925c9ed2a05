// Opt-in retries: exponential backoff with full jitter (delay = random in [0, min(max, base·2^n)])
// for network errors and 429/503 answers, on GET/HEAD only unless `methods` says otherwise; a
// 429 or 503 carrying Retry-After waits exactly that long. Each attempt runs the whole
// openapi-fetch pipeline again, so middleware re-runs: an exchange request is re-signed with a
// fresh nonce (a resent nonce would be refused as used, 2006) and the rate limiter counts it.
import { untilAborted } from './abort.ts';
import type { Clock, Sleep } from './nonce.ts';
import { realSleep } from './nonce.ts';

export interface RetryOptions {
  /** Retries after the first attempt (default 3). */
  retries?: number;
  /** Methods that may be retried (default GET and HEAD). A POST is retried only when listed here. */
  methods?: readonly string[];
  /** Statuses retried (default 429 and 503). */
  statuses?: readonly number[];
  /** Backoff base (default 250 ms) and cap (default 10 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this (default 60 s) is not waited for: the answer is returned as is. */
  maxRetryAfterMs?: number;
  /** Injectable for tests: how to wait, the jitter source in [0, 1), the clock for HTTP-date Retry-After. */
  sleep?: Sleep;
  random?: () => number;
  now?: Clock;
  /** Called before each wait. */
  onRetry?: (info: { attempt: number; delayMs: number; method: string; status?: number; error?: unknown }) => void;
}

export type RetryPolicy = Required<Omit<RetryOptions, 'onRetry'>> & Pick<RetryOptions, 'onRetry'>;

export function resolveRetry(option: boolean | RetryOptions | undefined): RetryPolicy | undefined {
  if (!option) return undefined;
  const o = option === true ? {} : option;
  const policy: RetryPolicy = {
    retries: o.retries ?? 3,
    methods: (o.methods ?? ['GET', 'HEAD']).map((m) => m.toUpperCase()),
    statuses: o.statuses ?? [429, 503],
    baseDelayMs: o.baseDelayMs ?? 250,
    maxDelayMs: o.maxDelayMs ?? 10_000,
    maxRetryAfterMs: o.maxRetryAfterMs ?? 60_000,
    sleep: o.sleep ?? realSleep,
    random: o.random ?? Math.random,
    now: o.now ?? Date.now,
    ...(o.onRetry ? { onRetry: o.onRetry } : {}),
  };
  if (!Number.isInteger(policy.retries) || policy.retries < 0) throw new RangeError(`retry.retries must be a non-negative integer, got ${policy.retries}`);
  return policy;
}

/**
 * Merchant and partner (decision *-idempotency): their POSTs are safe to retry once they carry an
 * Idempotency-Key, so the clients retry them by default, and 409 (the same key still running) too.
 */
export const IDEMPOTENT_RETRY: RetryOptions = { methods: ['GET', 'HEAD', 'POST'], statuses: [409, 429, 503] };

/**
 * A POST that will be retried gets one Idempotency-Key for the logical call (a caller's own is
 * kept), minted here, before the first attempt, so every retry sends the same one.
 */
export function withIdempotencyKey(method: string, init: unknown, policy: RetryPolicy | undefined): unknown {
  if (method.toUpperCase() !== 'POST' || !policy?.methods.includes('POST')) return init;
  const given = (init ?? {}) as { headers?: ConstructorParameters<typeof Headers>[0] };
  const headers = new Headers(given.headers);
  if (headers.has('Idempotency-Key')) return init;
  headers.set('Idempotency-Key', crypto.randomUUID());
  return { ...given, headers: Object.fromEntries(headers) };
}

/** Full jitter: a random delay in [0, min(maxDelayMs, baseDelayMs·2^attempt)). */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  return Math.floor(policy.random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
}

/** Milliseconds a Retry-After header asks for (delta-seconds or HTTP-date), or undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP-date names its weekday or month ("Sun, 06 Nov 1994 08:49:37 GMT"); anything else
  // ("1.5", "-1") is unreadable, not a date Date.parse happens to make of it.
  if (!/[A-Za-z]{3}/.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A failure of the transport (connection refused, reset, DNS), as opposed to an abort or a bug. */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error) || error.name === 'AbortError' || error.name === 'TimeoutError') return false;
  return error instanceof TypeError && (error.message === 'fetch failed' || 'cause' in error);
}

/** Runs `attempt` (one full request) until it answers something not retryable or the retries are spent. */
export async function withRetry<R extends { response: Response }>(
  method: string,
  attempt: () => Promise<R>,
  policy: RetryPolicy,
  signal?: AbortSignal | null,
): Promise<R> {
  const retryable = policy.methods.includes(method.toUpperCase());
  // The caller's signal ends a wait between attempts at once, and no attempt starts after it.
  const wait = (ms: number) => untilAborted(policy.sleep(ms), signal);
  for (let n = 0; ; n++) {
    if (n > 0 && signal?.aborted) throw signal.reason;
    const last = !retryable || n >= policy.retries;
    let result: R;
    try {
      result = await attempt();
    } catch (error) {
      if (last || !isNetworkError(error)) throw error;
      const delayMs = backoffDelay(n, policy);
      policy.onRetry?.({ attempt: n + 1, delayMs, method, error });
      await wait(delayMs);
      continue;
    }
    const { status } = result.response;
    if (last || !policy.statuses.includes(status)) return result;
    const asked = retryAfterMs(result.response.headers.get('Retry-After'), policy.now());
    if (asked !== undefined && asked > policy.maxRetryAfterMs) return result;
    const delayMs = asked ?? backoffDelay(n, policy);
    policy.onRetry?.({ attempt: n + 1, delayMs, method, status });
    await wait(delayMs);
  }
}
