// The shared exchange journal and the writer leases per market on a real PostgreSQL
// (test/postgres-server.ts), two instances in one process: each market has one holder, yet any
// instance applies any write (a command is applied on top of every earlier one, so balances shared
// by markets hold across instances); a write made as a market's holder is refused elsewhere (503
// 3001 naming the market, one log line); a holder paused past its lease, whose own clock still says
// it holds, is fenced off in the transaction (nothing stored, its engine rebuilt); a takeover takes
// the next token; a cancel requested on one instance is applied once, by it or by the holder.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAvailable, startPostgres, type PostgresServer } from '../../../test/postgres-server.ts';
import { createEngine, EngineError, MARKET_IDS, type ExchangeEngine, type MarketId } from '../../exchange/engine/index.ts';
import { gatedCancels } from '../../exchange/reference/market-writers.ts';
import { LeaseNotHeldError } from '../exchange-lease.ts';
import { openPgExchange, type PgExchange } from './pg-exchange.ts';
import { PgState } from './pg-state.ts';

const available = pgAvailable();
const seed = { t1: { usd: '1000', btc: '10', eth: '10' }, t2: { usd: '1000', btc: '10', eth: '10' } };
const buy = (price: string, volume: string) => ({ side: 'buy' as const, ord_type: 'limit' as const, price, volume });

