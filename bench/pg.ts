// Figure 11: the state in PostgreSQL (DATABASE_URL) against the state file (SQLite), side by side,
// as `npm start` runs: POST /merchant/v2/payments through one instance, and through two instances
// on one database (one file for SQLite) with the connections split between them. Variants alternate
// in each round (a different one goes first every round). Throughput is 2xx per second over all
// instances; CPU per request counts the node processes and, for PostgreSQL, its server processes
// (the postmaster's children), since that work moved out of the node process.
import { readdirSync, readFileSync } from 'node:fs';
import { cpuMs, type ServerChild } from './children.ts';
import { clean, paymentBody, paymentHeaders, runLoad, type LoadResult, type RoundPlan } from './load.ts';
import { median } from './stats.ts';

export const PG_VARIANTS = ['sqlite1', 'pg1', 'sqlite2', 'pg2'] as const;
export type PgVariant = (typeof PG_VARIANTS)[number];
export const PG_LABEL: Record<PgVariant, string> = {
  sqlite1: 'SQLite, 1 instance', pg1: 'PostgreSQL, 1 instance', sqlite2: 'SQLite, 2 instances (one file)', pg2: 'PostgreSQL, 2 instances (one database)',
};

export interface PgVariantFigure {
  rps: number[];
  medianRps: number;
  /** CPU µs per request, median over rounds (node processes plus PostgreSQL's). */
  cpuUs: number;
  p99Ms: number;
  unclean: { round: number; statusCodes: Record<string, number>; errors: number }[];
}
export type PgFigure = Record<PgVariant, PgVariantFigure> & { pg1OverSqlite1: number; pg2OverSqlite2: number };

export interface PgBenchOptions extends RoundPlan {
  servers: Record<PgVariant, ServerChild[]>;
  /** The PostgreSQL postmaster's pid (its backends' CPU counts for the pg variants). */
  postmaster: number;
  connections: number;
}

/** CPU ms of `pid`'s children (PostgreSQL backends, checkpointer, WAL writer...). */
function childrenCpuMs(pid: number): number {
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) total += cpuMs(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

export async function measurePg(o: PgBenchOptions): Promise<PgFigure> {
  type Run = LoadResult & { cpuUs: number };
  const run = async (variant: PgVariant, duration: number): Promise<Run> => {
    const servers = o.servers[variant];
    const withPg = variant.startsWith('pg');
    const cpu = () => servers.reduce((t, s) => t + cpuMs(s.pid), 0) + (withPg ? childrenCpuMs(o.postmaster) : 0);
    const before = cpu();
    const results = await Promise.all(
      servers.map((s) =>
        runLoad({
          url: s.url,
          requests: [{ method: 'POST', path: '/merchant/v2/payments', headers: paymentHeaders, setupRequest: (request) => ({ ...request, body: paymentBody() }) }],
          connections: Math.max(1, Math.round(o.connections / servers.length)),
          duration,
        }),
      ),
    );
    const sum = (k: 'rps' | 'ok' | 'non2xx' | 'errors') => results.reduce((t, r) => t + r[k], 0);
    const statusCodes: Record<string, number> = {};
    for (const r of results) for (const [c, n] of Object.entries(r.statusCodes)) statusCodes[c] = (statusCodes[c] ?? 0) + n;
    const merged: LoadResult = {
      rps: sum('rps'), ok: sum('ok'), non2xx: sum('non2xx'), errors: sum('errors'), statusCodes,
      latencyP50Ms: Math.max(...results.map((r) => r.latencyP50Ms)), latencyP99Ms: Math.max(...results.map((r) => r.latencyP99Ms)), seconds: duration,
    };
    return { ...merged, cpuUs: ((cpu() - before) * 1000) / (merged.ok + merged.non2xx) };
  };
  o.progress(`warm-up: ${o.warmupSeconds} s per variant`);
  for (const v of PG_VARIANTS) await run(v, o.warmupSeconds);
  const runs = Object.fromEntries(PG_VARIANTS.map((v) => [v, [] as Run[]])) as Record<PgVariant, Run[]>;
  for (let round = 1; round <= o.rounds; round++) {
    // Rotate who goes first, so a drift of the machine's load favours no variant.
    const order = PG_VARIANTS.map((_, i) => PG_VARIANTS[(i + round) % PG_VARIANTS.length]!);
    for (const v of order) runs[v].push(await run(v, o.seconds));
    o.progress(`round ${round}/${o.rounds}: ` + PG_VARIANTS.map((v) => `${v} ${Math.round(runs[v].at(-1)!.rps)} req/s ${Math.round(runs[v].at(-1)!.cpuUs)} µs`).join(', '));
  }
  const figure = {} as PgFigure;
  for (const v of PG_VARIANTS) {
    const rs = runs[v];
    figure[v] = {
      rps: rs.map((r) => Math.round(r.rps)),
      medianRps: median(rs.map((r) => r.rps)),
      cpuUs: median(rs.map((r) => r.cpuUs)),
      p99Ms: median(rs.map((r) => r.latencyP99Ms)),
      unclean: rs.flatMap((r, i) => (clean(r) ? [] : [{ round: i + 1, statusCodes: r.statusCodes, errors: r.errors }])),
    };
  }
  figure.pg1OverSqlite1 = median(runs.pg1.map((r, i) => r.rps / runs.sqlite1[i]!.rps));
  figure.pg2OverSqlite2 = median(runs.pg2.map((r, i) => r.rps / runs.sqlite2[i]!.rps));
  return figure;
}
