// Figure 1, the validation tax: the reference server with VALIDATE=none, all and requests, and the
// bare node:http floor, each on the three benchmarked requests. Runs alternate (none, all,
// requests, bare, then again) so a change in the machine's load hits every variant alike; a
// variant's ratio is taken to `none` within each round, and the median over rounds reported.
// Beside requests per second, the server's own CPU time per request (from /proc): the ratio of
// those is what the throughput ratio would be with a core to itself, and other processes on a
// shared machine barely move it. Figure 10 (bench/express.ts) runs the same loop, `measureSideBySide`.
import { ENDPOINT_LABEL, clean, requestsFor, runLoad, type Endpoint, type LoadResult, type RoundPlan } from './load.ts';
import { LOAD_KEYS } from './fixtures.ts';
import { cpuMs } from './children.ts';
import { median } from './stats.ts';

export const VARIANTS = ['none', 'all', 'requests', 'bare'] as const;
export type Variant = (typeof VARIANTS)[number];
export const ENDPOINTS: readonly Endpoint[] = ['ticker', 'balances', 'payment'];

export interface ValidationOptions extends RoundPlan {
  servers: Record<Variant, { url: string; pid: number }>;
  connections: number;
}

/** Servers measured side by side on some endpoints; ratios are taken to `base` within each round. */
export interface SideBySideOptions<V extends string> extends RoundPlan {
  servers: Record<V, { url: string; pid: number }>;
  variants: readonly V[];
  base: V;
  endpoints: readonly Endpoint[];
  connections: number;
}

export interface VariantFigure {
  /** 2xx per second, one per round. */
  rps: number[];
  medianRps: number;
  /** rps / rps of `none` in the same round, one per round. */
  ratios: number[];
  medianRatio: number;
  /** Server CPU µs per request, one per round. */
  cpuUs: number[];
  medianCpuUs: number;
  /** CPU per request of `none` / of this variant in the same round, one per round. */
  cpuRatios: number[];
  medianCpuRatio: number;
  p50Ms: number;
  p99Ms: number;
  /** Runs that had a non-2xx answer or a connection error, with their status counts. */
  unclean: { round: number; statusCodes: Record<string, number>; errors: number }[];
}

export type ValidationFigure = Record<Endpoint, Record<Variant, VariantFigure>>;

type Run = LoadResult & { cpuUs: number };

export const measureValidation = (o: ValidationOptions): Promise<ValidationFigure> =>
  measureSideBySide({ ...o, variants: VARIANTS, base: 'none', endpoints: ENDPOINTS }) as Promise<ValidationFigure>;

export async function measureSideBySide<V extends string>(o: SideBySideOptions<V>): Promise<Partial<Record<Endpoint, Record<V, VariantFigure>>>> {
  const { variants: VARIANTS, endpoints: ENDPOINTS } = o;
  const run = async (variant: V, endpoint: Endpoint, duration: number): Promise<Run> => {
    const { url, pid } = o.servers[variant];
    const before = cpuMs(pid);
    const result = await runLoad({ url, requests: requestsFor(endpoint, LOAD_KEYS, o.nonces), connections: o.connections, duration });
    return { ...result, cpuUs: ((cpuMs(pid) - before) * 1000) / (result.ok + result.non2xx) };
  };

  o.progress(`warm-up: ${o.warmupSeconds} s per server and request`);
  for (const endpoint of ENDPOINTS) for (const variant of VARIANTS) await run(variant, endpoint, o.warmupSeconds);

  const runs: Record<string, Run[]> = {};
  for (let round = 1; round <= o.rounds; round++) {
    for (const endpoint of ENDPOINTS) {
      const line: string[] = [];
      for (const variant of VARIANTS) {
        const result = await run(variant, endpoint, o.seconds);
        (runs[`${endpoint} ${variant}`] ??= []).push(result);
        line.push(`${variant} ${Math.round(result.rps)} (${Math.round(result.cpuUs)} µs)${clean(result) ? '' : ' (UNCLEAN)'}`);
      }
      o.progress(`round ${round}/${o.rounds} ${ENDPOINT_LABEL[endpoint]}: ${line.join(', ')} req/s (server CPU/request)`);
    }
  }

  const figure: Partial<Record<Endpoint, Record<V, VariantFigure>>> = {};
  for (const endpoint of ENDPOINTS) {
    const base = runs[`${endpoint} ${o.base}`] as Run[];
    const byVariant = {} as Record<V, VariantFigure>;
    figure[endpoint] = byVariant;
    for (const variant of VARIANTS) {
      const results = runs[`${endpoint} ${variant}`] as Run[];
      const ratios = results.map((r, i) => r.rps / (base[i] as Run).rps);
      const cpuRatios = results.map((r, i) => (base[i] as Run).cpuUs / r.cpuUs);
      byVariant[variant] = {
        rps: results.map((r) => Math.round(r.rps)),
        medianRps: median(results.map((r) => r.rps)),
        ratios: ratios.map((r) => Math.round(r * 1000) / 1000),
        medianRatio: median(ratios),
        cpuUs: results.map((r) => Math.round(r.cpuUs)),
        medianCpuUs: median(results.map((r) => r.cpuUs)),
        cpuRatios: cpuRatios.map((r) => Math.round(r * 1000) / 1000),
        medianCpuRatio: median(cpuRatios),
        p50Ms: median(results.map((r) => r.latencyP50Ms)),
        p99Ms: median(results.map((r) => r.latencyP99Ms)),
        unclean: results.flatMap((r, i) => (clean(r) ? [] : [{ round: i + 1, statusCodes: r.statusCodes, errors: r.errors }])),
      };
    }
  }
  return figure;
}
