// npm run bench [-- --quick] [--only=validation,express,client,memory,state,pg,generate,engine,signing,bundle,nonces] [--rounds=N] [--seconds=S] [--endpoints=ticker,balances,payment]
//   [--memory-requests=N] [--profile]
// The toolkit's performance figures, measured the same way every time (bench/README.md says what
// each one means). Servers run as child processes on 127.0.0.1 and free ports; autocannon and the
// clients run in this process; every run is bounded in time and every child is killed at the end,
// also on failure. Prints a table and writes bench/results.json (a --quick or --only run writes
// bench/tmp/results.json instead, so it never replaces the committed figures).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { ROOT, startServer, type ServerChild } from './children.ts';
import { measureBundles, CLIENTS_BUDGET_BYTES, type BundleFigure } from './bundle.ts';
import { measureClient, type ClientFigure } from './client.ts';
import { measureEngine, type EngineFigure } from './engine-figure.ts';
import { benchConfig, scratch } from './fixtures.ts';
import { measureGenerate, type GenerateFigure } from './generate.ts';
import { EOV_TARGETS, EXPRESS_ENDPOINTS, EXPRESS_TARGETS, measureExpress, timesExpress, type ExpressFigure, type ExpressVariant } from './express.ts';
import { ENDPOINT_LABEL, NonceCounter, paymentBody, paymentHeaders, signedBalancesPath, type Endpoint } from './load.ts';
import { LOAD_KEYS, type BenchKey } from './fixtures.ts';
import { measureMemory, type MemoryFigure } from './memory.ts';
import { measureSigning, type SigningFigure } from './signing.ts';
import { measureNonces, type NonceFigure } from './nonces.ts';
import { STATE_ENDPOINTS, STATE_LABEL, measureState, type StateFigure } from './state.ts';
import { PG_LABEL, PG_VARIANTS, measurePg, type PgFigure } from './pg.ts';
import { pgAvailable, startPostgres } from '../test/postgres-server.ts';
import { int, mb, median, ratio, seconds } from './stats.ts';
import { judge, judgeBoth, renderRows, renderTable, type Row } from './table.ts';
import { ENDPOINTS, VARIANTS, measureValidation, type ValidationFigure, type Variant } from './validation.ts';
import { CLIS } from '../scripts/clis.ts';
import { cliArgs } from '../tools/help.ts';

cliArgs(CLIS.bench);

const FIGURES = ['validation', 'express', 'client', 'memory', 'state', 'pg', 'generate', 'engine', 'signing', 'bundle', 'nonces'] as const;
type Figure = (typeof FIGURES)[number];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const profile = args.includes('--profile');
const onlyArg = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const only = new Set<Figure>(onlyArg ? (onlyArg.split(',') as Figure[]) : FIGURES);
for (const f of only) if (!FIGURES.includes(f)) throw new Error(`--only: unknown figure "${f}" (one of ${FIGURES.join(', ')})`);

/** How long and how often; --quick keeps the whole run under a minute. */
const PLAN = quick
  ? { rounds: 2, seconds: 0.6, warmup: 0.3, connections: 10, clientLoops: 10, generateRuns: 1, memoryRequests: 10_000, signBatchMs: 150, signBatches: 3, nonceChecks: 3_000 }
  : { rounds: 7, seconds: 3, warmup: 2, connections: 10, clientLoops: 10, generateRuns: 5, memoryRequests: 100_000, signBatchMs: 500, signBatches: 5, nonceChecks: 20_000 };
