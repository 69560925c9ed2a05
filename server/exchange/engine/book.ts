// One market's order book: per side, price levels sorted so the best is last (pop/push at the
// end are O(1)), each level a FIFO queue of resting orders. Together: price-time priority.
import { formatDecimal } from './decimal.ts';
import type { OrderRec } from './records.ts';
import type { Side } from './wire.ts';

/** All resting orders at one price, oldest first. */
export class Level {
  /** Index of the queue's front; entries before it are gone (filled or cancelled). */
  head = 0;
  /** Resting orders still in the queue. */
  live = 0;
  /** Sum of their remaining volume. */
  total = 0n;
  readonly queue: OrderRec[] = [];

  constructor(readonly price: bigint) {}

  /** The oldest resting order. Cancelled orders are left in the queue and skipped here. */
  front(): OrderRec | undefined {
    const queue = this.queue;
    while (this.head < queue.length) {
      const order = queue[this.head] as OrderRec;
      if (order.state === 'wait') return order;
      this.head++;
    }
    return undefined;
  }

  /** Drops the front order once it is fully filled (the caller has settled it). */
  shiftFilled(): void {
    this.head++;
    this.live--;
    // Reclaim the dead prefix now and then instead of shifting the array on every fill.
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  }
}

export class BookSide {
  /** Worst price first, best price last. */
  readonly levels: Level[] = [];

  constructor(readonly side: Side) {}

  best(): Level | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** Removes the best level once it has no resting order left. */
  dropBest(): void {
    this.levels.pop();
  }

  /** Queues a resting order at the back of its price level. */
  add(order: OrderRec): void {
    const levels = this.levels;
    const best = levels[levels.length - 1];
    let level: Level | undefined;
    if (best === undefined || this.isBetter(order.price, best.price)) {
      level = new Level(order.price);
      levels.push(level);
    } else if (best.price === order.price) {
      level = best;
    } else {
      const at = this.locate(order.price);
      level = levels[at];
      if (level === undefined || level.price !== order.price) {
        level = new Level(order.price);
        levels.splice(at, 0, level);
      }
    }
    level.queue.push(order);
    level.live++;
    level.total += order.remaining;
  }

  /** Takes a resting order out (a cancel); it stays in its queue as a skipped entry. */
  remove(order: OrderRec): void {
    const at = this.locate(order.price);
    const level = this.levels[at];
    if (level === undefined || level.price !== order.price) return;
    level.live--;
    level.total -= order.remaining;
    if (level.live === 0) this.levels.splice(at, 1);
  }

  /** Aggregated depth, best first: [price, summed remaining volume] as decimal strings. */
  depth(limit: number, pricePlaces: number, volumePlaces: number): [string, string][] {
    const out: [string, string][] = [];
    for (let i = this.levels.length - 1; i >= 0 && out.length < limit; i--) {
      const level = this.levels[i] as Level;
      out.push([formatDecimal(level.price, pricePlaces), formatDecimal(level.total, volumePlaces)]);
    }
    return out;
  }

  /** Resting orders in priority order (best price first, then oldest). */
  *resting(): Generator<OrderRec> {
    for (let i = this.levels.length - 1; i >= 0; i--) {
      const level = this.levels[i] as Level;
      for (let j = level.head; j < level.queue.length; j++) {
        const order = level.queue[j] as OrderRec;
        if (order.state === 'wait') yield order;
      }
    }
  }

  /** a is a better price than b for this side (higher for bids, lower for asks). */
  isBetter(a: bigint, b: bigint): boolean {
    return this.side === 'buy' ? a > b : a < b;
  }

  /** Index of the level at `price`, or where it would be inserted. */
  private locate(price: bigint): number {
    const levels = this.levels;
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.isBetter(price, (levels[mid] as Level).price)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

export class Book {
  readonly bids = new BookSide('buy');
  readonly asks = new BookSide('sell');

  /** The side an order of `side` rests on. */
  own(side: Side): BookSide {
    return side === 'buy' ? this.bids : this.asks;
  }

  /** The side an order of `side` matches against. */
  opposite(side: Side): BookSide {
    return side === 'buy' ? this.asks : this.bids;
  }
}
