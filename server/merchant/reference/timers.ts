// Injectable time for the sandbox: the clock and the timers of the payment lifecycle and of webhook
// retries. The server uses real timers (unref'd, so a pending retry never keeps a process alive);
// tests use ManualTimers and move time by hand, so a five-second lifecycle runs in microseconds.
import type { Clock } from '../../core/clock.ts';

export type TimerCallback = () => void | Promise<void>;
export interface TimerHandle {
  readonly id: number;
}

export interface Timers {
  now: Clock;
  /** Runs `fn` after `ms`; a rejected promise is the caller's to catch. */
  setTimeout(fn: TimerCallback, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** The pending timers of every realTimers() of this process, for stopRealTimers. */
const everyLive = new Set<Map<number, NodeJS.Timeout>>();

/**
 * Shutdown (serve.ts, SIGTERM): no lifecycle step or webhook retry starts any more. What was due
 * stays in the state file (the outbox, the records) and resumes at the next start.
 */
export function stopRealTimers(): void {
  for (const live of everyLive) {
    for (const t of live.values()) clearTimeout(t);
    live.clear();
  }
}

/** Node's timers, unref'd; `now` defaults to Date.now (the server passes its own clock). */
export function realTimers(now: Clock = Date.now): Timers {
  const live = new Map<number, NodeJS.Timeout>();
  everyLive.add(live);
  let seq = 0;
  return {
    now,
    setTimeout(fn, ms) {
      const id = ++seq;
      const t = setTimeout(() => {
        live.delete(id);
        void fn();
      }, Math.max(0, ms));
      t.unref();
      live.set(id, t);
      return { id };
    },
    clearTimeout(handle) {
      const t = live.get(handle.id);
      if (t) clearTimeout(t);
      live.delete(handle.id);
    },
  };
}

interface Pending {
  id: number;
  due: number;
  fn: TimerCallback;
}

/**
 * Timers that only fire when told. `advance(ms)` runs every callback due within the next `ms`, in
 * due order (ties in scheduling order), awaiting each, and setting the clock to its due time
 * first; callbacks scheduled meanwhile run too if they fall inside the window.
 */
export class ManualTimers implements Timers {
  private t: number;
  private seq = 0;
  private queue: Pending[] = [];

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.t = start;
  }

  readonly now = (): number => this.t;

  setTimeout(fn: TimerCallback, ms: number): TimerHandle {
    const id = ++this.seq;
    this.queue.push({ id, due: this.t + Math.max(0, ms), fn });
    return { id };
  }

  clearTimeout(handle: TimerHandle): void {
    this.queue = this.queue.filter((p) => p.id !== handle.id);
  }

  /** Number of callbacks waiting. */
  get pending(): number {
    return this.queue.length;
  }

  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    for (;;) {
      const next = this.nextDue(target);
      if (!next) break;
      this.queue = this.queue.filter((p) => p !== next);
      this.t = Math.max(this.t, next.due);
      await next.fn();
    }
    this.t = target;
  }

  /** Runs everything that is waiting, however far ahead (bounded, so a timer loop fails loudly). */
  async runAll(maxCallbacks = 10_000): Promise<void> {
    for (let i = 0; this.queue.length > 0; i++) {
      if (i >= maxCallbacks) throw new Error(`ManualTimers.runAll: more than ${maxCallbacks} callbacks; a timer keeps rescheduling itself`);
      const next = this.nextDue(Number.POSITIVE_INFINITY)!;
      await this.advance(next.due - this.t);
    }
  }

  private nextDue(limit: number): Pending | undefined {
    let best: Pending | undefined;
    for (const p of this.queue) if (p.due <= limit && (!best || p.due < best.due || (p.due === best.due && p.id < best.id))) best = p;
    return best;
  }
}