describe.skipIf(!available)('exchange writers per market on PostgreSQL', () => {
  let server: PostgresServer;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    for (const c of closers.reverse()) await c().catch(() => undefined);
    await server?.stop();
  });

  interface Instance {
    ex: PgExchange;
    engine: ExchangeEngine;
    lines: string[];
    clock: { paused: number | undefined };
    /** A client's write, on any instance. */
    write: (fn: (e: ExchangeEngine) => unknown) => Promise<unknown>;
    /** A write made as `market`'s lease holder (what a holder's due cancel is). */
    asHolder: (market: MarketId, fn: (e: ExchangeEngine) => unknown) => Promise<unknown>;
  }
  const instance = async (url: string, compete: MarketId[] | undefined, ttlMs = 60_000, cancelDelayMs = 10_000): Promise<Instance> => {
    const state = await PgState.open(url);
    const lines: string[] = [];
    const clock: { paused: number | undefined } = { paused: undefined };
    const ex = await openPgExchange(state.pool, { ttlMs, markets: MARKET_IDS, ...(compete ? { compete } : {}), log: (l) => lines.push(l), now: () => clock.paused ?? Date.now() });
    closers.push(() => state.close(), () => ex.close());
    let engine: ExchangeEngine | undefined;
    engine = createEngine({ seed, journal: ex.journal, cancelDelayMs, cancelGate: gatedCancels(ex.journal, ex.writer, () => engine!) });
    const write = (fn: (e: ExchangeEngine) => unknown) =>
      ex.journal.exclusive(() => {
        engine!.catchUp();
        return fn(engine!);
      });
    const asHolder = (market: MarketId, fn: (e: ExchangeEngine) => unknown) =>
      ex.journal.exclusive((holder) => {
        engine!.catchUp();
        holder(market);
        return fn(engine!);
      });
    return { ex, engine, lines, clock, write, asHolder };
  };
  const rows = async (url: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query<{ seq: string; command: string }>('SELECT seq, command FROM exchange_commands ORDER BY seq')).rows.map((r) => [Number(r.seq), JSON.parse(r.command).t]);
    } finally {
      await c.end();
    }
  };

  it('survives PostgreSQL ending its held journal connection while idle (57P01): no uncaught error, the next write connects anew', async () => {
    const url = await server.database();
    const a = await instance(url, undefined);
    const first = (await a.write((e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))) as { id: number };
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Every other connection to this database ends, the journal's held one included (as at a restart).
      const { rows: ended } = await admin.query<{ ok: boolean }>('SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
      expect(ended.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((r) => setTimeout(r, 100)); // the termination notices arrive on the idle sockets
    const second = (await a.write((e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))) as { id: number };
    expect(second.id).toBe(first.id + 1);
    expect((await rows(url)).map(([seq]) => seq)).toEqual([1, 2]);
  }, 30_000);

  it('gives each market one holder, yet either instance applies any write; a write as holder is refused elsewhere; shared balances hold across instances', async () => {
    const url = await server.database();
    const a = await instance(url, ['btcusd']);
    const b = await instance(url, undefined);
    expect(a.ex.writer.markets()).toEqual(['btcusd']);
    expect(b.ex.writer.markets()).toHaveLength(20);
    expect(b.ex.writer.markets()).not.toContain('btcusd');

    // As btcusd's holder, B is refused, three times, one log line; nothing is stored.
    for (let i = 0; i < 3; i++) {
      await expect(b.asHolder('btcusd', (e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))).rejects.toThrow(
        /exchange writes for market btcusd go to the instance holding its writer lease; instance .* holds it until/,
      );
    }
    await expect(b.asHolder('btcusd', () => 0)).rejects.toBeInstanceOf(LeaseNotHeldError);
    expect(b.lines.filter((l) => l.includes('does not hold the writer lease of market btcusd'))).toHaveLength(1);
    expect(await rows(url)).toEqual([]);

    // t1 has 1000 usd for both markets: 600 on btcusd through B (1.50 fee locked; A holds btcusd), then 600 on
    // ethusd through A is refused (A applied B's order first), 390 is accepted; at once, from both sides, every round.
    const first = (await b.write((e) => e.placeOrder('t1', 'btcusd', buy('600', '1')))) as { id: number };
    expect(first.id).toBe(1);
    await expect(a.write((e) => e.placeOrder('t1', 'ethusd', buy('600', '1')))).rejects.toBeInstanceOf(EngineError);
    const second = (await a.write((e) => e.placeOrder('t1', 'ethusd', buy('390', '1')))) as { id: number };
    expect(second.id).toBe(2); // ids continue across instances: one sequence
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled([
        a.write((e) => e.placeOrder('t2', 'btcusd', buy('700', '1'))),
        b.write((e) => e.placeOrder('t2', 'btcusd', buy('700', '1'))),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(round === 0 ? 1 : 0);
      expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason instanceof EngineError)).toBe(true);
    }
    // Both engines agree with each other and with a fresh replay of the journal.
    await a.ex.journal.refresh();
    a.engine.catchUp();
    await b.ex.journal.refresh();
    b.engine.catchUp();
    const fresh = await instance(url, []);
    for (const user of ['t1', 't2']) {
      const usd = (e: ExchangeEngine) => e.balances(user).find((x) => x.currency === 'usd');
      expect(usd(a.engine)).toEqual(usd(fresh.engine));
      expect(usd(b.engine)).toEqual(usd(fresh.engine));
    }
    // A refusal from an async handler (as the HTTP handlers are) is answered after the batch, not lost.
    await expect(a.write(async (e) => e.placeOrder('t1', 'btcusd', buy('100000', '1')))).rejects.toBeInstanceOf(EngineError);
    expect((await rows(url)).map(([seq]) => seq)).toEqual([1, 2, 3]);
  }, 30_000);

  it('applies a cancel requested on a non-holder once: by its requester when due, or by the holder when the requester is gone', async () => {
    const url = await server.database();
    const a = await instance(url, undefined, 60_000, 50); // holds every market
    const b = await instance(url, [], 60_000, 50);
    const c = await instance(url, [], 60_000, 60_000); // requests cancels it will never apply itself (it "dies")
    const order = (await b.write((e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))) as { id: number };
    await b.write((e) => e.requestCancel('t1', order.id));
    // A catches up (a read), so it too has the cancel due; B applies it first or A does: once.
    await a.ex.journal.refresh();
    a.engine.catchUp();
    await expect.poll(async () => (await rows(url)).map(([, t]) => t), { timeout: 10_000 }).toEqual(['place', 'cancel-request', 'cancel']);
    // C's request is due only in a minute there: the holder, having caught up, applies it.
    const other = (await c.write((e) => e.placeOrder('t2', 'btcusd', buy('100', '1')))) as { id: number };
    await c.write((e) => e.requestCancel('t2', other.id));
    await a.ex.journal.refresh();
    a.engine.catchUp();
    await expect.poll(async () => (await rows(url)).map(([, t]) => t), { timeout: 10_000 }).toEqual(['place', 'cancel-request', 'cancel', 'place', 'cancel-request', 'cancel']);
    await a.ex.journal.refresh();
    a.engine.catchUp();
    expect(a.engine.orders('t2', 'btcusd', { state: 'cancel' }).map((o) => o.id)).toEqual([other.id]);
    // Nothing applied twice, however long the other timers run.
    await b.write(() => 0);
    expect((await rows(url)).filter(([, t]) => t === 'cancel')).toHaveLength(2);
  }, 30_000);

  it('fences off a holder paused past its lease: its write is refused in the transaction, never applied, and its engine rebuilt', async () => {
    const url = await server.database();
    const ttl = 300;
    const a = await instance(url, undefined, ttl);
    const b = await instance(url, undefined, ttl);
    expect(a.ex.writer.markets()).toHaveLength(21);
    expect(b.ex.writer.markets()).toEqual([]);
    await a.write((e) => e.placeOrder('t1', 'btcusd', buy('100', '1')));

    // A pauses: no renewals, and its own clock stands still, so it still believes it holds.
    await a.ex.writer.stopRenewing();
    a.clock.paused = Date.now();
    await new Promise((r) => setTimeout(r, ttl + 200));
    await b.ex.writer.poll();
    expect(b.ex.writer.markets()).toHaveLength(21);
    expect(b.lines.at(-1)).toMatch(/holds the writer lease of btcusd \(token 2\), .*rebuilding from the journal/);
    expect(a.ex.writer.held('btcusd')).toBe(true); // A's own view

    // A's write as btcusd's holder (a due cancel's) carries its stale token: refused in the transaction.
    await expect(a.asHolder('btcusd', (e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))).rejects.toThrow(
      "exchange writes for market btcusd go to the instance holding its writer lease; this instance's lease (token 1) was taken over",
    );
    expect(await rows(url)).toEqual([[1, 'place']]); // never applied
    expect(a.engine.orders('t1', 'btcusd').map((o) => o.id)).toEqual([1]); // memory rebuilt from the journal

    // B writes on top, with the next id; a client's write through A still applies, after it.
    const next = (await b.write((e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))) as { id: number };
    expect(next.id).toBe(2);
    const through = (await a.write((e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))) as { id: number };
    expect(through.id).toBe(3);
  }, 30_000);

  it('keeps a batch\'s applied writes when the engine rebuilds between its drains (a takeover during a write): ids as on replay', async () => {
    const url = await server.database();
    const a = await instance(url, undefined);
    let second: Promise<unknown> | undefined;
    // The first write's batch waits a turn for more writes; the takeover's reload and a second write land in that turn.
    const first = a.write((e) => {
      setImmediate(() => {
        a.engine.reload();
        second = a.write((e2) => e2.placeOrder('t2', 'btcusd', buy('100', '1')));
      });
      return e.placeOrder('t1', 'btcusd', buy('100', '1'));
    });
    const ids = [((await first) as { id: number }).id, ((await second) as { id: number }).id];
    expect(ids).toEqual([1, 2]);
    expect(await rows(url)).toEqual([[1, 'place'], [2, 'place']]);
    const fresh = await instance(url, []);
    expect([fresh.engine.orders('t1', 'btcusd').map((o) => o.id), fresh.engine.orders('t2', 'btcusd').map((o) => o.id)]).toEqual([[1], [2]]);
    expect([a.engine.orders('t1', 'btcusd').map((o) => o.id), a.engine.orders('t2', 'btcusd').map((o) => o.id)]).toEqual([[1], [2]]);
  }, 30_000);
});
