// The exchange engine's journal (server/ports/engine-journal.ts) in the state file: one row per
// accepted command, appended in the request's write transaction before the engine's answer is
// returned.
//
// Shared by every process on the file (`sqliteSharedJournal`): any process applies any exchange
// write. Balances are shared by markets, so a command is applied only on top of every earlier one:
// a write runs as a unit of work inside the file's write transaction (BEGIN IMMEDIATE, held by
// this process's open batch: db.ts), where the engine first replays the rows other processes
// committed after the last one it applied, then applies and appends its own; the write is answered
// once its batch committed.
// SQLite's write lock is the journal's lock: no other process commits between the catch-up and
// the commit. A write made as the writer lease's holder (a due cancel nobody else will run,
// market-writers.ts) checks the lease's fencing token in the same transaction, so a stale holder's
// never commits. A read catches up without the lock, from the rows committed when it started.
import { StateUnavailableError } from '../core/errors.ts';
import type { EngineJournal, JournalEntry, MarketId, SharedJournal } from '../ports/engine-journal.ts';
import { toStateFailure, type StateDb } from './db.ts';
import { LeaseNotHeldError, type ExchangeLease } from './exchange-lease.ts';

type Row = { seq: number; at: number; command: string };

/** The journal of one process on the file (tests, tools): appends anywhere, no lock to take. */
export function sqliteJournal(state: StateDb): EngineJournal {
  const insert = state.db.prepare<[number, string]>('INSERT INTO exchange_commands (at, command) VALUES (?, ?)');
  const after = state.db.prepare<[number], Row>('SELECT seq, at, command FROM exchange_commands WHERE seq > ? ORDER BY seq');
  const clear = state.db.prepare('DELETE FROM exchange_commands');
  return {
    append: ({ at, cmd }: JournalEntry) => state.write(() => Number(insert.run(at, JSON.stringify(cmd)).lastInsertRowid)),
    *entries(afterSeq = 0) {
      for (const row of after.iterate(afterSeq)) yield { seq: row.seq, at: row.at, cmd: JSON.parse(row.command) };
    },
    clear: () => void state.write(() => clear.run()),
    onLost: (rebuild) => state.onLost(rebuild),
  };
}

export function sqliteSharedJournal(state: StateDb, lease: ExchangeLease): SharedJournal {
  return new SqliteSharedJournal(state, lease);
}

class SqliteSharedJournal implements SharedJournal {
  private readonly insert;
  private readonly between;
  private readonly all;
  private readonly bounds;
  private readonly clearAll;
  private readonly fence;
  /** Inside `exclusive` (the write transaction): appends are allowed only there. */
  private depth = 0;
  /**
   * The seq of the first row this process's engine knows (0: none). Seqs are never reused
   * (migration 008), so a journal whose first row is later than it, or which is empty, was reset
   * by another process.
   */
  private base = 0;
  /** The last seq committed when this process last looked (a read catches up to it, not past it). */
  private last = 0;
  private reset: (() => void) | undefined;
  /** SQLite's count of commits by other connections, when this process last looked (-1: never). */
  private version = -1;
  private readonly dataVersion;

  constructor(private readonly state: StateDb, private readonly lease: ExchangeLease) {
    const db = state.db;
    this.insert = db.prepare<[number, string]>('INSERT INTO exchange_commands (at, command) VALUES (?, ?)');
    this.between = db.prepare<[number, number], Row>('SELECT seq, at, command FROM exchange_commands WHERE seq > ? AND seq <= ? ORDER BY seq');
    this.all = db.prepare<[], Row>('SELECT seq, at, command FROM exchange_commands ORDER BY seq');
    // Two subqueries: min() and max() in one SELECT would scan the table instead of reading both ends of its key.
    this.bounds = db.prepare<[], { first: number | null; last: number | null }>(
      'SELECT (SELECT min(seq) FROM exchange_commands) AS first, (SELECT max(seq) FROM exchange_commands) AS last',
    );
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.clearAll = db.prepare('DELETE FROM exchange_commands');
    this.fence = db.prepare<[string, number]>('SELECT 1 FROM exchange_lease WHERE id = 1 AND holder = ? AND token = ?');
    this.look();
  }

  append({ at, cmd }: JournalEntry): number {
    if (this.depth === 0) throw new StateUnavailableError('exchange write outside the journal transaction');
    const seq = Number(this.insert.run(at, JSON.stringify(cmd)).lastInsertRowid);
    if (this.base === 0) this.base = seq;
    if (seq > this.last) this.last = seq;
    return seq;
  }

  *entries(afterSeq = 0): Iterable<JournalEntry> {
    // A rebuild takes the whole journal as it is now (consistent whoever reset it); a catch-up
    // stops at what was committed when this process last looked, so rows another process appended
    // after resetting are never applied on top of what the reset removed: the next look rebuilds.
    if (afterSeq !== 0 && afterSeq >= this.last) return; // nothing new since it looked: no query
    const rows = afterSeq === 0 ? this.all.iterate() : this.between.iterate(afterSeq, this.last);
    if (afterSeq === 0) this.base = 0;
    for (const row of rows) {
      if (this.base === 0) this.base = row.seq;
      if (row.seq > this.last) this.last = row.seq;
      yield { seq: row.seq, at: row.at, cmd: JSON.parse(row.command) as JournalEntry['cmd'] };
    }
  }

  clear(): void {
    if (this.depth === 0) throw new StateUnavailableError('exchange reset outside the journal transaction');
    this.clearAll.run();
    this.base = 0;
    this.last = 0;
    // Lost: the file keeps the rows this process's engine just forgot.
    this.state.onLost(() => this.reset?.());
  }

  onLost(rebuild: () => void): void {
    this.state.onLost(rebuild);
  }

  /** Only the lease's holder resumes pending cancels in a rebuild (the others leave them to it). */
  writable(): boolean {
    return this.lease.held();
  }

  onReset(fn: () => void): void {
    this.reset = fn;
  }

  refresh(): Promise<void> {
    try {
      this.look();
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(toStateFailure(e));
    }
  }

  exclusive<T>(fn: (asHolder: (market: MarketId) => void) => T): Promise<T> {
    // A unit of work of its own: units run one at a time, so the write never lands inside another
    // request's open step (one that awaits I/O), whose rollback would take the appended row with it.
    const applied = this.state.unit(async () => {
      this.look();
      this.depth++;
      try {
        return await fn((market) => this.asHolder(market));
      } finally {
        this.depth--;
      }
    });
    // Answered once its batch committed (a unit's commit comes after the unit).
    return applied.then(async (out) => (await this.state.durable(), out));
  }

  /** A write made as the lease's holder: refused unless the lease row still carries this process's token (read in the write transaction: nobody can take it over before the commit). */
  private asHolder(market: MarketId): void {
    const { holder, token } = this.lease.fence();
    if (this.fence.get(holder, token) === undefined) throw new LeaseNotHeldError(`this process's lease (token ${token}) was taken over`, market);
  }

  /** Reads where the journal stands: a reset by another process rebuilds the engine. */
  private look(): void {
    // Nobody else committed since the last look: this process's own appends and resets are known.
    const version = this.dataVersion.get()!;
    if (version === this.version) return;
    this.version = version;
    const { first, last } = this.bounds.get() ?? { first: null, last: null };
    this.last = last ?? 0;
    if (this.base !== 0 && (first === null || first > this.base)) {
      this.base = 0;
      this.reset?.();
    }
  }
}
