// The sandbox's state in PostgreSQL (DATABASE_URL): the units of work (server/ports/units.ts) of
// several instances on several hosts sharing one database. Decision (docs/decisions.md, "State on
// PostgreSQL"):
// - A unit is one transaction on one pooled client, carried by AsyncLocalStorage: every query of
//   the unit (and of units nested in it, which join it) goes to that client. The unit's promise
//   resolves only after COMMIT returned, so `inUnits` answers a request only once it is committed;
//   `afterCommit` work runs after COMMIT, never when the transaction rolled back.
// - Isolation SERIALIZABLE: the checks the handlers make by reading then writing (refunds capped at
//   what was received, balances, ids as max(id) + 1) hold across instances because PostgreSQL
//   aborts one of two transactions that would not have been serial (40001), or one of a deadlock
//   (40P01). Such a unit is run again from the start (only database effects happen inside a unit;
//   the rest waits for afterCommit), at most `retries` times, after a random pause. Uniqueness
//   claims (invoice numbers, e-mail addresses) are primary keys, so they hold by constraint too.
// - No process-local state decides anything; a PostgreSQL failure (refused connection, pool
//   exhausted beyond its wait, server shut down, retries exhausted) is a StateUnavailableError
//   (503, the request was not applied), as with the state file.
//
// API for the stores (pg/*.ts) and the exchange journal: `query` (in the current unit, or a unit of
// its own), `unit`, `write` (a fire-and-forget statement for synchronous interfaces: inside a unit
// it is part of the unit; outside, its own transaction, awaited by `durable()`), `afterCommit`,
// `durable`, `ready` (readyz), `close`.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { StateUnavailableError } from '../../core/errors.ts';
import { countStorageError } from '../../ports/tallies.ts';
import { undoAll, type UnitsOfWork } from '../../ports/units.ts';
import { StateError } from '../state-error.ts';
import { applyPgMigrations } from './migrate.ts';

export interface PgOptions {
  /** Most connections this process opens (config `database.poolSize`, default 10). */
  poolSize?: number;
  /** How many times a unit aborted by a serialization failure or deadlock is run again (default 30: a hot row, e.g. one payment refunded from many requests at once, lets one unit through per round). */
  retries?: number;
  /** How long a unit waits for a free connection before failing with 503 (ms, default 5000). */
  connectTimeoutMs?: number;
  log?: (line: string) => void;
}

interface Unit {
  client: pg.PoolClient;
  after: (() => void)[];
  /** Compensations of effects outside the database (afterRollback): run when the transaction rolls back. */
  undo: (() => void)[];
  /** Statements issued without being awaited (`write`): awaited before COMMIT. */
  pending: Promise<unknown>[];
  /** Records this transaction wrote or read, by table and id, as stored text (pg-table.ts: no second read of them). */
  rows: Map<string, string>;
  /** What opens the transaction, sent in front of its first statement (none sent yet while set). */
  begin: string | undefined;
  /** Writes whose answer nobody needs (`defer`): sent in front of the next statement, or of COMMIT. */
  deferred: string[];
  /**
   * Set once the unit's function is over. A timer or callback created inside the unit still carries
   * it as its context; its statements then run in a unit of their own, never on this unit's client
   * (by then back in the pool, perhaps in another unit's transaction).
   */
  ended: boolean;
}

/** `params` as SQL literals in `sql` (for statements sent together in one message), or undefined when one cannot be. */
function inlined(client: pg.PoolClient, sql: string, params: unknown[]): string | undefined {
  const literals: string[] = [];
  for (const v of params) {
    if (v === null || v === undefined) literals.push('NULL');
    else if (typeof v === 'number' && Number.isFinite(v)) literals.push(String(v));
    else if (typeof v === 'bigint') literals.push(String(v));
    else if (typeof v === 'boolean') literals.push(v ? 'TRUE' : 'FALSE');
    else if (typeof v === 'string') literals.push(client.escapeLiteral(v));
    else return undefined;
  }
  return sql.replace(/\$(\d+)/g, (_, n: string) => literals[Number(n) - 1]!);
}

/**
 * The driver, loaded by the first open: a server without DATABASE_URL never loads it (a tenth of
 * a process's start). Nothing below runs before an open.
 */
let driver: typeof pg | undefined;
const loadDriver = async (): Promise<typeof pg> => (driver ??= (await import('pg')).default);

const RETRYABLE = new Set(['40001', '40P01']);

/** Attempts after which a unit runs alone (RETRY_LOCK_KEY exclusive; every other unit holds it shared). */
const ALONE_AFTER = 2;
/** The advisory lock of units: 'rtry' as an integer (the exchange journal's is 'exjn'). */
const RETRY_LOCK_KEY = 0x72747279;