// --rounds=N, --seconds=S and --memory-requests=N override the plan (a longer run on a noisy machine, a profile).
const numberArg = (name: string) => {
  const value = args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (value === undefined) return undefined;
  if (!(Number(value) > 0)) throw new Error(`--${name}: a positive number, got "${value}"`);
  return Number(value);
};
PLAN.rounds = numberArg('rounds') ?? PLAN.rounds;
PLAN.seconds = numberArg('seconds') ?? PLAN.seconds;
PLAN.memoryRequests = numberArg('memory-requests') ?? PLAN.memoryRequests;
// --endpoints=ticker,payment: figure 10 on some of its requests only (a profile of one request kind).
const endpointsArg = args.find((a) => a.startsWith('--endpoints='))?.slice('--endpoints='.length);
const expressEndpoints = endpointsArg ? (endpointsArg.split(',') as Endpoint[]) : EXPRESS_ENDPOINTS;
for (const e of expressEndpoints) if (!EXPRESS_ENDPOINTS.includes(e)) throw new Error(`--endpoints: unknown request "${e}" (one of ${EXPRESS_ENDPOINTS.join(', ')})`);
/** Whole-run watchdog: a hung server or load cannot keep the benchmark (or a CI job) alive. */
const DEADLINE_MS = quick ? 120_000 : 30 * 60_000;

const loadAvg = () => os.loadavg().map((l) => Math.round(l * 100) / 100) as [number, number, number];
const log = (figure: string) => (line: string) => console.log(`  [${figure}] ${line}`);

interface Results {
  date: string;
  quick: boolean;
  machine: { node: string; platform: string; cpuModel: string; cpus: number; totalMemoryMb: number };
  load: { start: [number, number, number]; end?: [number, number, number]; perFigure: Record<string, { before: number[]; after: number[] }> };
  plan: typeof PLAN;
  figures: {
    validation?: ValidationFigure;
    express?: ExpressFigure;
    client?: ClientFigure & { server: string; loops: number };
    memory?: MemoryFigure;
    generate?: GenerateFigure;
    engine?: EngineFigure;
    signing?: SigningFigure;
    bundle?: BundleFigure;
    nonces?: NonceFigure;
    state?: StateFigure;
    pg?: PgFigure;
  };
  errors: Record<string, string>;
  table?: Row[];
}

const results: Results = {
  date: new Date().toISOString(),
  quick,
  machine: {
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    cpus: os.availableParallelism(),
    totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
  },
  load: { start: loadAvg(), perFigure: {} },
  plan: PLAN,
  figures: {},
  errors: {},
};

