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
import { StateUnavailableError } from '../core/errors.ts';
import { countStorageError } from '../ports/tallies.ts';
import { undoAll } from '../ports/units.ts';
import { startCheckpointer, type Checkpointer } from './checkpointer.ts';
import { applyMigrations } from './migrate.ts';
import { StateError } from './state-error.ts';

export { StateError };

export interface StateOptions {
  /** How long a writer waits for another process's write lock (ms). */
  busyTimeoutMs?: number;
  /** Checkpoint the WAL from a worker thread instead of inside commits (npm start; state/checkpointer.ts). */
  checkpointInWorker?: boolean;
  log?: (line: string) => void;
}

const isSqliteError = (e: unknown): e is Error & { code: string } =>
  e instanceof Error && typeof (e as { code?: unknown }).code === 'string' && (e as unknown as { code: string }).code.startsWith('SQLITE_');

/** A SQLite failure as the 503 of the API's error body; anything else (a domain error) unchanged. */
export function toStateFailure(e: unknown): unknown {
  if (!isSqliteError(e)) return e;
  countStorageError('sqlite');
  return new StateUnavailableError(e.code);
}

/** The open group of writes: committed together, acknowledged together. */
interface Batch {
  waiters: { resolve: () => void; reject: (e: unknown) => void }[];
  after: (() => void)[];
  lost: Set<() => void>;
}

interface Unit {
  after: (() => void)[];
  /** Compensations (afterRollback): run when the unit's step is undone or its batch lost. */
  undo: (() => void)[];
  /**
   * Set once the unit's step is over. A timer or callback created inside the unit (an exchange
   * cancel scheduled by a write, a sandbox lifecycle step) still carries it as its context; its
   * writes then belong to no unit (their own step), never to the finished one, which has no
   * transaction left to join.
   */
  ended: boolean;
}

/**
 * Group commit: writes of requests that arrive together go into one transaction (the batch),
 * each in its own savepoint so a request that fails rolls back alone; the batch commits on the
 * next turn of the event loop, and a request is answered only once its batch committed
 * (`durable`). One commit serves many requests; nothing is acknowledged before its commit.
 */
export class StateDb {
  readonly db: Database.Database;
  private readonly units = new AsyncLocalStorage<Unit>();
  private queue: Promise<unknown> = Promise.resolve();
  private activeUnits = 0;
  // A commit that found a unit still running: it runs once the last unit ended (no polling).
  private flushDeferred = false;
  private batch: Batch | undefined;
  private injected: { code: string; skip: number; lasting?: boolean } | undefined;
  private readonly checkpointer: Checkpointer | undefined;
  private readonly closers: (() => void)[] = [];
  // Prepared once: exec() would parse the statement text on every request.
  private readonly stmts: Record<'begin' | 'commit' | 'rollback' | 'savepoint' | 'release' | 'rollbackTo', Database.Statement>;

  constructor(readonly path: string, options: StateOptions = {}) {
    this.db = openFile(path, options.busyTimeoutMs ?? 5000);
    // Steps never overlap (units run one at a time), so one savepoint name serves; SQLite resolves
    // a repeated name to the innermost, should a synchronous write ever land inside a unit's step.
    const p = (sql: string) => this.db.prepare(sql);
    this.stmts = {
      begin: p('BEGIN IMMEDIATE'), commit: p('COMMIT'), rollback: p('ROLLBACK'),
      savepoint: p('SAVEPOINT step'), release: p('RELEASE step'), rollbackTo: p('ROLLBACK TO step'),
    };
    if (options.checkpointInWorker) {
      this.db.pragma('wal_autocheckpoint = 0');
      this.checkpointer = startCheckpointer(path, 1000, options.log);
    }
  }

  /**
   * Runs `fn` as one all-or-nothing step of the current batch, synchronously (inside a unit it is
   * part of the unit's step). A SQLite failure undoes the step and becomes a StateUnavailableError
   * (503). Durable once `durable()` resolves.
   */
  write<T>(fn: () => T): T {
    if (this.current()) return fn();
    return this.step(fn);
  }