const codeOf = (e: unknown): string | undefined => {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** A database or connection failure (not a domain error thrown by a handler). */
function isPgFailure(e: unknown): boolean {
  if (driver && e instanceof driver.DatabaseError) return true;
  const code = codeOf(e);
  if (code && /^E[A-Z]+$/.test(code)) return true; // ECONNREFUSED, ECONNRESET, ETIMEDOUT...
  const message = e instanceof Error ? e.message : '';
  return /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Cannot use a pool after calling end/.test(message);
}

/** A PostgreSQL failure as the 503 of the API's error body; anything else (a domain error) unchanged. */
export function toPgFailure(e: unknown): unknown {
  if (e instanceof StateUnavailableError || !isPgFailure(e)) return e;
  countStorageError('postgres');
  return new StateUnavailableError(`PostgreSQL: ${codeOf(e) ?? (e as Error).message}`);
}

export class PgState implements UnitsOfWork {
  readonly kind = 'postgres';
  private readonly units = new AsyncLocalStorage<Unit>();
  /** Stand-alone writes (`write` outside a unit) not yet committed: what `durable()` waits for. */
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly retries: number;
  private readonly connectTimeoutMs: number;
  private readonly log: ((line: string) => void) | undefined;
  private closed = false;
  /** Counters since open: transactions committed, units run again after 40001/40P01, statements sent, attempts run alone (benchmarks, tests). */
  readonly stats = { commits: 0, retries: 0, statements: 0, alone: 0 };

  /**
   * Bans running when this process opened the database, by scope (an API): a rate limiter is built
   * synchronously and loads its bans at start (server/ports/rate-limit.ts BanStore.load), as with the state file.
   */
  readonly bansAtOpen: ReadonlyMap<string, readonly (readonly [string, number])[]>;

  private constructor(readonly pool: pg.Pool, options: PgOptions, bans: Map<string, [string, number][]>) {
    this.bansAtOpen = bans;
    this.retries = options.retries ?? 30;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5000;
    this.log = options.log;
  }

  /** Connects, applies the migrations (one instance at a time, pg/migrate.ts) and returns the state; throws StateError when it cannot. */
  static async open(url: string, options: PgOptions = {}): Promise<PgState> {
    const { Pool } = await loadDriver();
    const pool = new Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: options.connectTimeoutMs ?? 5000 });
    guardClients(pool, options.log);
    const bans = new Map<string, [string, number][]>();
    try {
      await applyPgMigrations(pool, url);
      const { rows } = await pool.query<{ scope: string; client: string; until: string }>('SELECT scope, client, until FROM bans WHERE until > $1', [Date.now()]);
      for (const r of rows) bans.set(r.scope, [...(bans.get(r.scope) ?? []), [r.client, Number(r.until)]]);
    } catch (e) {
      await pool.end().catch(() => undefined);
      throw e instanceof StateError ? e : new StateError(`PostgreSQL (DATABASE_URL) cannot be used: ${(e as Error).message}`);
    }
    return new PgState(pool, options, bans);
  }

  /** The unit whose function is running in this async context, if any (a finished one's context is none). */
  private current(): Unit | undefined {
    const unit = this.units.getStore();
    return unit && !unit.ended ? unit : undefined;
  }

  /** Runs `fn` as one transaction (joining the current one when there is one); retried on 40001/40P01. */
  async unit<T>(fn: () => Promise<T>): Promise<T> {
    if (this.current()) return fn();
    for (let attempt = 0; ; attempt++) {
      try {
        // A unit aborted twice runs its next attempts alone: every unit holds the retry lock shared
        // and such a unit holds it exclusive, so it waits for the units running, holds new ones back
        // (PostgreSQL queues a shared request behind a waiting exclusive one) and cannot be aborted
        // again. Without it, many requests at once on one table (refunds read their transaction's
        // refunds) aborted one another past every retry: 503 to a valid request under load.
        return await this.once(fn, attempt >= ALONE_AFTER);
      } catch (e) {
        const code = codeOf(e);
        if (code && RETRYABLE.has(code) && attempt < this.retries) {
          this.stats.retries++;
          await pause(attempt);
          continue;
        }
        if (code && RETRYABLE.has(code)) {
          countStorageError('postgres_retries_exhausted');
          throw new StateUnavailableError(`PostgreSQL: ${code} after ${attempt + 1} attempts`);
        }
        throw toPgFailure(e);
      }
    }
  }

  /**
   * The records the current transaction already wrote or read, by key (undefined outside a unit).
   * Within one transaction a record it wrote reads back as written, so reading it again is a round
   * trip for nothing; the map dies with the attempt (a retried unit starts empty).
   */
  unitRows(): Map<string, string> | undefined {
    return this.current()?.rows;
  }

  /** Rows of `sql` with `params` ($1, $2...), in the current unit, or in a unit of its own. */
  async query<R extends object = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<pg.QueryResult<R>> {
    const unit = this.current();
    this.stats.statements++;
    if (unit) return this.send<R>(unit, sql, params);
    return this.unit(() => this.query<R>(sql, params));
  }

  /**
   * A write inside the current unit whose answer nobody waits for (pg-table's updates): it travels
   * in front of the unit's next statement or of its COMMIT, in the same round trip. A failure fails
   * the unit there. Outside a unit, a statement of its own.
   */
  async defer(sql: string, params: unknown[] = []): Promise<void> {
    const unit = this.current();
    const text = unit ? inlined(unit.client, sql, params) : undefined;
    if (!unit || text === undefined) return void (await this.query(sql, params));
    this.stats.statements++;
    unit.deferred.push(text);
  }

  /**
   * One statement of `unit`, in order (the client queues them): with the unit's BEGIN and deferred
   * writes still to send, all go in one message (simple protocol, parameters as literals), and the
   * answer is the last statement's; otherwise a prepared statement.
   */
  private send<R extends object>(unit: Unit, sql: string, params: unknown[]): Promise<pg.QueryResult<R>> {
    const front = [...(unit.begin ? [unit.begin] : []), ...unit.deferred];
    if (front.length === 0) return unit.client.query<R>(this.prepared(sql, params));
    const text = inlined(unit.client, sql, params);
    unit.begin = undefined;
    unit.deferred = [];
    if (text === undefined) {
      // Its failure aborts the transaction, which the statement after it then reports.
      unit.client.query(front.join('; ')).catch(() => undefined);
      return unit.client.query<R>(this.prepared(sql, params));
    }
    return unit.client.query(`${front.join('; ')}; ${text}`).then((r) => (Array.isArray(r) ? r.at(-1) : r) as pg.QueryResult<R>);
  }

  /**
   * A statement for a synchronous interface (the outbox, bans): inside a unit it joins the unit (the
   * client runs statements in order, so it precedes COMMIT; a failure fails the unit); outside, it is
   * its own transaction, and `durable()` waits for it (a failure there is logged, and `durable()` rejects with it).
   */
  write(sql: string, params: unknown[] = []): void {
    const unit = this.current();
    if (unit) {
      unit.pending.push(this.send(unit, sql, params));
      return;
    }
    const done: Promise<unknown> = this.query(sql, params).finally(() => this.inflight.delete(done));
    // Handled here (one log line), so a failure nobody awaits never crashes the process; `durable()` still rejects with it.
    done.catch((e: unknown) => this.log?.(`PostgreSQL: a write outside a request failed: ${(e as Error).message}`));
    this.inflight.add(done);
  }

  /** Resolves once every stand-alone write issued so far is committed; rejects (503) when one failed. Units are committed when their promise resolves. */
  async durable(): Promise<void> {
    if (this.inflight.size === 0) return;
    await Promise.all([...this.inflight]);
  }

  /** Runs `fns` once the current unit committed (at once outside a unit); never when it rolled back. */
  afterCommit(...fns: (() => void)[]): void {
    const unit = this.current();
    if (unit) unit.after.push(...fns);
    else for (const f of fns) this.units.exit(f);
  }

  /** Runs `fns` if the current unit rolls back (before it is run again after a serialization failure); outside a unit: never. */
  afterRollback(...fns: (() => void)[]): void {
    this.current()?.undo.push(...fns);
  }

  private readonly sequences = new Map<string, Promise<string>>();

  /**
   * The (quoted) name of sequence `name`, created when missing, starting at `start`. Ids come from
   * sequences, not max(id) + 1: two transactions numbering rows of one table at once would always
   * conflict under SERIALIZABLE (one aborted and run again per insert), while nextval never does.
   * The price: an aborted transaction leaves a gap in the ids. It creates the sequence on a
   * connection of its own, outside the pool, so units holding every pooled connection while they
   * wait for it cannot starve it.
   */
  sequence(name: string, start: number): Promise<string> {
    if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`sequence name ${name}: lower-case letters, digits and _ only`);
    let made = this.sequences.get(name);
    if (!made) {
      const quoted = `"${name}"`;
      made = this.outsidePool(`CREATE SEQUENCE IF NOT EXISTS ${quoted} MINVALUE 1 START WITH ${Math.trunc(start)}`).then(
        () => quoted,
        // Two instances creating it at once: the loser sees the winner's (unique violation on the catalog).
        (e: unknown) => (codeOf(e) === '23505' || codeOf(e) === '42P07' ? quoted : Promise.reject(toPgFailure(e))),
      );
      made.catch((e: unknown) => {
        this.sequences.delete(name);
        this.log?.(`PostgreSQL: creating sequence ${name} failed: ${(e as Error).message}`);
      });
      this.sequences.set(name, made);
    }
    return made;
  }

  private async outsidePool(sql: string): Promise<void> {
    const client = new driver!.Client({ connectionString: this.pool.options.connectionString, connectionTimeoutMillis: this.connectTimeoutMs });
    // An ended connection is this statement's failure, never an uncaught 'error' event.
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Resolves when the database answers a query (`GET /readyz`). */
  async ready(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  /** Waits for stand-alone writes, then closes the pool. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.durable().catch(() => undefined);
    await this.pool.end();
  }

  private readonly names = new Map<string, string>();

  /** A named (prepared once per connection, then only bound and run) statement: PostgreSQL parses and plans it once. */
  private prepared(text: string, values: unknown[]): pg.QueryConfig {
    let name = this.names.get(text);
    if (!name) {
      name = `s${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return { name, text, values };
  }

  private async once<T>(fn: () => Promise<T>, alone = false): Promise<T> {
    const client = await this.pool.connect();
    const unit: Unit = { client, after: [], undo: [], pending: [], rows: new Map(), begin: undefined, deferred: [], ended: false };
    let broken: Error | undefined;
    // The connection may be ended by PostgreSQL between two statements of the unit (a restart: 57P01):
    // the client's 'error' is this unit's failure (its next statement fails), never an uncaught exception.
    const onError = (e: Error) => (broken = e);
    client.on('error', onError);
    let locked = false;
    try {
      if (alone) {
        // Taken before BEGIN, for the session: the transaction's snapshot must come after the units
        // it waited for committed, or it would still conflict with them.
        await client.query(`SELECT pg_advisory_lock(${RETRY_LOCK_KEY})`);
        locked = true;
        this.stats.alone++;
        unit.begin = 'BEGIN ISOLATION LEVEL SERIALIZABLE';
      } else {
        unit.begin = `BEGIN ISOLATION LEVEL SERIALIZABLE; SELECT pg_advisory_xact_lock_shared(${RETRY_LOCK_KEY})`;
      }
      // BEGIN is sent in front of the unit's first statement (one round trip less); a unit that
      // sends nothing sends no BEGIN and no COMMIT.
      let out: T;
      try {
        try {
          out = await this.units.run(unit, fn);
        } finally {
          unit.ended = true;
        }
        await Promise.all(unit.pending);
      } catch (e) {
        // Issued statements may still be queued: let them settle before the rollback.
        await Promise.allSettled(unit.pending);
        if (!unit.begin) await client.query('ROLLBACK').catch((r: Error) => (broken = r));
        undoAll(unit.undo);
        throw e;
      }
      if (!unit.begin || unit.deferred.length > 0) {
        try {
          // The deferred writes and COMMIT in one message: the first failure stops it, then ROLLBACK.
          await client.query([...(unit.begin ? [unit.begin] : []), ...unit.deferred, 'COMMIT'].join('; '));
        } catch (e) {
          await client.query('ROLLBACK').catch((r: Error) => (broken = r));
          undoAll(unit.undo);
          throw e;
        }
      }
      this.stats.commits++;
      for (const f of unit.after) this.units.exit(f);
      return out;
    } catch (e) {
      if (isPgFailure(e) && !codeOf(e)?.match(/^(40|23)/)) broken = e as Error;
      throw e;
    } finally {
      // The session lock of a unit run alone is given back; a connection that cannot is closed (which frees it).
      if (locked && !broken) await client.query(`SELECT pg_advisory_unlock(${RETRY_LOCK_KEY})`).catch((e: Error) => (broken = e));
      // A client whose connection failed is discarded rather than handed to the next unit.
      client.off('error', onError);
      client.release(broken);
    }
  }
}

/**
 * No 'error' of a pooled connection is ever an uncaught exception of the process. The pool listens
 * on its idle clients only: from the moment it hands a client out to the moment the holder's own
 * listener is attached there is a gap (the promise of `pool.connect()` resolves a microtask later),
 * and PostgreSQL shutting down sends its 57P01 in the same packet as the answer that freed the
 * client, which emitted 'error' into that gap: an instance died when PostgreSQL stopped under load.
 * So every client carries a listener of its own from its connection on; a holder still learns of
 * the failure from its own listener (or its next statement), and an idle client's loss is logged.
 */
function guardClients(pool: pg.Pool, log: ((line: string) => void) | undefined): void {
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('error', (e) => log?.(`PostgreSQL: idle connection lost: ${e.message}`));
}

/** A random pause before running an aborted unit again ("full jitter"): up to 2 ms at first, doubling, at most 100 ms. */
function pause(attempt: number): Promise<void> {
  const ms = 1 + Math.random() * Math.min(100, 2 ** (attempt + 1));
  return new Promise((resolve) => setTimeout(resolve, ms));
}
