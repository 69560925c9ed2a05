// The exchange journal shared by the processes of one state file (two handles on one file in one
// process, as two processes would have): either applies any write, on top of every earlier one
// (balances are shared by markets); a reset made by one is seen by the other, which rebuilds, and
// a catch-up never applies rows written after a reset on top of what it removed; a commit that fails
// rebuilds the engine from the file; a cancel requested anywhere is applied once, by its requester
// or, when that one will not, by the lease's holder.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { StateUnavailableError } from '../core/errors.ts';
import { createEngine, EngineError, type ExchangeEngine } from '../exchange/engine/index.ts';
import { gatedCancels } from '../exchange/reference/market-writers.ts';
import type { SharedJournal } from '../ports/engine-journal.ts';
import { StateDb } from './db.ts';
import { sqliteSharedJournal } from './exchange-journal.ts';
import { ExchangeLease } from './exchange-lease.ts';
import { applyMigrations, migrations } from './migrate.ts';

const seed = { t1: { usd: '1000', btc: '10', eth: '10' }, t2: { usd: '1000', btc: '10', eth: '10' } };
const buy = (price: string, volume: string) => ({ side: 'buy' as const, ord_type: 'limit' as const, price, volume });

interface Side {
  state: StateDb;
  lease: ExchangeLease;
  journal: SharedJournal;
  engine: ExchangeEngine;
  /** A client's write (market-writers.ts does the same). */
  write: <T>(fn: (e: ExchangeEngine) => T) => Promise<T>;
  /** A read: look at the journal, catch up. */
  read: () => Promise<ExchangeEngine>;
}

