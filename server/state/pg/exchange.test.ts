// Writers per market on a real PostgreSQL (test/postgres-server.ts), two instances in one process:
// each market has one holder; the other refuses its writes (503 3001 naming the market, one log
// line); balances shared by markets hold across instances (a command is applied on top of every
// earlier one); a holder paused past its lease, whose own clock still says it holds, is fenced off
// in the transaction (nothing stored, its engine rebuilt); a takeover takes the next token.
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
    write: (market: MarketId, fn: (e: ExchangeEngine) => unknown) => Promise<unknown>;
  }
  const instance = async (url: string, compete: MarketId[] | undefined, ttlMs = 60_000): Promise<Instance> => {
    const state = await PgState.open(url);
    const lines: string[] = [];
    const clock: { paused: number | undefined } = { paused: undefined };
    const ex = await openPgExchange(state.pool, { ttlMs, markets: MARKET_IDS, ...(compete ? { compete } : {}), log: (l) => lines.push(l), now: () => clock.paused ?? Date.now() });
    closers.push(() => state.close(), () => ex.close());
    let engine: ExchangeEngine | undefined;
    engine = createEngine({ seed, journal: ex.journal, cancelDelayMs: 10_000, cancelGate: gatedCancels(ex.journal, ex.writer, () => engine!) });
    const write = (market: MarketId, fn: (e: ExchangeEngine) => unknown) =>
      ex.journal.exclusive((writes) => {
        engine!.catchUp();
        writes(market);
        return fn(engine!);
      });
    return { ex, engine, lines, clock, write };
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
    const first = (await a.write('btcusd', (e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))) as { id: number };
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
    const second = (await a.write('btcusd', (e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))) as { id: number };
    expect(second.id).toBe(first.id + 1);
    expect((await rows(url)).map(([seq]) => seq)).toEqual([1, 2]);
  }, 30_000);

  it('gives each market one writer; the other refuses naming the market; shared balances hold across instances', async () => {
    const url = await server.database();
    const a = await instance(url, ['btcusd']);
    const b = await instance(url, undefined);
    expect(a.ex.writer.markets()).toEqual(['btcusd']);
    expect(b.ex.writer.markets()).toHaveLength(20);
    expect(b.ex.writer.markets()).not.toContain('btcusd');

    // B refuses btcusd, three times, one log line.
    for (let i = 0; i < 3; i++) {
      await expect(b.write('btcusd', (e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))).rejects.toThrow(
        /exchange writes for market btcusd go to the instance holding its writer lease; instance .* holds it until/,
      );
    }
    await expect(b.write('btcusd', () => 0)).rejects.toBeInstanceOf(LeaseNotHeldError);
    expect(b.lines.filter((l) => l.includes('does not hold the writer lease of market btcusd'))).toHaveLength(1);

    // t1 has 1000 usd for both markets: 600 on btcusd through A (1.50 fee locked), then 600 on ethusd through B is
    // refused (B applied A's order first), 390 is accepted; at once, from both sides, every round.
    const first = (await a.write('btcusd', (e) => e.placeOrder('t1', 'btcusd', buy('600', '1')))) as { id: number };
    expect(first.id).toBe(1);
    await expect(b.write('ethusd', (e) => e.placeOrder('t1', 'ethusd', buy('600', '1')))).rejects.toBeInstanceOf(EngineError);
    const second = (await b.write('ethusd', (e) => e.placeOrder('t1', 'ethusd', buy('390', '1')))) as { id: number };
    expect(second.id).toBe(2); // ids continue across instances: one sequence
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled([
        a.write('btcusd', (e) => e.placeOrder('t2', 'btcusd', buy('700', '1'))),
        b.write('ethusd', (e) => e.placeOrder('t2', 'ethusd', buy('700', '1'))),
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
    await expect(a.write('btcusd', async (e) => e.placeOrder('t1', 'btcusd', buy('100000', '1')))).rejects.toBeInstanceOf(EngineError);
    expect((await rows(url)).map(([seq]) => seq)).toEqual([1, 2, 3]);
  }, 30_000);

  it('fences off a holder paused past its lease: its write is refused in the transaction, never applied, and its engine rebuilt', async () => {
    const url = await server.database();
    const ttl = 300;
    const a = await instance(url, undefined, ttl);
    const b = await instance(url, undefined, ttl);
    expect(a.ex.writer.markets()).toHaveLength(21);
    expect(b.ex.writer.markets()).toEqual([]);
    await a.write('btcusd', (e) => e.placeOrder('t1', 'btcusd', buy('100', '1')));

    // A pauses: no renewals, and its own clock stands still, so it still believes it holds.
    await a.ex.writer.stopRenewing();
    a.clock.paused = Date.now();
    await new Promise((r) => setTimeout(r, ttl + 200));
    await b.ex.writer.poll();
    expect(b.ex.writer.markets()).toHaveLength(21);
    expect(b.lines.at(-1)).toMatch(/holds the writer lease of btcusd \(token 2\), .*rebuilding from the journal/);
    expect(a.ex.writer.held('btcusd')).toBe(true); // A's own view

    await expect(a.write('btcusd', (e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))).rejects.toThrow(
      "exchange writes for market btcusd go to the instance holding its writer lease; this instance's lease (token 1) was taken over",
    );
    expect(await rows(url)).toEqual([[1, 'place']]); // never applied
    expect(a.engine.orders('t1', 'btcusd').map((o) => o.id)).toEqual([1]); // memory rebuilt from the journal

    // B writes on top, with the next id.
    const next = (await b.write('btcusd', (e) => e.placeOrder('t1', 'btcusd', buy('100', '1')))) as { id: number };
    expect(next.id).toBe(2);
  }, 30_000);

  it('keeps a batch\'s applied writes when the engine rebuilds between its drains (a takeover during a write): ids as on replay', async () => {
    const url = await server.database();
    const a = await instance(url, undefined);
    let second: Promise<unknown> | undefined;
    // The first write's batch waits a turn for more writes; the takeover's reload and a second write land in that turn.
    const first = a.write('btcusd', (e) => {
      setImmediate(() => {
        a.engine.reload();
        second = a.write('btcusd', (e2) => e2.placeOrder('t2', 'btcusd', buy('100', '1')));
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
