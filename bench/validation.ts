// Figure 1, the validation tax: the reference server with VALIDATE=none, all and requests, and the
// bare node:http floor, each on the three benchmarked requests. Runs alternate (none, all,
// requests, bare, then again) so a change in the machine's load hits every variant alike; a
// variant's ratio is taken to `none` within each round, and the median over rounds reported.
import { ENDPOINT_LABEL, clean, requestsFor, runLoad, type Endpoint, type LoadResult, type NonceCounter } from './load.ts';
import { LOAD_KEYS } from './fixtures.ts';
import { median } from './stats.ts';

export const VARIANTS = ['none', 'all', 'requests', 'bare'] as const;
export type Variant = (typeof VARIANTS)[number];
export const ENDPOINTS: readonly Endpoint[] = ['ticker', 'balances', 'payment'];

export interface ValidationOptions {
  urls: Record<Variant, string>;
  nonces: NonceCounter;
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  progress: (line: string) => void;
}

export interface VariantFigure {
  /** 2xx per second, one per round. */
  rps: number[];
  medianRps: number;
  /** rps / rps of `none` in the same round, one per round. */
  ratios: number[];
  medianRatio: number;
  p50Ms: number;
  p99Ms: number;
  /** Runs that had a non-2xx answer or a connection error, with their status counts. */
  unclean: { round: number; statusCodes: Record<string, number>; errors: number }[];
}

export type ValidationFigure = Record<Endpoint, Record<Variant, VariantFigure>>;

export async function measureValidation(o: ValidationOptions): Promise<ValidationFigure> {
  const run = (variant: Variant, endpoint: Endpoint, duration: number) =>
    runLoad({ url: o.urls[variant], requests: requestsFor(endpoint, LOAD_KEYS, o.nonces), connections: o.connections, duration });

  o.progress(`warm-up: ${o.warmupSeconds} s per server and request`);
  for (const endpoint of ENDPOINTS) for (const variant of VARIANTS) await run(variant, endpoint, o.warmupSeconds);

  const runs: Record<string, LoadResult[]> = {};
  for (let round = 1; round <= o.rounds; round++) {
    for (const endpoint of ENDPOINTS) {
      const line: string[] = [];
      for (const variant of VARIANTS) {
        const result = await run(variant, endpoint, o.seconds);
        (runs[`${endpoint} ${variant}`] ??= []).push(result);
        line.push(`${variant} ${Math.round(result.rps)}${clean(result) ? '' : ' (UNCLEAN)'}`);
      }
      o.progress(`round ${round}/${o.rounds} ${ENDPOINT_LABEL[endpoint]}: ${line.join(', ')} req/s`);
    }
  }

  const figure = {} as ValidationFigure;
  for (const endpoint of ENDPOINTS) {
    const base = runs[`${endpoint} none`] as LoadResult[];
    figure[endpoint] = {} as Record<Variant, VariantFigure>;
    for (const variant of VARIANTS) {
      const results = runs[`${endpoint} ${variant}`] as LoadResult[];
      const ratios = results.map((r, i) => r.rps / (base[i] as LoadResult).rps);
      figure[endpoint][variant] = {
        rps: results.map((r) => Math.round(r.rps)),
        medianRps: median(results.map((r) => r.rps)),
        ratios: ratios.map((r) => Math.round(r * 1000) / 1000),
        medianRatio: median(ratios),
        p50Ms: median(results.map((r) => r.latencyP50Ms)),
        p99Ms: median(results.map((r) => r.latencyP99Ms)),
        unclean: results.flatMap((r, i) => (clean(r) ? [] : [{ round: i + 1, statusCodes: r.statusCodes, errors: r.errors }])),
      };
    }
  }
  return figure;
}
