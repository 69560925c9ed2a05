// The sandbox's state file (STATE=path): one SQLite database in WAL mode, migrated on open.
// synchronous=NORMAL: in WAL mode a commit is written to the WAL before COMMIT returns, so a
// process crash (kill -9) loses nothing; only a power loss or OS crash can lose the last commits
// (the WAL is fsynced at checkpoints). FULL would fsync every commit and cost most of the
// throughput (bench/README.md). Several processes may share the file: writers take the write lock
// with BEGIN IMMEDIATE and wait up to busy_timeout for each other.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { StateUnavailableError } from '../errors.ts';
import { applyMigrations } from './migrate.ts';
import { StateError } from './state-error.ts';

export { StateError };

export interface StateOptions {
  /** How long a writer waits for another process's write lock (ms). */
  busyTimeoutMs?: number;
}

interface Unit {
  after: (() => void)[];
}

const isSqliteError = (e: unknown): e is Error & { code: string } =>
  e instanceof Error && typeof (e as { code?: unknown }).code === 'string' && (e as unknown as { code: string }).code.startsWith('SQLITE_');

/** A SQLite failure as the 503 of the API's error body; anything else (a domain error) unchanged. */
export function toStateFailure(e: unknown): unknown {
  return isSqliteError(e) ? new StateUnavailableError(e.code) : e;
}

export class StateDb {
  readonly db: Database.Database;
  private readonly units = new AsyncLocalStorage<Unit>();
  private queue: Promise<unknown> = Promise.resolve();
  private injected: { code: string; skip: number } | undefined;
  // Prepared once: exec() would parse the statement text on every request.
  private readonly begin: Database.Statement;
  private readonly commitStmt: Database.Statement;
  private readonly rollbackStmt: Database.Statement;

  constructor(readonly path: string, options: StateOptions = {}) {
    this.db = openFile(path, options.busyTimeoutMs ?? 5000);
    this.begin = this.db.prepare('BEGIN IMMEDIATE');
    this.commitStmt = this.db.prepare('COMMIT');
    this.rollbackStmt = this.db.prepare('ROLLBACK');
  }

  /**
   * Runs `fn` in one write transaction (BEGIN IMMEDIATE ... COMMIT), synchronously. Inside a unit
   * (see `unit`) it joins the unit's transaction. A SQLite failure rolls back and becomes a
   * StateUnavailableError (503).
   */
  write<T>(fn: () => T): T {
    if (this.db.inTransaction) return fn();
    try {
      this.begin.run();
    } catch (e) {
      throw toStateFailure(e);
    }
    try {
      const out = fn();
      this.commit();
      return out;
    } catch (e) {
      this.rollback();
      throw toStateFailure(e);
    }
  }

  /**
   * An async unit of work: one write transaction around `fn`, units one at a time (one connection,
   * one transaction). `fn` must only await the store, never network I/O: the transaction holds the
   * file's write lock until it ends. Work registered with `afterCommit` runs once it committed.
   */
  unit<T>(fn: () => Promise<T>): Promise<T> {
    if (this.units.getStore()) return fn();
    const run = async (): Promise<T> => {
      const unit: Unit = { after: [] };
      let out: T;
      try {
        this.begin.run();
      } catch (e) {
        throw toStateFailure(e);
      }
      try {
        out = await this.units.run(unit, fn);
        this.commit();
      } catch (e) {
        this.rollback();
        throw toStateFailure(e);
      }
      for (const f of unit.after) this.units.exit(f);
      return out;
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Inside a unit: runs `fn` after its commit (never after a rollback). Outside: now. */
  afterCommit(fn: () => void): void {
    const unit = this.units.getStore();
    if (unit) unit.after.push(fn);
    else fn();
  }

  get inUnit(): boolean {
    return this.units.getStore() !== undefined;
  }

  /**
   * Test hook: after `skip` more commits, the next one fails with `code` (e.g. SQLITE_FULL) and
   * rolls back, as a full disk would.
   */
  failNextCommit(code = 'SQLITE_FULL', skip = 0): void {
    this.injected = { code, skip };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private commit(): void {
    const inj = this.injected;
    if (inj !== undefined && inj.skip-- === 0) {
      this.injected = undefined;
      throw Object.assign(new Error(`injected ${inj.code}: database or disk is full`), { code: inj.code });
    }
    this.commitStmt.run();
  }

  private rollback(): void {
    if (this.db.inTransaction) this.rollbackStmt.run();
  }
}

function openFile(path: string, busyTimeoutMs: number): Database.Database {
  let db: Database.Database | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true });
    db = new Database(path);
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    if (mode !== 'wal') throw new StateError(`State file ${path}: cannot use WAL mode (got ${String(mode)})`);
    db.pragma('synchronous = NORMAL');
    applyMigrations(db, path);
    // A write now, so an unwritable file or directory fails at start rather than at the first request.
    db.exec('BEGIN IMMEDIATE; COMMIT');
    return db;
  } catch (e) {
    db?.close();
    if (e instanceof StateError) throw e;
    throw new StateError(`State file ${path} cannot be used: ${describe(e)}`);
  }
}

function describe(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  const message = e instanceof Error ? e.message : String(e);
  if (code === 'SQLITE_NOTADB') return `${message} (corrupt or not a SQLite file; move it away or choose another STATE)`;
  if (code === 'SQLITE_READONLY' || code === 'SQLITE_CANTOPEN' || code === 'EACCES' || code === 'EROFS') {
    return `${message} (check that the file and its directory are writable)`;
  }
  if (code === 'EEXIST' || code === 'ENOTDIR') return `${message} (a file is where the directory of STATE should be)`;
  return typeof code === 'string' ? `${message} (${code})` : message;
}
