// Two `npm start` processes on one state file (one host) behind a round-robin balancer
// (test/round-robin-proxy.ts), which cannot know which process holds the file's exchange writer
// lease: mixed valid writes (orders crossing and resting, cancels of the resting ones, payments,
// refunds of paid transactions) are all answered 2xx, and each is read back exactly once. Then, on
// a fresh file, the lease holder is SIGKILLed once half the writes are acknowledged: the only failed
// answers are the requests it had in flight, writes go on at once on the survivor, which takes the
// lease over within the lease bound, the cancels the dead one accepted are still applied, and every
// acknowledged write is read back exactly once (at most its in-flight requests more). The load's
// time is printed.
import { afterAll, describe, expect, it } from 'vitest';
import { roundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';
import { cancelsApplied, mixedLoad, paidTransactions, readBack, unacknowledged, writerOf } from './round-robin-load.ts';
import { clients, kill9, nonceSources, startServer, stateDir, type Running } from './state-process.ts';

// Two seconds: the bounds below (3x) keep a margin of about 3 s over the takeover (4/3 of it) when both cores are busy.
const LEASE_MS = 2000;
const WRITES = 1000;
const CONCURRENCY = 16;

describe('any process on one state file takes any write behind a round-robin balancer', () => {
  const running: Running[] = [];
  const proxies: RoundRobinProxy[] = [];
  const nonces = nonceSources();
  afterAll(async () => {
    await Promise.all(proxies.map((p) => p.close()));
    await Promise.all(running.map((r) => kill9(r)));
  });

  /** Two processes on a fresh state file: the first started alone, so it takes the lease. */
  const pair = async () => {
    const dir = stateDir({ exchange: { writerLeaseMs: LEASE_MS }, merchant: { sandbox: { foundAfterMs: 100, confirmedAfterMs: 300 } }, rateLimit: { enabled: false } });
    const env = { STATE: dir.state, CONFIG: dir.config };
    const first = await startServer(env);
    running.push(first);
    const second = await startServer(env);
    running.push(second);
    const proxy = await roundRobinProxy([first.base, second.base]);
    proxies.push(proxy);
    return { instances: [first, second] as const, proxy, c: clients(proxy.base, nonces) };
  };

  it('two processes: 1,000 mixed writes, every one 2xx, each read back exactly once', async () => {
    const { instances, proxy, c } = await pair();
    expect(await writerOf(instances[0])).toHaveLength(21);
    expect(await writerOf(instances[1])).toEqual([]); // holds no lease, takes writes all the same
    const paid = await paidTransactions(c, 'SQLITE', 20);
    const { acked, failures, attempted, ms } = await mixedLoad(c, 'SQLITE', paid, { writes: WRITES, concurrency: CONCURRENCY });
    console.log(`[round-robin] two processes on one state file: ${attempted} writes in ${ms} ms (${proxy.served.get(instances[0].base)} / ${proxy.served.get(instances[1].base)} requests per process)`);
    expect(failures).toEqual([]);
    expect(attempted).toBe(WRITES);
    expect(acked).toHaveLength(WRITES);
    // Both processes answered writes (the balancer alternates).
    expect(proxy.served.get(instances[1].base)).toBeGreaterThan(WRITES / 4);
    const { found } = await readBack(c, paid);
    expect(acked.filter((a) => found(a) !== 1)).toEqual([]);
    // Every cancel acknowledged is applied, wherever it was requested.
    await expect.poll(() => cancelsApplied(c, acked), { timeout: 20_000, interval: 200 }).toBe(0);
  }, 240_000);

  it('the lease holder SIGKILLed mid-load: only its in-flight requests fail, writes go on at once, the lease moves within the bound, every acknowledged write read back once', async () => {
    const { instances, proxy, c } = await pair();
    const [holder, survivor] = instances;
    expect(await writerOf(holder)).toHaveLength(21);
    const paid = await paidTransactions(c, 'KILL', 20);
    let killedAt = 0;
    let inflightAtKill = 0;
    let kill: Promise<void> | undefined;
    let takeover: Promise<number> | undefined;
    /** Polls the survivor (not through the balancer) until it holds the lease; the ms since the kill. */
    const watchTakeover = async (): Promise<number> => {
      for (;;) {
        if ((await writerOf(survivor)).length === 21) return Date.now() - killedAt;
        if (Date.now() - killedAt > 10 * LEASE_MS) return Infinity;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const { acked, failures, attempted, ms } = await mixedLoad(c, 'KILL', paid, {
      writes: WRITES,
      concurrency: CONCURRENCY,
      onAcked: (count) => {
        if (count !== WRITES / 2) return;
        inflightAtKill = proxy.inflight(holder.base);
        const servedAtKill = proxy.served.get(holder.base)!;
        killedAt = Date.now();
        // Until the process is gone its port may still accept a connection (then reset): those count as in flight too.
        kill = kill9(holder).then(() => void (inflightAtKill += proxy.served.get(holder.base)! - servedAtKill));
        takeover = kill.then(watchTakeover);
      },
    });
    await kill;
    // Writes resumed at once: the first order sent after the kill, and its answer.
    const after = acked.filter((a) => a.kind === 'order' && a.sentAt > killedAt).sort((x, y) => x.ackedAt - y.ackedAt)[0];
    const firstAckAfterKill = after ? after.ackedAt - killedAt : Infinity;
    const tookOver = await takeover!;
    console.log(
      `[round-robin] two processes on one state file, lease holder killed after ${WRITES / 2} acknowledged: ${attempted} writes in ${ms} ms; ${failures.length} failed [${failures.map((f) => `${f.kind} ${f.status}`).join(', ')}] (${inflightAtKill} in flight to it until it was gone); first order sent after the kill acknowledged ${firstAckAfterKill} ms after it; lease taken over within ${tookOver} ms`,
    );
    expect(tookOver).toBeLessThan(3 * LEASE_MS);
    expect(proxy.removed()).toEqual([holder.base]);
    // Only the requests the dead process had: 502 from the balancer or a cut answer, nothing refused.
    expect(failures.length).toBeLessThanOrEqual(inflightAtKill);
    for (const f of failures) expect([0, 502]).toContain(f.status);
    expect(attempted).toBeGreaterThanOrEqual(WRITES - inflightAtKill); // a failed order's cancel is not sent
    expect(acked.length).toBe(attempted - failures.length);
    expect(firstAckAfterKill).toBeLessThan(3 * LEASE_MS);
    // Read back: each acknowledged write exactly once; beyond them, at most what was in flight.
    const read = await readBack(c, paid);
    expect(acked.filter((a) => read.found(a) !== 1)).toEqual([]);
    for (const [, o] of read.orders) expect(o.n).toBe(1);
    expect(unacknowledged(read, acked, 'KILL')).toBeLessThanOrEqual(inflightAtKill);
    // The cancels the dead process accepted are applied too (by itself, or by the new holder).
    await expect.poll(() => cancelsApplied(c, acked), { timeout: 20_000, interval: 200 }).toBe(0);
  }, 240_000);
});
