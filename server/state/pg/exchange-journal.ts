// The exchange journal on PostgreSQL, shared by every instance: any instance applies any write.
// Balances are shared by markets (usd by btcusd and ethusd), so a command is applied only on top of
// every earlier one: one global sequence, and every write runs in a batch that holds the journal's
// advisory lock (pg_advisory_xact_lock) from the catch-up to the commit:
//   BEGIN; lock; fetch the entries other instances committed (the engine replays them first);
//   run the waiting writes (the engine applies each in memory and appends to the batch);
//   check the fencing token of every market written as its lease holder (lease rows read FOR
//   SHARE); INSERT with the next seqs; COMMIT; then answer.
// Writes arriving together share one batch (group commit). A failed batch answers 503 to its
// writes and the engine rebuilds from the committed entries. The session's
// idle_in_transaction_session_timeout ends the transaction of a stalled instance, so its lock
// frees within the lease time. Entries are cached in memory (the engine replays them synchronously).
import { StateUnavailableError } from '../../core/errors.ts';
import { countStorageError } from '../../ports/tallies.ts';
import type { JournalEntry, MarketId, SharedJournal } from '../../ports/engine-journal.ts';
import { LeaseNotHeldError } from '../exchange-lease.ts';
import type { PgMarketLeases } from './exchange-lease.ts';
import type pg from 'pg';

/** Anything the journal's queries throw is a storage failure (503), never a 500. */
function asStateFailure(e: unknown): StateUnavailableError {
  if (e instanceof StateUnavailableError) return e;
  countStorageError('postgres');
  return new StateUnavailableError(`PostgreSQL: ${e instanceof Error ? e.message : String(e)}`);
}

type PgQueryable = pg.Pool | pg.PoolClient;

/** The advisory lock key of the journal (pg_advisory_xact_lock): 'exjn' as an integer. */
const JOURNAL_LOCK_KEY = 0x65786a6e;

interface Waiter {
  fn: (writes: (market: MarketId) => void) => unknown;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

interface Batch {
  entries: (JournalEntry & { seq: number })[];
  markets: Set<MarketId>;
  lost: Set<() => void>;
  applied: { out: unknown; w: Waiter }[];
  cleared: boolean;
}

export class PgExchangeJournal implements SharedJournal {
  private cache: (JournalEntry & { seq: number })[] = [];
  private lastSeq = 0;
  private batch: Batch | undefined;
  /** The batch from its opening to the end of its COMMIT: a rebuild meanwhile (a takeover, a reset) replays its entries too. */
  private pending: Batch | undefined;
  private readonly waiting: Waiter[] = [];
  private running = false;
  private client: pg.PoolClient | undefined;
  private fetching: Promise<void> | undefined;
  private reset: (() => void) | undefined;

  constructor(private readonly pool: pg.Pool, private readonly leases: PgMarketLeases, private readonly ttlMs: number) {}

  /** Loads every stored entry (before the engine is built on it). */
  async open(): Promise<this> {
    await this.refresh();
    return this;
  }

  /** Frees the journal's connection once the running batch ended. */
  async close(): Promise<void> {
    while (this.running) await new Promise((r) => setTimeout(r, 5));
    this.client?.release();
    this.client = undefined;
  }

  /** Runs `fn` when another instance emptied the journal (sandbox reset): the engine rebuilds. */
  onReset(fn: () => void): void {
    this.reset = fn;
  }

  append(entry: JournalEntry): number {
    const batch = this.batch;
    if (!batch) throw new StateUnavailableError('exchange write outside a journal transaction');
    const seq = this.lastSeq + batch.entries.length + 1;
    batch.entries.push({ at: entry.at, cmd: entry.cmd, seq });
    return seq;
  }

  *entries(afterSeq = 0): Iterable<JournalEntry> {
    const first = this.cache[0]?.seq ?? 0;
    for (let i = Math.max(0, afterSeq - first + 1); i < this.cache.length; i++) yield this.cache[i]!;
    // The running batch's appends, already applied in memory: an engine rebuilt while they commit
    // (a takeover's reload between two drains) keeps them, so the next command gets the same ids
    // as on replay. A failed batch rebuilds without them (onLost).
    const after = Math.max(afterSeq, this.cache.at(-1)?.seq ?? 0);
    for (const e of this.pending?.entries ?? []) if (e.seq > after) yield e;
  }

  clear(): void {
    const batch = this.batch;
    if (!batch) throw new StateUnavailableError('exchange reset outside a journal transaction');
    batch.cleared = true;
    batch.entries.length = 0;
    this.cache = [];
  }

  onLost(rebuild: () => void): void {
    this.batch?.lost.add(rebuild);
  }

  writable(): boolean {
    return this.leases.markets().length > 0;
  }

  refresh(): Promise<void> {
    // A read catches up first: PostgreSQL down is the 503 of a storage failure, as for a write.
    this.fetching ??= this.fetch(this.pool)
      .catch((e: unknown) => Promise.reject(asStateFailure(e)))
      .finally(() => (this.fetching = undefined));
    return this.fetching;
  }