describe('the exchange journal shared by the processes of a state file', () => {
  const open: StateDb[] = [];
  afterEach(() => open.splice(0).forEach((s) => s.close()));
  const file = () => join(mkdtempSync(join(tmpdir(), 'journal-')), 's.sqlite');
  // A short busy timeout: two handles in one thread never wait for each other (a collision of two
  // due cancels fails fast and is tried again).
  const side = async (path: string, cancelDelayMs = 60_000): Promise<Side> => {
    const state = new StateDb(path, { busyTimeoutMs: 50 });
    open.push(state);
    const lease = new ExchangeLease(state, { ttlMs: 60_000 }).start();
    await state.durable();
    const journal = sqliteSharedJournal(state, lease);
    let engine: ExchangeEngine | undefined;
    engine = createEngine({ seed, journal, cancelDelayMs, cancelGate: gatedCancels(journal, lease, () => engine!) });
    journal.onReset?.(() => engine!.reload());
    const e = engine;
    const write = async <T,>(fn: (e: ExchangeEngine) => T): Promise<T> => {
      for (;;) {
        try {
          return await journal.exclusive(() => (e.catchUp(), fn(e)));
        } catch (err) {
          // Two handles in one thread: while one holds the write lock (a due cancel's batch), the
          // other's BEGIN IMMEDIATE cannot wait for it (nothing commits while this thread waits).
          // Two processes wait for each other instead; here the write goes again once all committed.
          if (!(err instanceof StateUnavailableError && err.message.includes('SQLITE_BUSY'))) throw err;
          await Promise.all(open.map((s) => s.durable().catch(() => undefined)));
        }
      }
    };
    return {
      state, lease, journal, engine: e, write,
      read: async () => (await journal.refresh(), e.catchUp(), e),
    };
  };
  const rows = (s: Side) => (s.state.db.prepare('SELECT seq, command FROM exchange_commands ORDER BY seq').all() as { seq: number; command: string }[]).map((r) => [r.seq, JSON.parse(r.command).t]);
  /** A trader's btcusd orders as [id, price], oldest first. */
  const book = (e: ExchangeEngine, user = 't1') => e.orders(user, 'btcusd').map((o) => [o.id, o.price]).sort(([x], [y]) => Number(x) - Number(y));
  const usd = (e: ExchangeEngine, user: string) => e.balances(user).find((x) => x.currency === 'usd');

  it('lets either process apply any write on top of every earlier one; both agree with a fresh replay', async () => {
    const path = file();
    const a = await side(path);
    const b = await side(path);
    expect([a.lease.held(), b.lease.held()]).toEqual([true, false]);
    // t1 has 1000 usd for both markets: 600 on btcusd through B, then 600 on ethusd through A is
    // refused (A applied B's order first), 390 is accepted.
    expect((await b.write((e) => e.placeOrder('t1', 'btcusd', buy('600', '1')))).id).toBe(1);
    await expect(a.write((e) => e.placeOrder('t1', 'ethusd', buy('600', '1')))).rejects.toBeInstanceOf(EngineError);
    await a.state.durable();
    expect((await a.write((e) => e.placeOrder('t1', 'ethusd', buy('390', '1')))).id).toBe(2); // one sequence of ids
    expect((await b.write((e) => e.placeOrder('t2', 'ethusd', buy('100', '1')))).id).toBe(3);
    const fresh = await side(path);
    for (const user of ['t1', 't2']) {
      expect(usd(await a.read(), user)).toEqual(usd(fresh.engine, user));
      expect(usd(await b.read(), user)).toEqual(usd(fresh.engine, user));
    }
    expect(rows(a)).toEqual([[1, 'place'], [2, 'place'], [3, 'place']]);
    // Appends only inside the journal's transaction, where the engine caught up first.
    expect(() => b.engine.placeOrder('t2', 'btcusd', buy('1', '1'))).toThrow(/outside the journal transaction/);
    await b.state.durable();
    expect(rows(a)).toHaveLength(3);
  });

  it('sees a reset made by the other process and rebuilds; a catch-up before it looks never applies the new rows on the old book; seqs are never reused', async () => {
    const path = file();
    const a = await side(path);
    const b = await side(path);
    await a.write((e) => e.placeOrder('t1', 'btcusd', buy('100', '1')));
    await a.write((e) => e.placeOrder('t1', 'btcusd', buy('100', '1')));
    expect(book(await b.read())).toEqual([[1, '100.00'], [2, '100.00']]);

    await a.write((e) => e.reset());
    expect((await a.write((e) => e.placeOrder('t1', 'btcusd', buy('200', '1')))).id).toBe(1); // ids restart with the sandbox
    expect(rows(a)).toEqual([[3, 'place']]); // its seq does not
    // B has not looked yet: a catch-up stops at what it saw (the old book, whole), never a mix.
    b.engine.catchUp();
    expect(book(b.engine)).toEqual([[1, '100.00'], [2, '100.00']]);
    // Its next read looks, sees the reset, and rebuilds.
    expect(book(await b.read())).toEqual([[1, '200.00']]);
    expect((await b.write((e) => e.placeOrder('t1', 'btcusd', buy('300', '1')))).id).toBe(2);
    expect(book(await a.read())).toEqual([[1, '200.00'], [2, '300.00']]);
    // A reset written by B, seen by A inside its next write's transaction.
    await b.write((e) => e.reset());
    expect((await a.write((e) => e.placeOrder('t2', 'btcusd', buy('100', '1')))).id).toBe(1);
    expect([book(a.engine), book(a.engine, 't2')]).toEqual([[], [[1, '100.00']]]);
    expect(rows(a)).toEqual([[5, 'place']]);
  });

  it('rebuilds the engine from the file when a write\'s commit fails: nothing of it stays in memory', async () => {
    const path = file();
    const a = await side(path);
    const b = await side(path);
    await b.write((e) => e.placeOrder('t1', 'btcusd', buy('100', '1')));
    a.state.failNextCommit('SQLITE_FULL');
    await expect(a.write((e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))).rejects.toThrow(/SQLITE_FULL/);
    expect(a.engine.orders('t1', 'btcusd').map((o) => o.id)).toEqual([1]);
    expect((await a.write((e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))).id).toBe(2);
    expect(rows(b)).toEqual([[1, 'place'], [2, 'place']]);
  });

  it('keeps an exchange write made while another request\'s unit of work is open (it awaits I/O), when that unit then rolls back', async () => {
    const path = file();
    const a = await side(path);
    const b = await side(path);
    let inStep!: () => void;
    const started = new Promise<void>((r) => (inStep = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const failing = a.state.unit(async () => {
      a.state.db.prepare("INSERT INTO claims (scope, key) VALUES ('t', 'k')").run();
      inStep();
      await gate; // as a unit awaiting a claim in Redis
      throw new Error('refused');
    });
    await started;
    const order = a.write((e) => e.placeOrder('t1', 'btcusd', buy('100', '1')));
    release();
    await expect(failing).rejects.toThrow('refused');
    expect((await order).id).toBe(1);
    expect(rows(b)).toEqual([[1, 'place']]); // committed, seen by the other process
    expect(b.state.db.prepare('SELECT count(*) AS n FROM claims').get()).toEqual({ n: 0 });
  });

  it('applies a cancel requested on a process without the lease once: by its requester when due, or by the holder when the requester will not', async () => {
    const path = file();
    const a = await side(path, 50); // holds the lease
    const b = await side(path, 50);
    const c = await side(path, 60_000); // requests a cancel it will not apply itself (it "dies")
    const order = await b.write((e) => e.placeOrder('t1', 'btcusd', buy('100', '1')));
    await b.write((e) => e.requestCancel('t1', order.id));
    await a.read(); // A too has the cancel due: B applies it first, or A does; once
    await expect.poll(() => rows(a).map(([, t]) => t), { timeout: 10_000 }).toEqual(['place', 'cancel-request', 'cancel']);
    const other = await c.write((e) => e.placeOrder('t2', 'btcusd', buy('100', '1')));
    await c.write((e) => e.requestCancel('t2', other.id));
    await a.read(); // the holder learns of C's request and applies it when due
    await expect.poll(() => rows(a).map(([, t]) => t), { timeout: 10_000 }).toEqual(['place', 'cancel-request', 'cancel', 'place', 'cancel-request', 'cancel']);
    expect((await a.read()).orders('t2', 'btcusd', { state: 'cancel' }).map((o) => o.id)).toEqual([other.id]);
    // C sees it once A's batch committed (rows(a) reads through A's own connection, before its commit).
    await expect.poll(async () => (await c.read()).orders('t2', 'btcusd', { state: 'cancel' }).map((o) => o.id), { timeout: 10_000 }).toEqual([other.id]);
  });

  it('keeps the rows and their seqs of a file written before seqs were never reused (schema 7), and never reuses one from then on', () => {
    const path = file();
    const old = new Database(path);
    applyMigrations(old, path, migrations().filter((m) => m.version <= 7));
    const insert = old.prepare('INSERT INTO exchange_commands (at, command) VALUES (?, ?)');
    for (const at of [1, 2, 3]) insert.run(at, JSON.stringify({ t: 'cancel', id: at }));
    old.close();
    const state = new StateDb(path);
    open.push(state);
    const all = () => state.db.prepare('SELECT seq, at FROM exchange_commands ORDER BY seq').all();
    expect(all()).toEqual([{ seq: 1, at: 1 }, { seq: 2, at: 2 }, { seq: 3, at: 3 }]);
    state.db.prepare('DELETE FROM exchange_commands').run();
    state.db.prepare('INSERT INTO exchange_commands (at, command) VALUES (4, \'{}\')').run();
    expect(all()).toEqual([{ seq: 4, at: 4 }]); // after the largest ever stored, not 1 again
  });
});
