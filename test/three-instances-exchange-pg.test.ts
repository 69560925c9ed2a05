// Three server processes on one PostgreSQL database (DATABASE_URL), one lease holder per exchange
// market, every instance applying any order. Under mixed order load sent to all three, the holder
// is SIGKILLed; the others take its markets' leases over within the bounded time (lease 1 s),
// rebuilding from the journal, and no order is refused meanwhile; then the new holder of btcusd is
// killed too and the last one takes over. Every acknowledged order id is read back (no order lost),
// ids are unique (none duplicated), what is read back beyond the acknowledged ids is at most what
// was in flight to a killed instance, and matching conserved volume: crossing orders sent to
// different instances met in one book.
import Big from 'big.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgAvailable, startPostgres, type PostgresServer } from './postgres-server.ts';
import { clients, kill9, nonceSources, startServer, stateDir, type Running } from './state-process.ts';

const LEASE_MS = 1000;
const MARKETS = ['btcusd', 'ethusd'] as const;
type Trader = 't1' | 't2';
interface Acked { id: number; trader: Trader; side: 'buy' | 'sell'; market: string }

describe.skipIf(!pgAvailable())('three instances on one PostgreSQL database: one writer per market', () => {
  let pg: PostgresServer;
  const running: Running[] = [];
  const nonces = nonceSources();
  beforeAll(async () => {
    pg = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(running.map((r) => kill9(r)));
    await pg?.stop();
  });

  const writerOf = async (r: Running): Promise<string[]> => ((await (await fetch(`${r.base}/readyz`)).json()) as { exchange: { writerOf: string[] } }).exchange.writerOf;

  it('keeps every acknowledged order through two SIGKILLs of the holder, with takeovers within the lease time', async () => {
    const dir = stateDir({ exchange: { writerLeaseMs: LEASE_MS } });
    const env = { DATABASE_URL: await pg.database(), CONFIG: dir.config };
    const start = async () => {
      const r = await startServer(env);
      running.push(r);
      return r;
    };
    const a = await start();
    await expect.poll(() => writerOf(a), { timeout: 5000 }).toHaveLength(21);
    const [b, c] = await Promise.all([start(), start()]);
    expect([await writerOf(b), await writerOf(c)]).toEqual([[], []]);

    const alive = new Set([a, b, c]);
    const acked: Acked[] = [];
    const refusals: unknown[] = [];
    let inflightAtKill = 0;
    const inflight = new Map<Running, number>();
    const place = async (r: Running, trader: Trader, side: 'buy' | 'sell', market: string) => {
      inflight.set(r, (inflight.get(r) ?? 0) + 1);
      try {
        const { data, error, response } = await clients(r.base, nonces)[trader].POST('/orders', {
          body: { market: market as 'btcusd', side, ord_type: 'limit', price: '100.00', volume: '0.5' },
        });
        if (data) acked.push({ id: data.id, trader, side, market });
        else refusals.push({ status: response.status, error });
      } catch {
        // the instance died under this request: its outcome is unknown
      } finally {
        inflight.set(r, inflight.get(r)! - 1);
      }
    };
    const round = () =>
      Promise.all(
        [...alive].flatMap((r) => MARKETS.flatMap((m) => [place(r, 't1', 'buy', m), place(r, 't2', 'sell', m)])),
      );
    const kill = async (r: Running) => {
      inflightAtKill += inflight.get(r) ?? 0;
      await kill9(r);
      return Date.now();
    };
    /** Load until a survivor holds `market`'s lease; the ms since the kill. */
    const loadUntilTakeover = async (killedAt: number, market: string) => {
      for (;;) {
        await round();
        const held = await Promise.all([...alive].map((r) => writerOf(r)));
        if (held.some((markets) => markets.includes(market))) return Date.now() - killedAt;
        if (Date.now() - killedAt > 5 * LEASE_MS) throw new Error(`no takeover of ${market} within ${5 * LEASE_MS} ms`);
      }
    };

    for (let i = 0; i < 15; i++) await round();
    const killIn = async (r: Running) => {
      // Mid-load: a round is in flight to the instance when it dies.
      const load = round();
      await new Promise((res) => setTimeout(res, 5));
      alive.delete(r);
      const at = await kill(r);
      await load;
      return at;
    };
    const first = await loadUntilTakeover(await killIn(a), 'btcusd');
    for (let i = 0; i < 10; i++) await round();
    const holders = await Promise.all([b, c].map(async (r) => ({ r, markets: await writerOf(r) })));
    expect(holders.flatMap((h) => h.markets).sort()).toHaveLength(21); // every market has one writer
    const victim = holders.find((h) => h.markets.includes('btcusd'))!.r;
    const survivor = victim === b ? c : b;
    const second = await loadUntilTakeover(await killIn(victim), 'btcusd');
    for (let i = 0; i < 10; i++) await round();
    expect(first).toBeLessThan(3 * LEASE_MS);
    expect(second).toBeLessThan(3 * LEASE_MS);
    expect(await writerOf(survivor)).toHaveLength(21);

    // Any instance applied any order, before, during and after each takeover: nothing refused.
    expect(refusals).toEqual([]);

    // Read back from the survivor: every acknowledged id, unique, as acknowledged.
    const cs = clients(survivor.base, nonces);
    const read = new Map<number, { side: string; state: string; executed: string; market: string }>();
    for (const trader of ['t1', 't2'] as const) {
      for (const market of MARKETS) {
        const { data } = await cs[trader].GET('/orders', { params: { query: { market, limit: 1000 } } });
        for (const o of data ?? []) {
          expect(read.has(o.id)).toBe(false);
          read.set(o.id, { side: o.side, state: o.state, executed: o.executed_volume, market: o.market });
        }
        const { data: done } = await cs[trader].GET('/orders', { params: { query: { market, state: 'done', limit: 1000 } } });
        for (const o of done ?? []) read.set(o.id, { side: o.side, state: o.state, executed: o.executed_volume, market: o.market });
      }
    }
    expect(new Set(acked.map((o) => o.id)).size).toBe(acked.length);
    for (const o of acked) expect(read.get(o.id)).toMatchObject({ side: o.side, market: o.market });
    const extra = [...read.keys()].filter((id) => !acked.some((o) => o.id === id));
    expect(extra.length).toBeLessThanOrEqual(inflightAtKill);
    // Crossing orders from different instances met in one book: bought volume = sold volume.
    for (const market of MARKETS) {
      const sum = (side: string) => [...read.values()].filter((o) => o.market === market && o.side === side).reduce((s, o) => s.plus(o.executed), new Big(0));
      expect(sum('buy').gt(0)).toBe(true);
      expect(sum('buy').toFixed(8)).toBe(sum('sell').toFixed(8));
    }
  }, 120_000);
});