  exclusive<T>(fn: (writes: (market: MarketId) => void) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.waiting.length > 0) await this.cycle();
    } finally {
      this.running = false;
    }
  }

  /** Committed entries after the last one cached; an emptied journal (first seq moved) reloads all. */
  private async fetch(db: PgQueryable): Promise<void> {
    const asked = this.lastSeq;
    const { rows } = await db.query<{ seq: string; at: string; command: string; first: string | null }>(
      'SELECT c.seq, c.at, c.command, (SELECT min(seq) FROM exchange_commands) AS first FROM (SELECT 0) x LEFT JOIN exchange_commands c ON c.seq > $1 ORDER BY c.seq',
      [asked],
    );
    const first = rows[0]?.first == null ? 0 : Number(rows[0].first);
    const cachedFirst = this.cache[0]?.seq ?? 0;
    // A reset shows only in an answer to the cache as it still is: a batch that committed while
    // this (lock-free) query ran may have filled an empty journal after the query read it.
    if (this.lastSeq === asked && this.cache.length > 0 && (first === 0 || first > cachedFirst)) {
      this.cache = [];
      this.lastSeq = first === 0 ? this.lastSeq : first - 1;
      if (first !== 0) await this.fetch(db);
      this.reset?.();
      return;
    }
    for (const r of rows) {
      if (r.seq == null) continue;
      const seq = Number(r.seq);
      if (seq <= this.lastSeq) continue;
      this.cache.push({ seq, at: Number(r.at), cmd: JSON.parse(r.command) });
      this.lastSeq = seq;
    }
  }

  private async connect(): Promise<pg.PoolClient> {
    if (this.client) return this.client;
    const client = await this.pool.connect();
    // PostgreSQL may end this held connection at any time, its first statement included (a restart,
    // an administrator's shutdown: 57P01): the client then emits 'error', which must never be an
    // uncaught exception of the process. It is discarded; the next cycle connects anew.
    client.on('error', () => this.discard(client));
    this.client = client;
    try {
      await client.query("SELECT set_config('idle_in_transaction_session_timeout', $1, false), set_config('lock_timeout', $2, false)", [
        String(this.ttlMs),
        String(4 * this.ttlMs),
      ]);
    } catch (e) {
      this.discard(client);
      throw e;
    }
    return client;
  }

  /** Gives a broken held connection back to the pool to be closed (once). */
  private discard(client: pg.PoolClient): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.release(true);
  }

  private drain(batch: Batch): void {
    for (let w = this.waiting.shift(); w; w = this.waiting.shift()) {
      try {
        const markets: MarketId[] = [];
        const out = w.fn((market) => {
          this.leases.assertWriter(market);
          markets.push(market);
        });
        for (const m of markets) batch.markets.add(m);
        // An async handler's refusal is answered after the commit: handled now, so Node does not
        // count it as an unhandled rejection meanwhile.
        if (out instanceof Promise) out.catch(() => undefined);
        batch.applied.push({ out, w });
      } catch (e) {
        w.reject(e);
      }
    }
  }

  private async cycle(): Promise<void> {
    const batch: Batch = { entries: [], markets: new Set(), lost: new Set(), applied: [], cleared: false };
    let client: pg.PoolClient | undefined;
    let drained = false;
    try {
      client = await this.connect();
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [JOURNAL_LOCK_KEY]);
      await this.fetch(client);
      this.batch = batch;
      this.pending = batch;
      drained = true;
      this.drain(batch);
      await new Promise((r) => setImmediate(r));
      this.drain(batch);
      this.batch = undefined;
      if (batch.markets.size > 0 && (batch.entries.length > 0 || batch.cleared)) await this.fence(client, batch);
      if (batch.cleared) await client.query('DELETE FROM exchange_commands');
      if (batch.entries.length > 0) {
        await client.query('INSERT INTO exchange_commands (seq, at, command) SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[])', [
          batch.entries.map((e) => e.seq),
          batch.entries.map((e) => e.at),
          batch.entries.map((e) => JSON.stringify(e.cmd)),
        ]);
      }
      await client.query('COMMIT');
    } catch (e) {
      this.batch = undefined;
      this.pending = undefined;
      const failure = asStateFailure(e);
      if (client) {
        try {
          await client.query('ROLLBACK');
        } catch {
          this.discard(client);
        }
      }
      // Memory may hold commands the database lacks: reload what is committed, then rebuild.
      if (batch.lost.size > 0 || batch.cleared) {
        this.cache = [];
        this.lastSeq = 0;
        await this.refresh().catch(() => undefined);
      }
      for (const f of batch.lost) f();
      for (const { w } of batch.applied) w.reject(failure);
      if (!drained) for (const w of this.waiting.splice(0)) w.reject(failure);
      return;
    }
    this.pending = undefined;
    // A refresh that ran during the COMMIT may have cached these entries already.
    for (const e of batch.entries) {
      if (e.seq <= this.lastSeq) continue;
      this.cache.push(e);
      this.lastSeq = e.seq;
    }
    for (const { out, w } of batch.applied) w.resolve(out);
  }

  /** Every market written as its holder: its lease row must still carry this instance's token (read FOR SHARE: no takeover before the commit). */
  private async fence(client: PgQueryable, batch: Batch): Promise<void> {
    const fences = this.leases.fences([...batch.markets]);
    const { rows } = await client.query<{ market: string; token: string }>(
      'SELECT market, token FROM exchange_leases WHERE holder = $1 AND market = ANY($2) FOR SHARE',
      [this.leases.holder, fences.map((f) => f.market)],
    );
    for (const f of fences) {
      if (!rows.some((r) => r.market === f.market && Number(r.token) === f.token)) {
        throw new LeaseNotHeldError(`this instance's lease (token ${f.token}) was taken over`, f.market);
      }
    }
  }
}