  /**
   * An async unit of work, one step of the batch around `fn`; units run one at a time (one
   * connection). `fn` must only await the store, never network I/O, so that a unit never spans
   * a batch commit. Work registered with `afterCommit` runs once the batch committed.
   */
  unit<T>(fn: () => Promise<T>): Promise<T> {
    if (this.current()) return fn();
    const run = async (): Promise<T> => {
      const unit: Unit = { after: [], undo: [], ended: false };
      this.activeUnits++;
      try {
        let out: T;
        try {
          out = await this.stepAsync(() => this.units.run(unit, fn));
        } catch (e) {
          unit.ended = true;
          undoAll(unit.undo);
          throw e;
        }
        unit.ended = true;
        this.afterCommit(...unit.after);
        if (unit.undo.length > 0) this.batch?.lost.add(() => undoAll(unit.undo));
        return out;
      } finally {
        if (--this.activeUnits === 0 && this.flushDeferred) {
          this.flushDeferred = false;
          setImmediate(() => this.flush());
        }
      }
    };
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Resolves once everything written so far is committed; rejects with a 503 error if that commit failed (inside a unit: at once). */
  durable(): Promise<void> {
    // Inside a unit nothing of it can commit yet: whoever started the unit waits for its commit.
    if (this.current()) return Promise.resolve();
    const batch = this.batch;
    if (!batch) return Promise.resolve();
    return new Promise((resolve, reject) => batch.waiters.push({ resolve, reject }));
  }

  /** Runs `fns` once what was written so far is committed (never if it rolls back); inside a unit, once the unit's batch did. */
  afterCommit(...fns: (() => void)[]): void {
    const unit = this.current();
    if (unit) unit.after.push(...fns);
    else if (this.batch) this.batch.after.push(...fns);
    else for (const f of fns) this.units.exit(f);
  }

  /** Runs `fns` if the current unit's step is undone or its batch lost (never outside a unit). */
  afterRollback(...fns: (() => void)[]): void {
    this.current()?.undo.push(...fns);
  }

  /** When the current batch is lost (its commit failed), `fn` runs: in-memory caches rebuild themselves from the file. */
  onLost(fn: () => void): void {
    this.batch?.lost.add(fn);
  }

  /**
   * Test hook: after `skip` more commits, the next one fails with `code` (e.g. SQLITE_FULL) and
   * rolls back, as a full disk would.
   */
  failNextCommit(code = 'SQLITE_FULL', skip = 0): void {
    this.injected = { code, skip };
  }

  /** Test hook: every commit fails with `code` until clearFault(), as a disk that stays full would. */
  failCommits(code = 'SQLITE_FULL'): void {
    this.injected = { code, skip: 0, lasting: true };
  }

  clearFault(): void {
    this.injected = undefined;
  }

  /** Runs `fn` when the file is closed, before the last commit (a lease is given up there). */
  onClose(fn: () => void): void {
    this.closers.push(fn);
  }

  /** Commits what is pending, then closes the file. */
  close(): void {
    if (!this.db.open) return;
    for (const fn of this.closers.splice(0)) fn();
    this.flush();
    this.db.close();
    void this.checkpointer?.stop();
  }

  /** The unit whose step is running in this async context, if any (a finished one's context is none). */
  private current(): Unit | undefined {
    const unit = this.units.getStore();
    return unit && !unit.ended ? unit : undefined;
  }

  private open(): void {
    if (this.batch) return;
    try {
      this.stmts.begin.run();
    } catch (e) {
      throw toStateFailure(e);
    }
    this.batch = { waiters: [], after: [], lost: new Set() };
    setImmediate(() => this.flush());
  }

  private step<T>(fn: () => T): T {
    this.open();
    this.stmts.savepoint.run();
    try {
      const out = fn();
      this.stmts.release.run();
      return out;
    } catch (e) {
      this.undo();
      throw toStateFailure(e);
    }
  }

  private async stepAsync<T>(fn: () => Promise<T>): Promise<T> {
    this.open();
    this.stmts.savepoint.run();
    try {
      const out = await fn();
      this.stmts.release.run();
      return out;
    } catch (e) {
      this.undo();
      throw toStateFailure(e);
    }
  }

  private undo(): void {
    if (!this.db.inTransaction) return;
    this.stmts.rollbackTo.run();
    this.stmts.release.run();
  }

  /** Commits the batch; a unit still running (it awaited a timer or I/O) is waited for. */
  private flush(): void {
    const batch = this.batch;
    if (!batch) return;
    if (this.activeUnits > 0 && this.db.open) {
      this.flushDeferred = true;
      return;
    }
    this.batch = undefined;
    try {
      const inj = this.injected;
      if (inj !== undefined && (inj.lasting || inj.skip-- === 0)) {
        if (!inj.lasting) this.injected = undefined;
        throw Object.assign(new Error(`injected ${inj.code}: database or disk is full`), { code: inj.code });
      }
      this.stmts.commit.run();
    } catch (e) {
      if (this.db.inTransaction) this.stmts.rollback.run();
      const failure = toStateFailure(e);
      for (const f of batch.lost) f();
      for (const w of batch.waiters) w.reject(failure);
      return;
    }
    for (const w of batch.waiters) w.resolve();
    for (const f of batch.after) this.units.exit(f);
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
