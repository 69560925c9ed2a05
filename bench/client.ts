// Figure 2, client overhead: the typed exchange client (createExchangeClient with the default
// fetch: openapi-fetch's Request, the transport's X1 URL signing, nonce source, response tagging) against hand-written fetch doing the same
// X1 signing with the same contract function, both calling signed GET /api/v1/balances on the
// same server with the same number of in-flight loops. Runs alternate, typed then fetch, per
// round; the ratio typed/fetch is taken per round and the median reported.
import { createExchangeClient } from '../client/exchange.ts';
import { CLIENT_KEYS, type BenchKey } from './fixtures.ts';
import { signedBalancesPath, type RoundPlan } from './load.ts';
import { median } from './stats.ts';

export interface ClientOptions extends RoundPlan {
  url: string;
  /** In-flight loops (one access key each). */
  loops: number;
}

export interface ClientFigure {
  typedRps: number[];
  fetchRps: number[];
  ratios: number[];
  /** CPU µs of the calling process per call, one per round. */
  typedCpuUs: number[];
  fetchCpuUs: number[];
  /** CPU per call of fetch / of the typed client in the same round: the throughput ratio of a client-bound process. */
  cpuRatios: number[];
  medianCpuRatio: number;
  medianTypedRps: number;
  medianFetchRps: number;
  medianRatio: number;
  failures: number;
}

type Call = () => Promise<boolean>;

interface Drive {
  rps: number;
  failures: number;
  /** CPU time (user + sys) of this process per call, in µs: steadier than req/s on a shared machine. */
  cpuUsPerCall: number;
}

/** `loops` concurrent loops calling `calls[i]` until `seconds` have passed; successful calls per second. */
async function drive(calls: readonly Call[], seconds: number): Promise<Drive> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const end = start + seconds * 1000;
  let ok = 0;
  let failures = 0;
  await Promise.all(
    calls.map(async (call) => {
      while (performance.now() < end) {
        if (await call()) ok += 1;
        else failures += 1;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { rps: ok / ((performance.now() - start) / 1000), failures, cpuUsPerCall: (used.user + used.system) / (ok + failures) };
}

export async function measureClient(o: ClientOptions): Promise<ClientFigure> {
  // Separate keys for the two sides: a typed client's nonce source and the hand-written counter
  // could otherwise hand out the same nonce for one key, which the server rightly refuses (2006).
  if (CLIENT_KEYS.length < 2 * o.loops) throw new Error(`client figure: ${o.loops} loops need ${2 * o.loops} client keys`);
  const typedKeys = CLIENT_KEYS.slice(0, o.loops);
  const fetchKeys = CLIENT_KEYS.slice(o.loops, 2 * o.loops);

  const typed: Call[] = typedKeys.map((k) => {
    const client = createExchangeClient({ baseUrl: o.url, accessKey: k.accessKey, secretKey: k.secret });
    return async () => {
      const { data } = await client.GET('/balances');
      return data !== undefined;
    };
  });
  const handWritten: Call[] = fetchKeys.map((k: BenchKey) => async () => {
    const response = await fetch(`${o.url}${signedBalancesPath(k, o.nonces)}`);
    const body: unknown = await response.json();
    return response.ok && body !== undefined;
  });

  o.progress(`warm-up: ${o.warmupSeconds} s each`);
  await drive(typed, o.warmupSeconds);
  await drive(handWritten, o.warmupSeconds);

  const typedRps: number[] = [];
  const fetchRps: number[] = [];
  const typedCpuUs: number[] = [];
  const fetchCpuUs: number[] = [];
  let failures = 0;
  for (let round = 1; round <= o.rounds; round++) {
    const t = await drive(typed, o.seconds);
    const f = await drive(handWritten, o.seconds);
    typedRps.push(Math.round(t.rps));
    fetchRps.push(Math.round(f.rps));
    typedCpuUs.push(Math.round(t.cpuUsPerCall));
    fetchCpuUs.push(Math.round(f.cpuUsPerCall));
    failures += t.failures + f.failures;
    o.progress(`round ${round}/${o.rounds}: typed client ${Math.round(t.rps)} req/s (${Math.round(t.cpuUsPerCall)} µs CPU/call), fetch ${Math.round(f.rps)} req/s (${Math.round(f.cpuUsPerCall)} µs)${t.failures + f.failures ? ` (${t.failures + f.failures} failed)` : ''}`);
  }
  const ratios = typedRps.map((t, i) => t / (fetchRps[i] as number));
  const cpuRatios = fetchCpuUs.map((f, i) => f / (typedCpuUs[i] as number));
  return {
    typedRps,
    fetchRps,
    ratios: ratios.map((r) => Math.round(r * 1000) / 1000),
    typedCpuUs,
    fetchCpuUs,
    cpuRatios: cpuRatios.map((r) => Math.round(r * 1000) / 1000),
    medianCpuRatio: median(cpuRatios),
    medianTypedRps: median(typedRps),
    medianFetchRps: median(fetchRps),
    medianRatio: median(ratios),
    failures,
  };
}
