// Lists that stay fast: CPU per request of merchant lists when the merchant has 1,000 and 100,000
// records of the kind listed, in memory (the default), on the state file and on PostgreSQL
// (target: the larger costs at most 2x the smaller):
// - GET /merchant/v2/transactions?limit=100 (a page of the merchant's history);
// - GET /merchant/v2/payouts/pending/transactions (what the next instant payouts take): of the
//   history, the same 100 transactions await payout at both sizes, the rest were paid out;
// - GET /merchant/v2/transactions/{id}/refunds (a transaction's refunds): the same 10 refunds of
//   one transaction at both sizes, among the merchant's refunds of other transactions;
// - GET /sandbox/v1/deliveries?limit=100 (the machine's view of every merchant's webhook attempts,
//   no merchant named): the newest 100 of the log.
// `npx tsx bench/lists.ts [--requests=N] [--list=transactions|pending|refunds|deliveries] [--backend=memory|sqlite|postgres]`. A server runs in this
// process (createServer, VALIDATE=none, no request log) over a state seeded directly with copies of
// one record, as the tables write them (a real transaction made through the API; refunds and
// delivery attempts of it, typed by the store's records); requests are sent one at a time. CPU per
// request counts this process (server and client: the client's share is the same for both sizes)
// and, for PostgreSQL, its server processes (the postmaster's children).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../server/app.ts';
import { resolveConfig } from '../server/config/config.ts';
import { composeStores } from '../server/compose.ts';
import { createMemoryMerchantStore } from '../server/merchant/reference/store.ts';
import { StateDb } from '../server/state/db.ts';
import { PgState } from '../server/state/pg/pg-state.ts';
import { startPostgres } from '../test/postgres-server.ts';
import { MERCHANT_AUTH } from '../test/server-helpers.ts';
import { createPaymentBody } from '../contracts/merchant/examples.ts';
import type { DeliveryRecord, RefundRecord, TransactionRecord } from '../server/ports/merchant-records.ts';
import { GROUPS, QUEUES, type MerchantStore } from '../server/ports/merchant-store.ts';
import { groupOf, type QueueRule } from '../server/ports/table.ts';

const REQUESTS = Number(process.argv.find((a) => a.startsWith('--requests='))?.slice(11) ?? 400);
const ONLY = process.argv.find((a) => a.startsWith('--list='))?.slice(7);
const BACKEND = process.argv.find((a) => a.startsWith('--backend='))?.slice(10);
const runs = (backend: string) => BACKEND === undefined || BACKEND === backend;
const SIZES = [1_000, 100_000];
/** Transactions awaiting payout in the pending list's history, whatever its size. */
const AWAITING = 100;
/** Refunds of the listed transaction, whatever the size of the merchant's refunds. */
const OWN_REFUNDS = 10;

type Seeded = 'transactions' | 'refunds' | 'deliveries';
/** A seeded table's queue rule and group field, which the databases' rows carry (migrations 009, 010): the stores' own. */
const rulesOf = (table: Seeded) => ({
  queue: (QUEUES as Partial<Record<Seeded, QueueRule<never>>>)[table],
  group: (GROUPS as Partial<Record<Seeded, string>>)[table],
});

