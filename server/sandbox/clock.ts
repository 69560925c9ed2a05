// The sandbox's test clock (decision S-clock): a scheduler whose time is real time plus an offset
// that only grows. Due steps fire on their own as real time reaches them (one unref'd Node timer
// armed for the earliest), and `advance(ms)` moves the offset and runs every step that falls due,
// in due order (ties in scheduling order), awaiting each, with the clock set to the step's due time
// while it runs, so a webhook retry is signed with the time it was scheduled for. Steps scheduled
// meanwhile run too when they fall inside the advance. One run at a time: an advance and a firing
// timer never interleave. It implements the merchant sandbox's Timers port, so the lifecycle and
// webhook code need not know it exists.
import type { TimerCallback, TimerHandle, Timers } from '../merchant/reference/timers.ts';
import type { Clock } from '../rate-limit.ts';

interface Pending {
  id: number;
  due: number;
  fn: TimerCallback;
}

export class TestClock implements Timers {
  private offsetMs = 0;
  private seq = 0;
  private queue: Pending[] = [];
  private armed: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly real: Clock = Date.now,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  readonly now = (): number => this.real() + this.offsetMs;

  /** How far ahead of real time the clock is, in ms. */
  get offset(): number {
    return this.offsetMs;
  }

  /** Steps waiting. */
  get pending(): number {
    return this.queue.length;
  }

  setTimeout(fn: TimerCallback, ms: number): TimerHandle {
    const id = ++this.seq;
    this.queue.push({ id, due: this.now() + Math.max(0, ms), fn });
    this.arm();
    return { id };
  }

  clearTimeout(handle: TimerHandle): void {
    this.queue = this.queue.filter((p) => p.id !== handle.id);
    this.arm();
  }

  /** Moves the clock `ms` forward and runs what falls due; resolves with the number of steps run. */
  advance(ms: number): Promise<number> {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance: ${ms} is not a non-negative number of ms`);
    return this.exclusive(async () => {
      const target = this.offsetMs + ms;
      const fired = await this.runDue(() => this.real() + target, target);
      this.offsetMs = target;
      return fired;
    });
  }

  /** Back to real time with nothing scheduled (sandbox reset). */
  reset(): Promise<void> {
    return this.exclusive(async () => {
      this.queue = [];
      this.offsetMs = 0;
      this.arm();
    });
  }

  /** Stops the Node timer (server shutdown); what is queued stays queued. */
  close(): void {
    if (this.armed) clearTimeout(this.armed);
    this.armed = undefined;
  }

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.running.then(fn);
    this.running = result.catch(() => undefined);
    return result;
  }

  /** Runs, in order, every step due by `limit()`; the offset follows each step's due time (never past `maxOffset`). */
  private async runDue(limit: () => number, maxOffset = Number.POSITIVE_INFINITY): Promise<number> {
    let fired = 0;
    for (;;) {
      const next = this.nextDue(limit());
      if (!next) break;
      this.queue = this.queue.filter((p) => p !== next);
      this.offsetMs = Math.min(maxOffset, Math.max(this.offsetMs, next.due - this.real()));
      fired++;
      try {
        await next.fn();
      } catch (e) {
        this.log(`[sandbox-clock] a scheduled step failed: ${(e as Error).stack ?? String(e)}`);
      }
    }
    this.arm();
    return fired;
  }

  private nextDue(limit: number): Pending | undefined {
    let best: Pending | undefined;
    for (const p of this.queue) if (p.due <= limit && (!best || p.due < best.due || (p.due === best.due && p.id < best.id))) best = p;
    return best;
  }

  /** One Node timer for the earliest step, so steps also fire as real time passes. */
  private arm(): void {
    if (this.armed) clearTimeout(this.armed);
    this.armed = undefined;
    const first = this.nextDue(Number.POSITIVE_INFINITY);
    if (!first) return;
    const t = setTimeout(() => {
      this.armed = undefined;
      void this.exclusive(() => this.runDue(this.now));
    }, Math.max(0, Math.min(first.due - this.now(), 2 ** 31 - 1)));
    t.unref();
    this.armed = t;
  }
}
