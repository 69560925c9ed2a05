// The sandbox's test clock (decision S-clock): a scheduler whose time is real time plus an offset
// that only grows. Due steps fire on their own as real time reaches them (one unref'd Node timer
// armed for the earliest), and `advance(ms)` moves the offset and runs every step that falls due,
// in due order (ties in scheduling order), awaiting each, with the clock set to the step's due time
// while it runs, so a webhook retry is signed with the time it was scheduled for. Steps scheduled
// meanwhile run too when they fall inside the advance. One run at a time: an advance and a firing
// timer never interleave. It implements the merchant sandbox's Timers port, so the lifecycle and
// webhook code need not know it exists.
//
// Per merchant (S-clock): code running `within(apiKey, fn)` (that merchant's requests, and every step
// they schedule) reads the global time plus that merchant's own offset, and `advanceMerchant` moves
// only that offset, running only that merchant's steps. Steps are ordered on the global timeline.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TimerCallback, TimerHandle, Timers } from '../merchant/reference/timers.ts';
import type { Clock } from '../core/clock.ts';

interface Pending {
  id: number;
  /** In the time of the clock it was scheduled on. */
  due: number;
  fn: TimerCallback;
  /** The merchant whose clock it runs on, or undefined for the global clock. */
  merchant: string | undefined;
}

export class TestClock implements Timers {
  private offsetMs = 0;
  private seq = 0;
  private queue: Pending[] = [];
  private armed: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private readonly merchantOffsets = new Map<string, number>();
  private readonly context = new AsyncLocalStorage<string | undefined>();

  constructor(
    private readonly real: Clock = Date.now,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  readonly now = (): number => this.globalNow() + this.own(this.context.getStore());

  private globalNow(): number {
    return this.real() + this.offsetMs;
  }

  /** A merchant's own offset on top of the global one, in ms. */
  private own(merchant: string | undefined): number {
    return merchant === undefined ? 0 : (this.merchantOffsets.get(merchant) ?? 0);
  }

  /** Runs `fn` on `merchant`'s clock: what it reads and schedules is in that merchant's time. */
  within<T>(merchant: string | undefined, fn: () => T): T {
    return this.context.run(merchant, fn);
  }

  /** The offset of `merchant`'s clock from real time (global plus its own), in ms, and its steps waiting. */
  merchantView(merchant: string): { offset: number; pending: number } {
    return { offset: this.offsetMs + this.own(merchant), pending: this.queue.filter((p) => p.merchant === merchant).length };
  }

  /** Moves `merchant`'s clock `ms` forward and runs its steps that fall due, in order; resolves with how many ran. */
  advanceMerchant(merchant: string, ms: number): Promise<number> {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`advance: ${ms} is not a non-negative number of ms`);
    return this.exclusive(async () => {
      const target = this.own(merchant) + ms;
      let fired = 0;
      for (;;) {
        const limit = this.globalNow() + target;
        let next: Pending | undefined;
        for (const p of this.queue) if (p.merchant === merchant && p.due <= limit && (!next || p.due < next.due || (p.due === next.due && p.id < next.id))) next = p;
        if (!next) break;
        this.queue = this.queue.filter((p) => p !== next);
        this.merchantOffsets.set(merchant, Math.min(target, Math.max(this.own(merchant), next.due - this.globalNow())));
        fired++;
        await this.runStep(next);
      }
      this.merchantOffsets.set(merchant, target);
      this.arm();
      return fired;
    });
  }

  /** A merchant's clock back to the global one, its steps dropped (merchant reset). */
  resetMerchant(merchant: string): void {
    this.merchantOffsets.delete(merchant);
    this.queue = this.queue.filter((p) => p.merchant !== merchant);
    this.arm();
  }

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
    this.queue.push({ id, due: this.now() + Math.max(0, ms), fn, merchant: this.context.getStore() });
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
      this.merchantOffsets.clear();
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
      this.offsetMs = Math.min(maxOffset, Math.max(this.offsetMs, this.globalDue(next) - this.real()));
      fired++;
      await this.runStep(next);
    }
    this.arm();
    return fired;
  }

  /** When a step falls due on the global timeline. */
  private globalDue(p: Pending): number {
    return p.due - this.own(p.merchant);
  }

  private async runStep(p: Pending): Promise<void> {
    try {
      await this.within(p.merchant, p.fn);
    } catch (e) {
      this.log(`[sandbox-clock] a scheduled step failed: ${(e as Error).stack ?? String(e)}`);
    }
  }

  /** The earliest step due by `limit` on the global timeline (ties in scheduling order). */
  private nextDue(limit: number): Pending | undefined {
    let best: Pending | undefined;
    for (const p of this.queue) {
      const due = this.globalDue(p);
      if (due <= limit && (!best || due < this.globalDue(best) || (due === this.globalDue(best) && p.id < best.id))) best = p;
    }
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
      void this.exclusive(() => this.runDue(() => this.globalNow()));
    }, Math.max(0, Math.min(this.globalDue(first) - this.globalNow(), 2 ** 31 - 1)));
    t.unref();
    this.armed = t;
  }
}