async function section(name: Figure, body: () => Promise<void>): Promise<void> {
  if (!only.has(name)) return;
  const before = loadAvg();
  const started = performance.now();
  console.log(`\n${name} (load average ${before.join(' ')})`);
  try {
    await body();
  } catch (e) {
    results.errors[name] = (e as Error).stack ?? String(e);
    console.error(`  [${name}] FAILED: ${(e as Error).message}`);
  }
  results.load.perFigure[name] = { before, after: loadAvg() };
  console.log(`  [${name}] ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** One request of each kind through plain fetch: the expected status, and the body for the bare server. */
async function preflight(url: string, nonces: NonceCounter): Promise<Record<string, { status: number; body: unknown }>> {
  const key = LOAD_KEYS[0] as BenchKey;
  const checks = [
    { id: 'GET /api/v1/tickers/btcusd', path: '/api/v1/tickers/btcusd', init: {}, want: 200 },
    { id: 'GET /api/v1/balances', path: signedBalancesPath(key, nonces), init: {}, want: 200 },
    { id: 'POST /merchant/v2/payments', path: '/merchant/v2/payments', init: { method: 'POST', headers: paymentHeaders, body: paymentBody() }, want: 201 },
  ];
  const bodies: Record<string, { status: number; body: unknown }> = {};
  for (const c of checks) {
    const response = await fetch(`${url}${c.path}`, c.init);
    const text = await response.text();
    if (response.status !== c.want) throw new Error(`preflight ${c.id} on ${url}: ${response.status} (want ${c.want}) ${text.slice(0, 300)}`);
    bodies[c.id] = { status: response.status, body: JSON.parse(text) };
  }
  return bodies;
}

async function main(): Promise<void> {
  console.log(
    `npm run bench${quick ? ' --quick' : ''}: node ${results.machine.node}, ${results.machine.cpus} × ${results.machine.cpuModel}, load average ${results.load.start.join(' ')}`,
  );
  const files = scratch();
  const servers: ServerChild[] = [];
  const nonces = new NonceCounter();
  // One folder per server: bench/tmp/profiles/<name>/ (the tsx loader thread writes a second file).
  const nodeFlags = (name: string) => (profile ? ['--cpu-prof', `--cpu-prof-dir=${join(ROOT, 'bench/tmp/profiles', name)}`] : []);
  try {
    const needServers = only.has('validation') || only.has('client') || only.has('express');
    if (needServers || only.has('memory')) {
      console.log('\nstarting servers');
      const startedAt = performance.now();
      const env = (validate: string, config: string) => ({ VALIDATE: validate, RATE_LIMIT: 'off', CONFIG: config, STATE: 'memory' });
      const wanted: [string, Record<string, string>][] = [
        ...(needServers ? (['none', 'all', 'requests'].map((v) => [v, env(v, files.configPath)]) as [string, Record<string, string>][]) : []),
        ...(only.has('memory') ? ([['memory', env('all', files.memoryConfigPath)]] as [string, Record<string, string>][]) : []),
        // As `npm start` runs: VALIDATE=all and one log line per request (to a pipe this process drains).
        ...(only.has('express') ? ([['logged', env('all', files.write('logged-config.json', { ...benchConfig(), logRequests: true }))]] as [string, Record<string, string>][]) : []),
      ];
      const started = await Promise.all(wanted.map(([name, e]) => startServer({ name, entry: 'server/main.ts', env: e, nodeFlags: nodeFlags(name) })));
      servers.push(...started);
      const byName = Object.fromEntries(started.map((s) => [s.name, s]));
      // The memory server gets no request before its first reading.
      for (const s of started) if (s.name !== 'memory' && s.name !== 'none') await preflight(s.url, nonces);
      if (needServers) {
        const bodies = await preflight((byName.none as ServerChild).url, nonces);
        const bare = await startServer({ name: 'bare', entry: 'bench/bare-server.ts', env: { BARE_BODIES: files.write('bare-bodies.json', bodies) }, nodeFlags: nodeFlags('bare') });
        servers.push(bare);
        await preflight(bare.url, nonces);
        byName.bare = bare;
        if (only.has('express')) {
          const express = await startServer({ name: 'express', entry: 'bench/bare-express.ts', env: { BARE_BODIES: files.write('bare-bodies.json', bodies) }, nodeFlags: nodeFlags('express') });
          servers.push(express);
          await preflight(express.url, nonces);
          byName.express = express;
          const eov = await startServer({ name: 'eov', entry: 'bench/eov-express.ts', env: { BARE_BODIES: files.write('bare-bodies.json', bodies) }, nodeFlags: nodeFlags('eov') });
          servers.push(eov);
          await preflight(eov.url, nonces);
          byName.eov = eov;
        }
      }
      console.log(`  ${servers.map((s) => `${s.name} pid ${s.pid} port ${s.port}`).join(', ')} (${((performance.now() - startedAt) / 1000).toFixed(1)} s)`);

      await section('validation', async () => {
        const targets = Object.fromEntries(VARIANTS.map((v) => [v, byName[v] as ServerChild])) as Record<Variant, ServerChild>;
        results.figures.validation = await measureValidation({
          servers: targets, nonces, rounds: PLAN.rounds, seconds: PLAN.seconds, warmupSeconds: PLAN.warmup, connections: PLAN.connections, progress: log('validation'),
        });
      });
      await section('express', async () => {
        const targets: Record<ExpressVariant, ServerChild> = { reference: byName.logged as ServerChild, quiet: byName.all as ServerChild, unvalidated: byName.none as ServerChild, express: byName.express as ServerChild, eov: byName.eov as ServerChild };
        results.figures.express = await measureExpress({
          servers: targets, endpoints: expressEndpoints, nonces, rounds: PLAN.rounds, seconds: PLAN.seconds, warmupSeconds: PLAN.warmup, connections: PLAN.connections, progress: log('express'),
        });
      });
      await section('client', async () => {
        const figure = await measureClient({
          url: (byName.none as ServerChild).url, nonces, rounds: PLAN.rounds, seconds: PLAN.seconds, warmupSeconds: PLAN.warmup, loops: PLAN.clientLoops, progress: log('client'),
        });
        results.figures.client = { ...figure, server: 'reference server, VALIDATE=none', loops: PLAN.clientLoops };
      });
      await section('memory', async () => {
        results.figures.memory = await measureMemory(byName.memory as ServerChild, { total: PLAN.memoryRequests, steps: 4, connections: PLAN.connections, nonces, progress: log('memory') });
      });
      // The other figures run alone: no server left to take CPU from them.
      await Promise.all(servers.splice(0).map((s) => s.stop()));
    }
    await section('state', async () => {
      // As `npm start` runs (VALIDATE=all), once in memory and once on a fresh state file.
      const env = (state: string) => ({ RATE_LIMIT: 'off', CONFIG: files.configPath, STATE: state });
      const pair = await Promise.all([
        startServer({ name: 'state-memory', entry: 'server/main.ts', env: env('memory'), nodeFlags: nodeFlags('state-memory') }),
        startServer({ name: 'state-sqlite', entry: 'server/main.ts', env: env(join(files.dir, 'state', 'sandbox.sqlite')), nodeFlags: nodeFlags('state-sqlite') }),
      ]);
      servers.push(...pair);
      results.figures.state = await measureState({
        memory: pair[0], sqlite: pair[1], nonces, rounds: PLAN.rounds, seconds: PLAN.seconds, warmupSeconds: PLAN.warmup, connections: PLAN.connections, progress: log('state'),
      });
      await Promise.all(servers.splice(0).map((s) => s.stop()));
    });
    await section('pg', async () => {
      // PostgreSQL (a throwaway cluster, test/postgres-server.ts) against the state file, one and two instances each.
      if (!pgAvailable()) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
      const cluster = await startPostgres();
      try {
        const [db1, db2] = [await cluster.database(), await cluster.database()];
        const start = (name: string, env: Record<string, string>) =>
          startServer({ name, entry: 'server/main.ts', env: { RATE_LIMIT: 'off', CONFIG: files.configPath, ...env }, nodeFlags: nodeFlags(name) });
        const file = (n: number) => join(files.dir, `pg-bench-${n}`, 'sandbox.sqlite');
        const [s1, p1, s2a, p2a] = await Promise.all([start('sqlite1', { STATE: file(1) }), start('pg1', { DATABASE_URL: db1 }), start('sqlite2a', { STATE: file(2) }), start('pg2a', { DATABASE_URL: db2 })]);
        const [s2b, p2b] = await Promise.all([start('sqlite2b', { STATE: file(2) }), start('pg2b', { DATABASE_URL: db2 })]);
        servers.push(s1, p1, s2a, p2a, s2b, p2b);
        results.figures.pg = await measurePg({
          servers: { sqlite1: [s1], pg1: [p1], sqlite2: [s2a, s2b], pg2: [p2a, p2b] }, postmaster: cluster.pid(),
          nonces, rounds: PLAN.rounds, seconds: PLAN.seconds, warmupSeconds: PLAN.warmup, connections: PLAN.connections, progress: log('pg'),
        });
        await Promise.all(servers.splice(0).map((s) => s.stop()));
      } finally {
        await cluster.stop();
      }
    });
    await section('generate', async () => {
      results.figures.generate = await measureGenerate(PLAN.generateRuns, log('generate'));
    });
    await section('engine', async () => {
      results.figures.engine = await measureEngine(quick);
      const e = results.figures.engine;
      log('engine')(`submitOrder ${int(e.submitOrder.ordersPerSecWall)}/s, placeOrder ${int(e.placeOrder.ordersPerSecWall)}/s (wall clock)`);
    });
    await section('signing', async () => {
      results.figures.signing = await measureSigning(PLAN.signBatchMs, PLAN.signBatches);
    });
    await section('bundle', async () => {
      results.figures.bundle = await measureBundles();
    });
    await section('nonces', async () => {
      results.figures.nonces = await measureNonces({ rounds: PLAN.rounds, checks: PLAN.nonceChecks, progress: log('nonces') });
    });
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    files.cleanup();
  }
  results.load.end = loadAvg();
  report();
}

function report(): void {
  const f = results.figures;
  const rows: Row[] = [];
  const invalid = (unclean: { statusCodes: Record<string, number>; errors: number }[]) =>
    unclean.length ? `INVALID (${unclean.length} run(s) with non-2xx or errors: ${JSON.stringify(unclean[0])})` : '';
  if (f.validation) {
    for (const endpoint of ENDPOINTS) {
      const e = f.validation[endpoint];
      for (const variant of ['all', 'requests', 'bare'] as const) {
        const v = e[variant];
        // No target any more: the one validation pass is express-openapi-validator's, whose cost
        // is judged against a hand-built Express app with the same library (figure 10, eov).
        const target = '';
        rows.push({
          figure: `1 ${ENDPOINT_LABEL[endpoint]}: ${variant === 'bare' ? 'bare node:http' : `VALIDATE=${variant}`} / none`,
          measured:
            `${ratio(v.medianRatio)} (${int(v.medianRps)} vs ${int(e.none.medianRps)} req/s); ` +
            `CPU ${ratio(v.medianCpuRatio)} (${int(v.medianCpuUs)} vs ${int(e.none.medianCpuUs)} µs/req)`,
          target,
          status: invalid([...v.unclean, ...e.none.unclean]) || (target ? judgeBoth(v.medianRatio, v.medianCpuRatio, { min: 0.85 }) : ''),
        });
      }
    }
  }
  if (f.express) {
    for (const [endpoint, e] of Object.entries(f.express) as [keyof typeof ENDPOINT_LABEL, NonNullable<ExpressFigure['ticker']>][]) {
      for (const variant of ['reference', 'quiet', 'unvalidated'] as const) {
        const v = e[variant];
        const max = variant === 'reference' ? EXPRESS_TARGETS[endpoint] : undefined;
        const times = timesExpress(v);
        rows.push({
          figure: `10 ${ENDPOINT_LABEL[endpoint]}: ${{ reference: 'server as npm start (log on)', quiet: 'same, request log off', unvalidated: 'same, VALIDATE=none' }[variant]} / bare Express`,
          measured: `CPU ${ratio(times)}× (${int(v.medianCpuUs)} vs ${int(e.express.medianCpuUs)} µs/req); req/s ${ratio(v.medianRatio)} (${int(v.medianRps)} vs ${int(e.express.medianRps)})`,
          target: max ? `CPU ≤ ${max}×` : '',
          status: invalid([...v.unclean, ...e.express.unclean]) || (max ? (times <= max ? 'met' : 'MISSED') : ''),
        });
      }
      if (e.eov) {
        const ref = e.reference;
        // Side by side in each round: npm start's CPU per request over the yardstick's, the median of the rounds.
        const overEov = median(ref.cpuUs.map((us, i) => us / (e.eov.cpuUs[i] as number)));
        const max = EOV_TARGETS[endpoint];
        rows.push({
          figure: `10 ${ENDPOINT_LABEL[endpoint]}: server as npm start / Express + express-openapi-validator`,
          measured: `CPU ${ratio(overEov)}× (${int(ref.medianCpuUs)} vs ${int(e.eov.medianCpuUs)} µs/req)`,
          target: max ? `CPU ≤ ${max}×` : '',
          status: invalid([...ref.unclean, ...e.eov.unclean]) || (max ? (overEov <= max ? 'met' : 'MISSED') : ''),
        });
        rows.push({
          figure: `10 ${ENDPOINT_LABEL[endpoint]}: Express + express-openapi-validator / bare Express`,
          measured: `CPU ${ratio(timesExpress(e.eov))}× (${int(e.eov.medianCpuUs)} vs ${int(e.express.medianCpuUs)} µs/req)`,
          target: '',
          status: invalid(e.eov.unclean),
        });
      }
    }
  }
  if (f.client) {
    rows.push({
      figure: '2 typed client / hand-written fetch (signed GET /balances)',
      measured:
        `${ratio(f.client.medianRatio)} (${int(f.client.medianTypedRps)} vs ${int(f.client.medianFetchRps)} req/s); ` +
        `CPU ${ratio(f.client.medianCpuRatio)} (${int(median(f.client.typedCpuUs))} vs ${int(median(f.client.fetchCpuUs))} µs/call)`,
      target: '≥ 0.90',
      status: f.client.failures ? `INVALID (${f.client.failures} failed calls)` : judgeBoth(f.client.medianRatio, f.client.medianCpuRatio, { min: 0.9 }),
    });
  }
  if (f.generate) {
    rows.push({
      figure: `3 npm run generate, wall time (median of ${f.generate.runs})`,
      measured: `${seconds(f.generate.medianWallMs)}${f.generate.cpuMs.length ? ` (${seconds(f.generate.medianCpuMs)} CPU)` : ''}`,
      target: '< 5 s',
      status: judge(f.generate.medianWallMs, { max: 5000 }),
    });
  }
  if (f.engine) {
    rows.push({
      figure: '4 matching engine, random limit orders (submitOrder)',
      measured: `${int(f.engine.submitOrder.ordersPerSecWall)}/s (${int(f.engine.submitOrder.ordersPerSecCpu)}/s of CPU)`,
      target: '≥ 200,000/s',
      status: judgeBoth(f.engine.submitOrder.ordersPerSecWall, f.engine.submitOrder.ordersPerSecCpu, { min: 200_000 }),
    });
    rows.push({
      figure: '4 same, with the Order response (placeOrder)',
      measured: `${int(f.engine.placeOrder.ordersPerSecWall)}/s (${int(f.engine.placeOrder.ordersPerSecCpu)}/s of CPU)`,
      target: '',
      status: '',
    });
  }
  if (f.memory) {
    const points = f.memory.points.map(([n, kb]) => `${int(n)}: ${mb(kb)}`).join(', ');
    rows.push({
      figure: `5 server RSS by requests served (peak ${mb(f.memory.peakKb)})`,
      measured: points,
      target: 'bounded',
      status: invalid(f.memory.unclean) || '',
    });
  }
  if (f.state) {
    for (const endpoint of STATE_ENDPOINTS) {
      const e = f.state[endpoint];
      rows.push({
        figure: `9 ${STATE_LABEL[endpoint]}: STATE=sqlite / memory`,
        measured:
          `${ratio(e.medianRatio)} (${int(median(e.sqliteRps))} vs ${int(median(e.memoryRps))} req/s); ` +
          `CPU ${ratio(e.medianCpuRatio)} (${int(e.sqliteCpuUs)} vs ${int(e.memoryCpuUs)} µs/req); p99 ${e.sqliteP99Ms} vs ${e.memoryP99Ms} ms`,
        target: '≥ 0.80',
        status: e.unclean.length ? `INVALID (${JSON.stringify(e.unclean[0])})` : judgeBoth(e.medianRatio, e.medianCpuRatio, { min: 0.8 }),
      });
    }
  }
  if (f.pg) {
    const pg = f.pg;
    for (const v of PG_VARIANTS) {
      const e = pg[v];
      rows.push({
        figure: `11 POST /merchant/v2/payments, ${PG_LABEL[v]}`,
        measured: `${int(e.medianRps)} req/s; CPU ${int(e.cpuUs)} µs/req (node${v.startsWith('pg') ? ' + PostgreSQL' : ''}); p99 ${e.p99Ms} ms` +
          (v === 'pg1' ? `; PostgreSQL / SQLite ${ratio(pg.pg1OverSqlite1)}` : v === 'pg2' ? `; PostgreSQL / SQLite ${ratio(pg.pg2OverSqlite2)}` : ''),
        target: '',
        status: e.unclean.length ? `INVALID (${JSON.stringify(e.unclean[0])})` : '',
      });
    }
  }
  if (f.signing) {
    rows.push({ figure: '6 X1 sign, GET /balances (payload + HMAC)', measured: `${int(f.signing.getPayloadAndHmac)} ops/s`, target: '', status: '' });
    rows.push({ figure: '6 X1 sign, POST /orders (payload + HMAC)', measured: `${int(f.signing.postPayloadAndHmac)} ops/s`, target: '', status: '' });
    rows.push({ figure: '6 client signRequest, POST /orders (Request in, Request out)', measured: `${int(f.signing.clientSignRequest)} ops/s`, target: '', status: '' });
  }
  if (f.bundle) {
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    for (const [i, e] of f.bundle.entries.entries()) {
      rows.push({
        figure: `7 browser bundle (esbuild ${f.bundle.esbuild}), ${e.name}`,
        measured: `${kb(e.gzipBytes)} min+gzip (${kb(e.minBytes)} min)`,
        target: i === 0 ? `<= ${kb(CLIENTS_BUDGET_BYTES)}` : '',
        status: i === 0 ? (e.gzipBytes <= CLIENTS_BUDGET_BYTES ? 'met' : 'MISSED') : '',
      });
    }
  }
  if (f.nonces) {
    const n = f.nonces;
    const cell = (v: { opsPerSec: number; p99Us: number }) => `${int(v.opsPerSec)} checks/s, p99 ${v.p99Us.toFixed(1)} µs`;
    rows.push({ figure: '8 X2 nonce check, in memory (NonceStore)', measured: cell(n.memory), target: '', status: '' });
    rows.push({ figure: `8 same through Redis ${n.redisVersion} on loopback, one at a time`, measured: cell(n.redis), target: '', status: '' });
    rows.push({ figure: `8 same through Redis, ${n.concurrency} in flight`, measured: cell(n.redisConcurrent), target: '', status: '' });
  }
  for (const [name, error] of Object.entries(results.errors)) rows.push({ figure: name, measured: 'failed', target: '', status: `ERROR: ${error.split('\n')[0]}` });
  results.table = rows;

  console.log(`\n${results.date}, node ${results.machine.node}, ${results.machine.cpus} × ${results.machine.cpuModel}, load average ${results.load.start.join(' ')} at start, ${results.load.end?.join(' ')} at end${quick ? ' (--quick)' : ''}\n`);
  console.log(renderRows(rows));
  if (f.validation) {
    console.log(`\nrequests per second (median of ${PLAN.rounds} rounds of ${PLAN.seconds} s, ${PLAN.connections} connections)\n`);
    console.log(
      renderTable(
        ['request', ...VARIANTS],
        ENDPOINTS.map((e) => [ENDPOINT_LABEL[e], ...VARIANTS.map((v) => int((f.validation as ValidationFigure)[e][v].medianRps))]),
      ),
    );
    console.log(`\nserver CPU time per request, µs (median of the same runs)\n`);
    console.log(
      renderTable(
        ['request', ...VARIANTS],
        ENDPOINTS.map((e) => [ENDPOINT_LABEL[e], ...VARIANTS.map((v) => int((f.validation as ValidationFigure)[e][v].medianCpuUs))]),
      ),
    );
  }

  const partial = quick || onlyArg !== undefined || args.some((a) => /^--(rounds|seconds|memory-requests|endpoints)=/.test(a));
  const out = partial ? join(ROOT, 'bench/tmp/results.json') : join(ROOT, 'bench/results.json');
  mkdirSync(join(out, '..'), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote ${out.slice(ROOT.length + 1)}`);
  if (Object.keys(results.errors).length) process.exitCode = 1;
}

const watchdog = setTimeout(() => {
  console.error(`bench: still running after ${DEADLINE_MS / 1000} s; giving up`);
  process.exit(1); // the exit hook of children.ts kills the servers
}, DEADLINE_MS);
watchdog.unref();

main()
  .catch((e: unknown) => {
    console.error((e as Error).stack ?? e);
    process.exitCode = 1;
  })
  .finally(() => {
    clearTimeout(watchdog);
    // autocannon and fetch may leave keep-alive sockets open: end the process explicitly.
    setImmediate(() => process.exit(process.exitCode ?? 0));
  });
