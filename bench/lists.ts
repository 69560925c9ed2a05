// Lists that stay fast: CPU per request of two merchant lists when the merchant has 1,000 and
// 100,000 transactions, in memory (the default), on the state file and on PostgreSQL (target: the larger costs at most 2x
// the smaller):
// - GET /merchant/v2/transactions?limit=100 (a page of the merchant's history);
// - GET /merchant/v2/payouts/pending/transactions (what the next instant payouts take): of the
//   history, the same 100 transactions await payout at both sizes, the rest were paid out.
// `npx tsx bench/lists.ts [--requests=N] [--list=transactions|pending] [--backend=memory|sqlite|postgres]`. A server runs in this
// process (createServer, VALIDATE=none, no request log) over a state seeded directly with copies of
// one real transaction record, as the tables write them; requests are sent one at a time. CPU per
// request counts this process (server and client: the client's share is the same for both sizes)
// and, for PostgreSQL, its server processes (the postmaster's children).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../server/app.ts';
import { resolveConfig } from '../server/config/config.ts';
import { createMerchantSandbox, merchantReferenceHandlers } from '../server/merchant/reference/index.ts';
import { StateDb } from '../server/state/db.ts';
import { PgState } from '../server/state/pg/pg-state.ts';
import { startPostgres } from '../test/postgres-server.ts';
import { MERCHANT_AUTH } from '../test/server-helpers.ts';
import { createPaymentBody } from '../contracts/merchant/examples.ts';
import type { TransactionRecord } from '../server/ports/merchant-records.ts';
import { QUEUES } from '../server/ports/merchant-store.ts';

const REQUESTS = Number(process.argv.find((a) => a.startsWith('--requests='))?.slice(11) ?? 400);
const ONLY = process.argv.find((a) => a.startsWith('--list='))?.slice(7);
const BACKEND = process.argv.find((a) => a.startsWith('--backend='))?.slice(10);
const runs = (backend: string) => BACKEND === undefined || BACKEND === backend;
const SIZES = [1_000, 100_000];
const KIND = 'merchant.transactions';
/** Transactions awaiting payout in the pending list's history, whatever its size. */
const AWAITING = 100;

interface List {
  name: string;
  path: string;
  /** The seeded copy of the template transaction `i` (0-based) of `n`. */
  row(base: Record<string, unknown>, i: number, n: number): Record<string, unknown>;
}
const LISTS: List[] = [
  { name: 'transactions', path: '/merchant/v2/transactions?limit=100', row: (base) => base },
  {
    name: 'pending',
    path: '/merchant/v2/payouts/pending/transactions',
    // Settled (paid, with what was received); all but the newest AWAITING were paid out by payout 801.
    row: (base, i, n) => ({
      ...base, status: 'paid', amount_received: base.amount_due, txid: `0x${String(i).padStart(64, '0')}`, payout_id: i < n - AWAITING ? 801 : null,
    }),
  },
];

const ticks = (pid: number): number => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').slice(readFileSync(`/proc/${pid}/stat`, 'utf8').lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
};
/** CPU ms of `pid`'s children (PostgreSQL's backends). */
function childrenCpuMs(pid: number): number {
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) total += ticks(Number(name)) * 10;
    } catch {
      // ended meanwhile
    }
  }
  return total;
}
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function listen(app: ReturnType<typeof createServer>): Promise<{ url: string; server: Server }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** One real transaction record (made through the API), to copy. */
async function template(url: string): Promise<void> {
  const res = await fetch(`${url}/merchant/v2/payments`, {
    method: 'POST',
    headers: { authorization: MERCHANT_AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ payment: { ...createPaymentBody.payment, invoice_number: 'BENCH0', webhook_url: undefined } }),
  });
  if (res.status !== 201) throw new Error(`payment: ${res.status} ${await res.text()}`);
}

const copies = (data: string, from: number, n: number, list: List) => {
  const base = JSON.parse(data) as Record<string, unknown> & { created_at: number; merchant: string };
  return Array.from({ length: n }, (_, i) => {
    const id = from + i;
    const row = { ...list.row(base, i, n), id, created_at: base.created_at + id, invoice_number: `B${id}` };
    // In the transactions table's queue (Table.queued) as the table would write it: by its rule.
    return { id, data: JSON.stringify(row), owner: base.merchant, at: row.created_at, queued: QUEUES.transactions(row as unknown as TransactionRecord) };
  });
};