interface List {
  name: string;
  /** What the sizes count. */
  what: string;
  table: Seeded;
  path(tx: TransactionRecord): string;
  /** The control API's (no credentials: the machine's view) rather than the merchant API's. */
  control?: boolean;
  /** The answer's array and how many records it holds. */
  field: string;
  holds: [number, number];
  /** The seeded record `i` (0-based) of `n`, with id `id`, from the template transaction. */
  row(tx: TransactionRecord, i: number, n: number, id: number): Record<string, unknown>;
}
const LISTS: List[] = [
  {
    name: 'transactions', what: 'transactions', table: 'transactions', path: () => '/merchant/v2/transactions?limit=100', field: 'transactions', holds: [100, 100],
    row: (tx, _i, _n, id) => ({ ...tx, created_at: tx.created_at + id, invoice_number: `B${id}` }),
  },
  {
    name: 'pending', what: 'transactions', table: 'transactions', path: () => '/merchant/v2/payouts/pending/transactions', field: 'transactions',
    // 100 (101 once the template's own payment, made through the API, is confirmed).
    holds: [100, 101],
    // Settled (paid, with what was received); all but the newest AWAITING were paid out by payout 801.
    row: (tx, i, n, id) => ({
      ...tx, created_at: tx.created_at + id, invoice_number: `B${id}`, status: 'paid', amount_received: tx.amount_due, txid: `0x${String(i).padStart(64, '0')}`,
      payout_id: i < n - AWAITING ? 801 : null,
    }),
  },
  {
    name: 'refunds', what: 'refunds', table: 'refunds', path: (tx) => `/merchant/v2/transactions/${tx.id}/refunds`, field: 'refunds', holds: [OWN_REFUNDS, OWN_REFUNDS],
    // OWN_REFUNDS spread over the history refund the template transaction, the others other transactions.
    row: (tx, i, n, id) => ({
      merchant: tx.merchant, sandbox: true, kind: 'email', transaction_id: i % (n / OWN_REFUNDS) === 0 ? tx.id : 1_000_000 + i, created_at: tx.created_at + id,
      email: 'jane@example.com', amount_to_refund: null, amount_to_refund_fiat: '1.00', expires_at: tx.created_at + id + 86_400_000, status: 'refunded',
      txid: `0x${String(i).padStart(64, '0')}`, transaction_fees: '0.00001', webhook_url: null, send_email: false, currency: 'BTC', address: null,
      destination_tag: null, refund_transaction_id: null, payout_id: 801,
    }) satisfies Omit<RefundRecord, 'id'>,
  },
  {
    name: 'deliveries', what: 'delivery attempts', table: 'deliveries', path: () => '/sandbox/v1/deliveries?limit=100', control: true, field: 'deliveries', holds: [100, 100],
    // One attempt per webhook, delivered, as the webhook sender logs them.
    row: (tx, i, _n, id) => ({
      merchant: tx.merchant, webhook_id: `wh_${i}`, event: 'paymentFound', url: 'https://merchant.example/hooks', attempt: 1, at: tx.created_at + id,
      t: Math.floor((tx.created_at + id) / 1000), status: 200, ok: true, error: null, next_attempt_at: null, data: 'eyJpZCI6MX0=', subject: `payment:${1_000_000 + i}`,
      encoding: 'json', signature: 'a'.repeat(64), body: '{"data":"eyJpZCI6MX0="}',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': 'bench' }, duration_ms: 3, replay_of: null,
    }) satisfies Omit<DeliveryRecord, 'id'>,
  },
];
const CONFIG = (list: List) => ({ validate: 'none', logRequests: false, rateLimit: { enabled: false }, ...(list.control ? { sandbox: { controlApi: true } } : {}) }) as const;

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

/** `n` seeded records of the list's table from id `from`, with the columns the tables write beside the JSON. */
const copies = (txData: string, from: number, n: number, list: List) => {
  const tx = JSON.parse(txData) as TransactionRecord;
  const { queue, group } = rulesOf(list.table);
  return Array.from({ length: n }, (_, i) => {
    const id = from + i;
    const row = { ...list.row(tx, i, n, id), id };
    // In the table's queue (Table.queued) and group (Table.find) as the table would write it: by its rule and field.
    return {
      id, data: JSON.stringify(row), owner: tx.merchant, at: (row as { created_at?: number }).created_at ?? 0, queued: queue?.(row as never) ?? false,
      grp: groupOf(row, group) ?? null,
    };
  });
};

async function measure(url: string, list: List, tx: TransactionRecord, extraCpu: () => number): Promise<number> {
  const get = async () => {
    const res = await fetch(`${url}${list.path(tx)}`, { headers: list.control ? {} : { authorization: MERCHANT_AUTH } });
    const body = (await res.json()) as Record<string, unknown[]>;
    const got = body[list.field]?.length ?? -1;
    if (res.status !== 200 || got < list.holds[0] || got > list.holds[1]) throw new Error(`${list.name}: ${res.status} ${got}`);
  };
  for (let i = 0; i < 50; i++) await get(); // warm up
  const before = ownCpuMs() + extraCpu();
  for (let i = 0; i < REQUESTS; i++) await get();
  return ((ownCpuMs() + extraCpu() - before) * 1000) / REQUESTS;
}

