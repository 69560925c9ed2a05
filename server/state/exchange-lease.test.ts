// The exchange writer lease on one state file opened twice (as two processes would): one holder,
// takeover only after expiry with the next fencing token, and an append from a holder that lost its
// lease (a paused process whose own clock still says it holds) refused in its transaction.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StateDb } from './db.ts';
import { sqliteJournal } from './exchange-journal.ts';
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
      return { state, lease, lines, journal: sqliteJournal(state, lease) };
    };
    return { side, rows: (s: StateDb) => (s.db.prepare('SELECT count(*) AS n FROM exchange_commands').get() as { n: number }).n };
  };
  const committed = (s: StateDb) => s.durable();

  it('has one holder; the other refuses with 503 3001 and one log line, and takes over only after expiry, with the next token', async () => {
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

    expect(a.journal.append({ at: 1, cmd })).toBe(1);
    await committed(a.state);
    for (let i = 0; i < 3; i++) expect(() => b.journal.append({ at: 2, cmd })).toThrow(LeaseNotHeldError);
    expect(b.lines.filter((l) => l.includes('does not hold the writer lease'))).toHaveLength(1);
    expect(() => b.journal.append({ at: 2, cmd })).toThrow(/503|writer lease/);

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
    expect(b.journal.append({ at: 3, cmd })).toBe(2);
    await committed(b.state);

    // A's write carries token 1: refused inside its transaction, never applied.
    expect(() => a.journal.append({ at: 4, cmd })).toThrow(new LeaseNotHeldError("this process's lease (token 1) was taken over"));
    await committed(a.state);
    expect(rows(a.state)).toBe(2);
    expect([...b.journal.entries()].map((e) => [e.seq, e.at])).toEqual([[1, 1], [2, 3]]);
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