async function measure(url: string, list: List, extraCpu: () => number): Promise<number> {
  const get = async () => {
    const res = await fetch(`${url}${list.path}`, { headers: { authorization: MERCHANT_AUTH } });
    const body = (await res.json()) as { transactions: unknown[] };
    // 100 (the pending list: 101 once the template's own payment, made through the API, is confirmed).
    if (res.status !== 200 || body.transactions.length < 100 || body.transactions.length > 101) throw new Error(`${list.name}: ${res.status} ${body.transactions?.length}`);
  };
  for (let i = 0; i < 50; i++) await get(); // warm up
  const before = ownCpuMs() + extraCpu();
  for (let i = 0; i < REQUESTS; i++) await get();
  return ((ownCpuMs() + extraCpu() - before) * 1000) / REQUESTS;
}

/** The default store (no STATE, no DATABASE_URL): the merchant sandbox's in-memory tables. */
async function memory(size: number, list: List): Promise<number> {
  const input = { validate: 'none', logRequests: false, rateLimit: { enabled: false } } as const;
  const sandbox = createMerchantSandbox({ config: resolveConfig(input) });
  const app = createServer({ config: input, handlers: { merchant: merchantReferenceHandlers({ sandbox }) } });
  const { url, server } = await listen(app);
  try {
    await template(url);
    const [first] = await sandbox.store.transactions.find({});
    for (const r of copies(JSON.stringify(first), 0, size, list)) {
      const { id: _, ...fields } = JSON.parse(r.data) as TransactionRecord;
      await sandbox.store.transactions.insert(fields);
    }
    return await measure(url, list, () => 0);
  } finally {
    server.close();
  }
}

async function sqlite(size: number, list: List): Promise<number> {
  const state = new StateDb(join(mkdtempSync(join(tmpdir(), 'bench-lists-')), 'state.sqlite'));
  const app = createServer({ state, config: { validate: 'none', logRequests: false, rateLimit: { enabled: false } } });
  const { url, server } = await listen(app);
  try {
    await template(url);
    await state.durable();
    const { data } = state.db.prepare('SELECT data FROM records WHERE kind = ?').get(KIND) as { data: string };
    const put = state.db.prepare('INSERT INTO records (kind, id, data, queued) VALUES (?, ?, ?, ?)');
    state.db.transaction(() => {
      for (const r of copies(data, 10_000_000, size, list)) put.run(KIND, r.id, r.data, r.queued ? 1 : 0);
    })();
    return await measure(url, list, () => 0);
  } finally {
    server.close();
    state.close();
  }
}

async function postgres(size: number, list: List, pgUrl: string, postmaster: number): Promise<number> {
  const pg = await PgState.open(pgUrl, { poolSize: 4 });
  const app = createServer({ pg, config: { validate: 'none', logRequests: false, rateLimit: { enabled: false } } });
  const { url, server } = await listen(app);
  try {
    await template(url);
    const { rows } = await pg.query<{ data: string }>('SELECT data FROM records WHERE kind = $1', [KIND]);
    const all = copies(rows[0]!.data, 10_000_000, size, list);
    for (let i = 0; i < all.length; i += 5_000) {
      const chunk = all.slice(i, i + 5_000);
      // As pgTable writes them: the index columns (migrations 007 and 008) beside the JSON.
      await pg.pool.query('INSERT INTO records (kind, id, data, owner, at, queued) SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::boolean[])', [
        KIND, chunk.map((r) => r.id), chunk.map((r) => r.data), chunk.map((r) => r.owner), chunk.map((r) => r.at), chunk.map((r) => r.queued),
      ]);
    }
    await pg.pool.query('ANALYZE records');
    return await measure(url, list, () => childrenCpuMs(postmaster));
  } finally {
    server.close();
    await pg.close();
  }
}

const lists = LISTS.filter((l) => ONLY === undefined || l.name === ONLY);
const out: Record<string, Record<number, number>> = {};
if (runs('memory')) for (const list of lists) for (const size of SIZES) (out[`memory ${list.name}`] ??= {})[size] = await memory(size, list);
if (runs('sqlite')) for (const list of lists) for (const size of SIZES) (out[`sqlite ${list.name}`] ??= {})[size] = await sqlite(size, list);
if (runs('postgres')) {
  const cluster = await startPostgres();
  try {
    for (const list of lists) for (const size of SIZES) (out[`postgres ${list.name}`] ??= {})[size] = await postgres(size, list, await cluster.database(), cluster.pid());
  } finally {
    await cluster.stop();
  }
}
for (const [name, bySize] of Object.entries(out)) {
  const [small, large] = SIZES.map((s) => bySize[s]!);
  console.log(`${name}: ${Math.round(small!)} µs CPU per request with ${SIZES[0]!.toLocaleString('en')} transactions, ${Math.round(large!)} µs with ${SIZES[1]!.toLocaleString('en')}: ${(large! / small!).toFixed(2)}x`);
}
process.exit(0);
