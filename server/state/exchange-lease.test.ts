// The exchange writer lease on one state file opened twice (as two processes would): one holder,
// takeover only after expiry with the next fencing token; both processes append to the journal, and
// a write made as the holder by a process that lost its lease (a paused process whose own clock
// still says it holds) is refused in its transaction.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StateDb } from './db.ts';
import { sqliteSharedJournal } from './exchange-journal.ts';
import { ExchangeLease, LeaseNotHeldError, holdsExchangeLease, registerExchangeLease } from './exchange-lease.ts';

const TTL = 60_000; // the timer (ttl / 3) never fires during a test: each test drives poll()
const cmd = { t: 'cancel' as const, id: 1 };

describe('exchange writer lease', () => {
  const open: StateDb[] = [];
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  const setup = () => {
    const path = join(mkdtempSync(join(tmpdir(), 'lease-')), 's.sqlite');
    const side = (clock: { t: number }) => {
      const state = new StateDb(path);
      open.push(state);
      const lines: string[] = [];
      const lease = new ExchangeLease(state, { ttlMs: TTL, now: () => clock.t, log: (l) => lines.push(l) });
      return { state, lease, lines, journal: sqliteSharedJournal(state, lease) };
    };
    return { side, rows: (s: StateDb) => (s.db.prepare('SELECT count(*) AS n FROM exchange_commands').get() as { n: number }).n };
  };
  const committed = (s: StateDb) => s.durable();

  it('has one holder, taken over only after expiry with the next token; both append; a stale holder\'s write as holder never commits', async () => {
    const { side, rows } = setup();
    const clockA = { t: 1_000_000 };
    const clockB = { t: 1_000_000 };
    const a = side(clockA);
    const b = side(clockB);
    a.lease.start();
    await committed(a.state);
    b.lease.start();
    await committed(b.state);
    expect([a.lease.held(), b.lease.held(), a.lease.fencingToken()]).toEqual([true, false, 1]);
    registerExchangeLease(b.state, b.lease);
    expect([holdsExchangeLease(b.state), holdsExchangeLease(a.state), holdsExchangeLease(undefined)]).toEqual([false, true, true]);

    // Either process appends, in the journal's transaction, with the next seq.
    await expect(a.journal.exclusive(() => a.journal.append({ at: 1, cmd }))).resolves.toBe(1);
    await expect(b.journal.exclusive(() => b.journal.append({ at: 2, cmd }))).resolves.toBe(2);
    // Only the holder writes as the holder.
    await expect(b.journal.exclusive((asHolder) => asHolder('btcusd'))).rejects.toBeInstanceOf(LeaseNotHeldError);
    await committed(b.state); // its (empty) batch frees the write lock
    await expect(a.journal.exclusive((asHolder) => (asHolder('btcusd'), a.journal.append({ at: 3, cmd })))).resolves.toBe(3);
    // Outside the transaction nothing is appended.
    expect(() => b.journal.append({ at: 4, cmd })).toThrow(/outside the journal transaction/);

    // Renewed before expiry: B cannot take over.
    clockA.t += TTL / 2;
    a.lease.poll();
    await committed(a.state);
    clockB.t += TTL - 1;
    b.lease.poll();
    expect(b.lease.held()).toBe(false);

    // A pauses (no renewal; its own clock stands still, so it still believes it holds). B's clock
    // passes the expiry: B takes over with token 2.
    clockB.t += TTL;
    b.lease.poll();
    await committed(b.state);
    expect([b.lease.held(), b.lease.fencingToken(), a.lease.held()]).toEqual([true, 2, true]);
    await expect(b.journal.exclusive((asHolder) => (asHolder('btcusd'), b.journal.append({ at: 5, cmd })))).resolves.toBe(4);

    // A's write as the holder carries token 1: refused inside its transaction, never applied.
    await expect(a.journal.exclusive((asHolder) => (asHolder('ethusd'), a.journal.append({ at: 6, cmd })))).rejects.toEqual(
      new LeaseNotHeldError("this process's lease (token 1) was taken over", 'ethusd'),
    );
    await committed(a.state);
    // Its plain writes still go in (every process applies writes).
    await expect(a.journal.exclusive(() => a.journal.append({ at: 7, cmd }))).resolves.toBe(5);
    expect(rows(a.state)).toBe(5);
    expect([...b.journal.entries()].map((e) => [e.seq, e.at])).toEqual([[1, 1], [2, 2], [3, 3], [4, 5], [5, 7]]);
    // A's next renewal finds the lease gone and says so.
    a.lease.poll();
    expect(a.lease.held()).toBe(false);
    expect(a.lines.at(-1)).toMatch(/lost the writer lease \(token 1\)/);
  });

  it('gives the lease up on close, so the other process takes over at once', async () => {
    const { side } = setup();
    const clock = { t: 5_000_000 };
    const a = side(clock);
    const b = side(clock);
    a.lease.start();
    await committed(a.state);
    b.lease.start();
    await committed(b.state);
    expect(b.lease.held()).toBe(false);
    a.state.close();
    b.lease.poll();
    await committed(b.state);
    expect([b.lease.held(), b.lease.fencingToken()]).toEqual([true, 2]);
    b.lease.stop();
  });
});
