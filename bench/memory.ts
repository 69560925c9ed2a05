// Figure 5: the resident memory of a fresh reference server (VALIDATE=all, rate limits off) read
// from /proc/<pid>/status while autocannon sends it public and signed exchange requests: at 0
// requests and after each of `steps` equal parts of the total, with the peak sampled in between.
// Its nonce memory is shortened (fixtures.ts memoryConfig) so the run outlasts it several times.
// Creating payments is left out on purpose: the sandbox keeps every payment it creates (that
// store grows by design, one record per payment).
import type autocannon from 'autocannon';
import { rssKb, type ServerChild } from './children.ts';
import { LOAD_KEYS, type BenchKey } from './fixtures.ts';
import { clean, signedBalancesPath, type NonceCounter, runLoad } from './load.ts';

export interface MemoryFigure {
  requests: number;
  /** [requests sent, RSS kB] at 0 and after each step. */
  points: [number, number][];
  peakKb: number;
  unclean: { statusCodes: Record<string, number>; errors: number }[];
}

export async function measureMemory(server: ServerChild, o: { total: number; steps: number; connections: number; nonces: NonceCounter; progress: (line: string) => void }): Promise<MemoryFigure> {
  let i = 0;
  const requests: autocannon.Request[] = [
    { method: 'GET', path: '/api/v1/tickers/btcusd' },
    { method: 'GET', setupRequest: (request) => ({ ...request, path: signedBalancesPath(LOAD_KEYS[i++ % LOAD_KEYS.length] as BenchKey, o.nonces) }) },
  ];
  let peakKb = rssKb(server.pid);
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, rssKb(server.pid))), 200);
  const points: [number, number][] = [[0, rssKb(server.pid)]];
  const unclean: MemoryFigure['unclean'] = [];
  o.progress(`0 requests: RSS ${points[0]?.[1]} kB`);
  try {
    const step = Math.floor(o.total / o.steps);
    for (let n = 1; n <= o.steps; n++) {
      const amount = n < o.steps ? step : o.total - step * (o.steps - 1);
      const result = await runLoad({ url: server.url, requests, connections: o.connections, amount });
      if (!clean(result)) unclean.push({ statusCodes: result.statusCodes, errors: result.errors });
      const sent = (points.at(-1)?.[0] ?? 0) + amount;
      points.push([sent, rssKb(server.pid)]);
      o.progress(`${sent} requests (${Math.round(result.rps)} req/s): RSS ${points.at(-1)?.[1]} kB`);
    }
  } finally {
    clearInterval(sampler);
  }
  return { requests: o.total, points, peakKb: Math.max(peakKb, ...points.map((p) => p[1])), unclean };
}
