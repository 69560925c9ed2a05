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
import { cancelsApplied, holderKilledMidLoad, mixedLoad, paidTransactions, readBack, writerOf } from './round-robin-load.ts';
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
    await holderKilledMidLoad({ c, proxy, holder, survivors: [survivor], tag: 'KILL', writes: WRITES, concurrency: CONCURRENCY, leaseMs: LEASE_MS, label: 'two processes on one state file' });
  }, 240_000);
});
