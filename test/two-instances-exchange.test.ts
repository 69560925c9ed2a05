// Two server processes on one state file, one exchange writer. Crossing orders
// sent to both: the process without the writer lease refuses them (503 3001, one log line), every
// acknowledged order is in the one book and crossing ones matched, and the ids acknowledged are
// the ids read back, from the other process and after a restart. Killing the holder (SIGKILL) lets
// the other take over once the lease expires, with the holder's orders in its rebuilt book.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { clients, kill9, nonceSources, startServer, stateDir, type Running } from './state-process.ts';

const LEASE_MS = 1000;

type Client = ReturnType<typeof clients>['t1'];

describe('two processes on one state file: one exchange writer', () => {
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

  it('refuses writes on the second process, matches crossing orders in the one book, and keeps ids across a takeover and a restart', async () => {
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
    expect(acked).toHaveLength(20); // all of A's
    expect(refused).toHaveLength(20);
    for (const r of refused) {
      expect(r).toEqual({ status: 503, error: { error: { code: 3001, message: expect.stringContaining('writer lease') } } });
    }
    // The request log is buffered (written every 10 ms): wait for the lines, then count them.
    await vi.waitFor(() => expect(b.output()).toMatch(/does not hold the writer lease/), { timeout: 2000 });
    expect(b.output().match(/does not hold the writer lease/g)).toHaveLength(1);
    await vi.waitFor(() => expect(a.output()).toMatch(/holds the writer lease of .* \(token 1; 0 journal commands\)/), { timeout: 2000 });

    // Equal bids and asks at one price, all on A: every one matched, nothing rests, on both processes.
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
    expect(await readAll(cb)).toEqual(want); // B reads the journal A appends
    const book = await cb.t1.GET('/order_book', { params: { query: { market: 'btcusd' } } });
    expect(book.data).toMatchObject({ bids: [], asks: [] });

    // The holder dies: B takes over once the lease expires, its book rebuilt from the journal.
    await kill9(a);
    const killedAt = Date.now();
    let takeoverMs = -1;
    while (Date.now() - killedAt < 5 * LEASE_MS) {
      const { data } = await cb.t1.POST('/orders', { body: { market: 'btcusd', side: 'buy', ord_type: 'limit', price: '99.00', volume: '0.5' } });
      if (data) {
        takeoverMs = Date.now() - killedAt;
        acked.push({ id: data.id, side: 'buy', trader: 't1' });
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(takeoverMs).toBeGreaterThan(0);
    expect(takeoverMs).toBeLessThan(3 * LEASE_MS);
    expect(acked.at(-1)!.id).toBe(21); // ids continue after A's
    await vi.waitFor(() => expect(b.output()).toMatch(/holds the writer lease of .* \(token 2; 20 journal commands\)/), { timeout: 2000 });
    const cross = await cb.t2.POST('/orders', { body: { market: 'btcusd', side: 'sell', ord_type: 'limit', price: '99.00', volume: '0.5' } });
    expect(cross.data).toMatchObject({ id: 22, state: 'done' });
    acked.push({ id: 22, side: 'sell', trader: 't2' });

    // After a restart on the file, the ids acknowledged are the ids read.
    await kill9(b);
    const c = await start();
    const cc = clients(c.base, nonces);
    expect(await readAll(cc)).toEqual(new Map(acked.map((o) => [o.id, `${o.side}:done:0.50000000`])));
    const all = await cc.t1.GET('/orders', { params: { query: { market: 'btcusd', state: 'done', limit: 1000 } } });
    expect(all.data?.map((o) => o.id).sort((x, y) => x - y)).toEqual(acked.filter((o) => o.trader === 't1').map((o) => o.id).sort((x, y) => x - y));
  }, 60_000);
});
