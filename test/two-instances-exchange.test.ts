// Two server processes on one state file, both applying exchange writes. Crossing orders sent to
// both are all accepted and matched in the one book (each process catches up with the other's
// journal rows inside the file's write lock before applying its own), and the ids acknowledged are
// the ids read back, from either process and after a restart. Killing the lease holder (SIGKILL)
// leaves the other applying writes at once; it takes the lease over once it expires (its rebuilt
// book holds every order).
import { afterAll, describe, expect, it, vi } from 'vitest';
import { clients, kill9, nonceSources, startServer, stateDir, type Running } from './state-process.ts';

const LEASE_MS = 1000;

type Client = ReturnType<typeof clients>['t1'];

describe('two processes on one state file: both apply exchange writes', () => {
  const dir = stateDir({ exchange: { writerLeaseMs: LEASE_MS } });
  const env = { STATE: dir.state, CONFIG: dir.config };
  const nonces = nonceSources();
  const running: Running[] = [];
  afterAll(async () => {
    await Promise.all(running.map((r) => kill9(r)));
  });
  const start = async () => {
    const r = await startServer(env);
    running.push(r);
    return r;
  };

  it('accepts writes on both processes, matches crossing orders in the one book, and keeps ids across a holder\'s death and a restart', async () => {
    const a = await start();
    const b = await start();
    const ca = clients(a.base, nonces);
    const cb = clients(b.base, nonces);
    const acked: { id: number; side: 'buy' | 'sell'; trader: 't1' | 't2' }[] = [];
    const refused: unknown[] = [];
    const place = async (c: ReturnType<typeof clients>, trader: 't1' | 't2', side: 'buy' | 'sell') => {
      const { data, error, response } = await c[trader].POST('/orders', { body: { market: 'btcusd', side, ord_type: 'limit', price: '100.00', volume: '0.5' } });
      if (data) acked.push({ id: data.id, side, trader });
      else refused.push({ status: response.status, error });
    };
    // Each round: trader 1 bids and trader 2 asks at 100.00, on both processes at once.
    for (let round = 0; round < 10; round++) {
      await Promise.all([place(ca, 't1', 'buy'), place(cb, 't2', 'sell'), place(cb, 't1', 'buy'), place(ca, 't2', 'sell')]);
    }
    expect(refused).toEqual([]);
    expect(acked.map((o) => o.id).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1)); // one sequence of ids
    await vi.waitFor(() => expect(a.output()).toMatch(/holds the writer lease of .* \(token 1; 0 journal commands\)/), { timeout: 2000 });
    expect(b.output()).not.toMatch(/holds the writer lease/);

    // Equal bids and asks at one price, on either process: every one matched, nothing rests, seen from both.
    const readAll = async (c: ReturnType<typeof clients>) => {
      const states = new Map<number, string>();
      for (const o of acked) {
        const { data } = await (c[o.trader] as Client).GET('/order', { params: { query: { id: o.id } } });
        states.set(o.id, `${data?.side}:${data?.state}:${data?.executed_volume}`);
      }
      return states;
    };
    const want = new Map(acked.map((o) => [o.id, `${o.side}:done:0.50000000`]));
    expect(await readAll(ca)).toEqual(want);
    expect(await readAll(cb)).toEqual(want); // each reads the rows the other appends
    const book = await cb.t1.GET('/order_book', { params: { query: { market: 'btcusd' } } });
    expect(book.data).toMatchObject({ bids: [], asks: [] });

    // The holder dies: B goes on applying writes at once, and takes the lease over once it expires.
    await kill9(a);
    const killedAt = Date.now();
    const next = await cb.t1.POST('/orders', { body: { market: 'btcusd', side: 'buy', ord_type: 'limit', price: '99.00', volume: '0.5' } });
    expect(next.data).toMatchObject({ id: 41, state: 'wait' }); // ids continue after both processes'
    acked.push({ id: 41, side: 'buy', trader: 't1' });
    await vi.waitFor(() => expect(b.output()).toMatch(/holds the writer lease of .* \(token 2; \d+ journal commands\)/), { timeout: 5 * LEASE_MS, interval: 20 });
    expect(Date.now() - killedAt).toBeLessThan(3 * LEASE_MS);
    const cross = await cb.t2.POST('/orders', { body: { market: 'btcusd', side: 'sell', ord_type: 'limit', price: '99.00', volume: '0.5' } });
    expect(cross.data).toMatchObject({ id: 42, state: 'done' });
    acked.push({ id: 42, side: 'sell', trader: 't2' });

    // After a restart on the file, the ids acknowledged are the ids read.
    await kill9(b);
    const c = await start();
    const cc = clients(c.base, nonces);
    expect(await readAll(cc)).toEqual(new Map(acked.map((o) => [o.id, `${o.side}:done:0.50000000`])));
    const all = await cc.t1.GET('/orders', { params: { query: { market: 'btcusd', state: 'done', limit: 1000 } } });
    expect(all.data?.map((o) => o.id).sort((x, y) => x - y)).toEqual(acked.filter((o) => o.trader === 't1').map((o) => o.id).sort((x, y) => x - y));
  }, 60_000);
});
