import { describe, expect, it } from 'vitest';
import { Balance } from './accounts.ts';
import { CancelQueue, DEFAULT_CANCEL_DELAY_MS, stopCancelTimers, timerScheduler, type Scheduler } from './cancel.ts';
import { marketSpec } from './markets.ts';
import { OrderRec } from './records.ts';

function order(id: number): OrderRec {
  return new OrderRec(id, 'u', marketSpec('btcusd'), 'buy', 'limit', 100n, 1n, 0, new Balance('btc'), new Balance('usd'));
}

/** A scheduler that only remembers tasks, so the test runs them when it wants. */
function manual(): { schedule: Scheduler; tasks: { task: () => void; delayMs: number }[] } {
  const tasks: { task: () => void; delayMs: number }[] = [];
  return { schedule: (task, delayMs) => tasks.push({ task, delayMs }), tasks };
}

describe('CancelQueue', () => {
  it('applies a requested cancel only when the scheduler runs it', () => {
    const cancelled: number[] = [];
    const { schedule, tasks } = manual();
    const queue = new CancelQueue((o) => cancelled.push(o.id), schedule, 25);
    const o = order(1);
    queue.request(o);
    expect(o.cancelRequested).toBe(true);
    expect(cancelled).toEqual([]);
    expect(tasks.map((t) => t.delayMs)).toEqual([25]);
    tasks[0]?.task();
    expect(cancelled).toEqual([1]);
    expect(o.cancelRequested).toBe(false);
    expect(queue.size).toBe(0);
  });

  it('schedules one cancel per order however often it is requested', () => {
    const cancelled: number[] = [];
    const { schedule, tasks } = manual();
    const queue = new CancelQueue((o) => cancelled.push(o.id), schedule);
    const o = order(1);
    queue.request(o);
    queue.request(o);
    expect(tasks).toHaveLength(1);
    expect(queue.size).toBe(1);
  });

  it('runs every pending cancel now, in request order, and the timers later find nothing', () => {
    const cancelled: number[] = [];
    const { schedule, tasks } = manual();
    const queue = new CancelQueue((o) => cancelled.push(o.id), schedule);
    [order(3), order(1), order(2)].forEach((o) => queue.request(o));
    expect(queue.runPending()).toBe(3);
    expect(cancelled).toEqual([3, 1, 2]);
    tasks.forEach((t) => t.task());
    expect(cancelled).toEqual([3, 1, 2]);
  });

  it('skips an order that finished before its cancel ran', () => {
    const cancelled: number[] = [];
    const queue = new CancelQueue((o) => cancelled.push(o.id), manual().schedule);
    const o = order(1);
    queue.request(o);
    o.state = 'done';
    queue.runPending();
    expect(cancelled).toEqual([]);
    queue.request(o); // not waiting any more: nothing to schedule
    expect(queue.size).toBe(0);
  });

  it('forgets pending cancels on clear', () => {
    const cancelled: number[] = [];
    const { schedule, tasks } = manual();
    const queue = new CancelQueue((o) => cancelled.push(o.id), schedule);
    queue.request(order(1));
    queue.clear();
    tasks[0]?.task();
    expect(cancelled).toEqual([]);
  });

  it('defaults to a 50 ms timer that does not hold the process', async () => {
    expect(DEFAULT_CANCEL_DELAY_MS).toBe(50);
    const cancelled: number[] = [];
    const queue = new CancelQueue((o) => cancelled.push(o.id), timerScheduler, 5);
    queue.request(order(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cancelled).toEqual([1]);
  });

  it('stops every pending timer of timerScheduler at shutdown (stopCancelTimers): the cancel stays requested, not applied', async () => {
    const cancelled: number[] = [];
    const queue = new CancelQueue((o) => cancelled.push(o.id), timerScheduler, 5);
    const o = order(2);
    queue.request(o);
    stopCancelTimers();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([cancelled, o.state, o.cancelRequested]).toEqual([[], 'wait', true]);
  });
});
