// Figure 7: what the state file costs. The same server twice, STATE=memory and STATE=<a fresh
// SQLite file> (WAL, synchronous=NORMAL, one transaction per request, committed before the answer):
// signed POST /api/v1/orders and POST /merchant/v2/payments, alternating which server goes first
// in each round; throughput ratio sqlite / memory per round (median) and the p99 latency of both.
import { sign, signaturePayload } from '../contracts/exchange/signing.ts';
import type autocannon from 'autocannon';
import { cpuMs, type ServerChild } from './children.ts';
import { LOAD_KEYS, type BenchKey } from './fixtures.ts';
import { clean, paymentBody, paymentHeaders, runLoad, type LoadResult, type NonceCounter, type RoundPlan } from './load.ts';
import { median } from './stats.ts';

export const STATE_ENDPOINTS = ['orders', 'payments'] as const;
export type StateEndpoint = (typeof STATE_ENDPOINTS)[number];
export const STATE_LABEL: Record<StateEndpoint, string> = { orders: 'POST /api/v1/orders (signed)', payments: 'POST /merchant/v2/payments' };

const ORDERS = '/api/v1/orders';

/** Per key, a buy then a sell at one price: each pair trades (a self-trade), so balances never run out. */
function orderRequests(keys: readonly BenchKey[], nonces: NonceCounter): autocannon.Request[] {
  let i = 0;
  return [{
    method: 'POST',
    path: ORDERS,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => {
      const n = i++;
      const key = keys[Math.floor(n / 2) % keys.length] as BenchKey;
      const body = { market: 'btcusd', side: n % 2 === 0 ? 'buy' : 'sell', ord_type: 'limit', price: '100.00', volume: '0.01' };
      const nonce = nonces.next(key.accessKey);
      const query = { access_key: key.accessKey, nonce };
      const signature = sign(signaturePayload({ method: 'POST', path: ORDERS, query, body }), key.secret);
      return { ...request, path: `${ORDERS}?access_key=${key.accessKey}&nonce=${nonce}&signature=${signature}`, body: JSON.stringify(body) };
    },
  }];
}

const requestsOf = (endpoint: StateEndpoint, nonces: NonceCounter): autocannon.Request[] =>
  endpoint === 'orders'
    ? orderRequests(LOAD_KEYS, nonces)
    : [{ method: 'POST', path: '/merchant/v2/payments', headers: paymentHeaders, setupRequest: (request) => ({ ...request, body: paymentBody() }) }];

export interface StateEndpointFigure {
  memoryRps: number[];
  sqliteRps: number[];
  ratios: number[];
  medianRatio: number;
  memoryP99Ms: number;
  sqliteP99Ms: number;
  /** Server CPU µs per request, median: steadier than req/s on a shared machine. */
  memoryCpuUs: number;
  sqliteCpuUs: number;
  /** memory CPU / sqlite CPU per request, per round (median). */
  medianCpuRatio: number;
  unclean: { server: string; round: number; statusCodes: Record<string, number>; errors: number }[];
}
export type StateFigure = Record<StateEndpoint, StateEndpointFigure>;

export interface StateOptions extends RoundPlan {
  memory: ServerChild;
  sqlite: ServerChild;
  connections: number;
}

export async function measureState(o: StateOptions): Promise<StateFigure> {
  type Run = LoadResult & { cpuUs: number };
  const run = async (server: ServerChild, endpoint: StateEndpoint, duration: number): Promise<Run> => {
    const before = cpuMs(server.pid);
    const result = await runLoad({ url: server.url, requests: requestsOf(endpoint, o.nonces), connections: o.connections, duration });
    return { ...result, cpuUs: ((cpuMs(server.pid) - before) * 1000) / (result.ok + result.non2xx) };
  };
  o.progress(`warm-up: ${o.warmupSeconds} s per server and request`);
  for (const endpoint of STATE_ENDPOINTS) for (const s of [o.memory, o.sqlite]) await run(s, endpoint, o.warmupSeconds);
  const figure = {} as StateFigure;
  for (const endpoint of STATE_ENDPOINTS) {
    const mem: Run[] = [];
    const sql: Run[] = [];
    for (let round = 1; round <= o.rounds; round++) {
      // Alternate who goes first, so a drift of the machine's load favours neither.
      if (round % 2 === 1) {
        mem.push(await run(o.memory, endpoint, o.seconds));
        sql.push(await run(o.sqlite, endpoint, o.seconds));
      } else {
        sql.push(await run(o.sqlite, endpoint, o.seconds));
        mem.push(await run(o.memory, endpoint, o.seconds));
      }
      const m = mem.at(-1)!;
      const s = sql.at(-1)!;
      o.progress(
        `round ${round}/${o.rounds} ${STATE_LABEL[endpoint]}: memory ${Math.round(m.rps)}, sqlite ${Math.round(s.rps)} req/s; ` +
          `CPU ${Math.round(m.cpuUs)} / ${Math.round(s.cpuUs)} µs; p99 ${m.latencyP99Ms} / ${s.latencyP99Ms} ms`,
      );
    }
    const ratios = sql.map((s, i) => s.rps / (mem[i] as LoadResult).rps);
    const unclean = (server: string, rs: LoadResult[]) =>
      rs.flatMap((r, i) => (clean(r) ? [] : [{ server, round: i + 1, statusCodes: r.statusCodes, errors: r.errors }]));
    figure[endpoint] = {
      memoryRps: mem.map((r) => Math.round(r.rps)),
      sqliteRps: sql.map((r) => Math.round(r.rps)),
      ratios: ratios.map((r) => Math.round(r * 1000) / 1000),
      medianRatio: median(ratios),
      memoryP99Ms: median(mem.map((r) => r.latencyP99Ms)),
      sqliteP99Ms: median(sql.map((r) => r.latencyP99Ms)),
      memoryCpuUs: median(mem.map((r) => r.cpuUs)),
      sqliteCpuUs: median(sql.map((r) => r.cpuUs)),
      medianCpuRatio: median(mem.map((m, i) => m.cpuUs / (sql[i] as Run).cpuUs)),
      unclean: [...unclean('memory', mem), ...unclean('sqlite', sql)],
    };
  }
  return figure;
}
