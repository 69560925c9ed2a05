import { describe, expect, it } from 'vitest';
import { Balance } from './accounts.ts';
import { Book, BookSide, Level } from './book.ts';
import { marketSpec } from './markets.ts';
import { OrderRec } from './records.ts';
import type { Side } from './wire.ts';

let nextId = 1;
function order(side: Side, price: bigint, volume = 10n): OrderRec {
  return new OrderRec(nextId++, 'u', marketSpec('btcusd'), side, 'limit', price, volume, 0, new Balance('btc'), new Balance('usd'));
}

const prices = (side: BookSide) => side.levels.map((l) => l.price);
const ids = (side: BookSide) => [...side.resting()].map((o) => o.id);

describe('BookSide', () => {
  it('keeps bids worst to best (ascending), whatever the arrival order', () => {
    const bids = new BookSide('buy');
    for (const p of [105n, 100n, 110n, 103n, 110n, 99n]) bids.add(order('buy', p));
    expect(prices(bids)).toEqual([99n, 100n, 103n, 105n, 110n]);
    expect(bids.best()?.price).toBe(110n);
    expect(bids.best()?.live).toBe(2);
  });

  it('keeps asks worst to best (descending)', () => {
    const asks = new BookSide('sell');
    for (const p of [105n, 100n, 110n, 103n, 100n]) asks.add(order('sell', p));
    expect(prices(asks)).toEqual([110n, 105n, 103n, 100n]);
    expect(asks.best()?.total).toBe(20n);
  });

  it('lists resting orders best price first, then oldest first', () => {
    const asks = new BookSide('sell');
    const a = order('sell', 101n);
    const b = order('sell', 100n);
    const c = order('sell', 101n);
    const d = order('sell', 100n);
    [a, b, c, d].forEach((o) => asks.add(o));
    expect(ids(asks)).toEqual([b.id, d.id, a.id, c.id]);
    expect(asks.best()?.front()).toBe(b);
  });

  it('removes a cancelled order from its level and the level once empty', () => {
    const bids = new BookSide('buy');
    const a = order('buy', 100n, 5n);
    const b = order('buy', 100n, 7n);
    const c = order('buy', 90n);
    [a, b, c].forEach((o) => bids.add(o));
    bids.remove(a);
    a.state = 'cancel';
    expect(bids.best()).toMatchObject({ price: 100n, live: 1, total: 7n });
    expect(bids.best()?.front()).toBe(b);
    bids.remove(b);
    b.state = 'cancel';
    expect(prices(bids)).toEqual([90n]);
    bids.remove(order('buy', 42n)); // not in the book: nothing happens
    expect(prices(bids)).toEqual([90n]);
    bids.remove(order('buy', 420n)); // nor priced better than every level
    expect(prices(bids)).toEqual([90n]);
    expect(bids.best()).toMatchObject({ price: 90n, live: 1, total: 10n });
  });

  it('lists no cancelled order among the resting ones, wherever it stood in its queue', () => {
    const asks = new BookSide('sell');
    const [a, b, c] = [order('sell', 100n), order('sell', 100n), order('sell', 100n)];
    [a, b, c].forEach((o) => asks.add(o));
    asks.remove(b);
    b.state = 'cancel';
    expect(ids(asks)).toEqual([a.id, c.id]);
  });

  it('gives no front order for a level with none resting (empty, or every order gone)', () => {
    expect(new Level(100n).front()).toBeUndefined();
    const asks = new BookSide('sell');
    const a = order('sell', 100n);
    asks.add(a);
    const level = asks.best()!;
    a.state = 'cancel';
    expect(level.front()).toBeUndefined();
    expect(level.head).toBe(1);
  });

  it('aggregates depth best first, up to the limit', () => {
    const asks = new BookSide('sell');
    asks.add(order('sell', 3_000_000n, 50_000_000n));
    asks.add(order('sell', 3_000_000n, 25_000_000n));
    asks.add(order('sell', 3_000_100n, 1n));
    asks.add(order('sell', 3_100_000n, 1n));
    expect(asks.depth(2, 2, 8)).toEqual([['30000.00', '0.75000000'], ['30001.00', '0.00000001']]);
    expect(asks.depth(0, 2, 8)).toEqual([]);
  });

  it('reclaims the dead front of a long queue', () => {
    const asks = new BookSide('sell');
    const orders = Array.from({ length: 3000 }, () => order('sell', 100n, 1n));
    orders.forEach((o) => asks.add(o));
    const level = asks.best();
    for (let i = 0; i < 2000; i++) {
      const front = level?.front() as OrderRec;
      front.state = 'done';
      level?.shiftFilled();
    }
    expect(level?.queue.length).toBeLessThan(3000);
    expect(level?.front()).toBe(orders[2000]);
    expect(level?.live).toBe(1000);
  });
});

describe('Book', () => {
  it('rests an order on its own side and matches it against the other', () => {
    const book = new Book();
    expect(book.own('buy')).toBe(book.bids);
    expect(book.opposite('buy')).toBe(book.asks);
    expect(book.own('sell')).toBe(book.asks);
    expect(book.opposite('sell')).toBe(book.bids);
  });
});
