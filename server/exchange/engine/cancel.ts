// Cancellation is asynchronous (section 3 of the document): a request is acknowledged with the
// order as it is, still `wait`, and the cancel is applied later by a scheduler. Until then the
// order stays in the book and can still trade; a cancel that finds it done does nothing.
import type { OrderRec } from './records.ts';

/** Runs `task` after `delayMs`; injectable so tests decide when cancels happen. `order`: whose cancel it is. */
export type Scheduler = (task: () => void, delayMs: number, order?: OrderRec) => void;

/** The cancels timerScheduler has pending in this process, for stopCancelTimers. */
const live = new Set<NodeJS.Timeout>();

/** setTimeout, unref'd so pending cancels never keep the process alive. */
export const timerScheduler: Scheduler = (task, delayMs) => {
  const t = setTimeout(() => {
    live.delete(t);
    task();
  }, delayMs);
  t.unref();
  live.add(t);
};

/**
 * Shutdown (serve.ts, SIGTERM, with the other timers): no pending cancel is applied by this process
 * any more, so none runs against a closed state file. Each acknowledged request is in the journal;
 * the next start (or the next holder of the writer lease) schedules it again (CancelQueue.resume).
 */
export function stopCancelTimers(): void {
  for (const t of live) clearTimeout(t);
  live.clear();
}

/** How long a requested cancel waits by default. */
export const DEFAULT_CANCEL_DELAY_MS = 50;

export class CancelQueue {
  private readonly pending = new Set<OrderRec>();

  constructor(
    /** Takes a waiting order out of its book and releases its lock. */
    private readonly cancel: (order: OrderRec) => void,
    private readonly schedule: Scheduler = timerScheduler,
    private readonly delayMs: number = DEFAULT_CANCEL_DELAY_MS,
  ) {}

  /** Schedules the cancel of a waiting order; a second request for it changes nothing. */
  request(order: OrderRec): void {
    if (order.state !== 'wait' || this.pending.has(order)) return;
    order.cancelRequested = true;
    this.pending.add(order);
    this.schedule(() => this.apply(order), this.delayMs, order);
  }

  /** Applies every pending cancel now, oldest request first; returns how many were pending. */
  runPending(): number {
    const orders = [...this.pending];
    for (const order of orders) this.apply(order);
    return orders.length;
  }

  /** Whether `order`'s cancel is requested and not applied yet. */
  isPending(order: OrderRec): boolean {
    return this.pending.has(order);
  }

  get size(): number {
    return this.pending.size;
  }

  /** Schedules every pending cancel again (after the engine was rebuilt from its journal). */
  resume(): void {
    for (const order of this.pending) this.schedule(() => this.apply(order), this.delayMs, order);
  }

  /** Applies the pending cancel of `order` now, if there is one (journal replay). */
  applyNow(order: OrderRec): void {
    this.apply(order);
  }

  /** Forgets pending cancels (timers already set find nothing to do). */
  clear(): void {
    this.pending.clear();
  }

  private apply(order: OrderRec): void {
    if (!this.pending.delete(order)) return;
    order.cancelRequested = false;
    if (order.state === 'wait') this.cancel(order);
  }
}