/** The default store (no STATE, no DATABASE_URL): the merchant sandbox's in-memory tables. */
async function memory(size: number, list: List): Promise<number> {
  const merchant: MerchantStore = createMemoryMerchantStore();
  const app = createServer({ config: CONFIG(list), stores: { ...composeStores({ now: Date.now }), merchant } });
  const { url, server } = await listen(app);
  try {
    await template(url);
    const [tx] = await merchant.transactions.find({});
    for (const r of copies(JSON.stringify(tx), 0, size, list)) {
      const { id: _, ...fields } = JSON.parse(r.data) as { id: number };
      await (merchant[list.table] as unknown as { insert(f: object): Promise<unknown> }).insert(fields);
    }
    return await measure(url, list, tx!, () => 0);
  } finally {
    server.close();
  }
}

async function sqlite(size: number, list: List): Promise<number> {
  const state = new StateDb(join(mkdtempSync(join(tmpdir(), 'bench-lists-')), 'state.sqlite'));
  const app = createServer({ state, config: CONFIG(list) });
  const { url, server } = await listen(app);
  try {
    await template(url);
    await state.durable();
    const { data } = state.db.prepare('SELECT data FROM records WHERE kind = ?').get('merchant.transactions') as { data: string };
    const put = state.db.prepare('INSERT INTO records (kind, id, data, queued, grp) VALUES (?, ?, ?, ?, ?)');
    state.db.transaction(() => {
      for (const r of copies(data, 10_000_000, size, list)) put.run(`merchant.${list.table}`, r.id, r.data, r.queued ? 1 : 0, r.grp);
    })();
    return await measure(url, list, JSON.parse(data) as TransactionRecord, () => 0);
  } finally {
    server.close();
    state.close();
  }
}

async function postgres(size: number, list: List, pgUrl: string, postmaster: number): Promise<number> {
  const pg = await PgState.open(pgUrl, { poolSize: 4 });
  const app = createServer({ pg, config: CONFIG(list) });
  const { url, server } = await listen(app);
  try {
    await template(url);
    const { rows } = await pg.query<{ data: string }>('SELECT data FROM records WHERE kind = $1', ['merchant.transactions']);
    const all = copies(rows[0]!.data, 10_000_000, size, list);
    for (let i = 0; i < all.length; i += 5_000) {
      const chunk = all.slice(i, i + 5_000);
      // As pgTable writes them: the index columns (migrations 007, 009 and 010) beside the JSON.
      await pg.pool.query('INSERT INTO records (kind, id, data, owner, at, queued, grp) SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[], $5::bigint[], $6::boolean[], $7::text[])', [
        `merchant.${list.table}`, chunk.map((r) => r.id), chunk.map((r) => r.data), chunk.map((r) => r.owner), chunk.map((r) => r.at), chunk.map((r) => r.queued), chunk.map((r) => r.grp),
      ]);
    }
    await pg.pool.query('ANALYZE records');
    return await measure(url, list, JSON.parse(rows[0]!.data) as TransactionRecord, () => childrenCpuMs(postmaster));
  } finally {
    server.close();
    await pg.close();
  }
}

const lists = LISTS.filter((l) => ONLY === undefined || l.name === ONLY);
const out: Record<string, Record<number, number>> = {};
const what = Object.fromEntries(LISTS.map((l) => [l.name, l.what]));
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
  const unit = what[name.split(' ')[1]!];
  console.log(`${name}: ${Math.round(small!)} µs CPU per request with ${SIZES[0]!.toLocaleString('en')} ${unit}, ${Math.round(large!)} µs with ${SIZES[1]!.toLocaleString('en')}: ${(large! / small!).toFixed(2)}x`);
}
process.exit(0);
