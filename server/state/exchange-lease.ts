// The exchange writer lease of a state file: a lease row (exchange_lease: holder, fencing token,
// expiry) names one process. Every process on the file applies exchange writes (exchange-journal.ts:
// under SQLite's write lock, after catching up with the journal); the holder also runs the due
// cancels nobody else will: those a rebuild resumes (a takeover: their requester may be gone) and
// those it learned of from the journal (market-writers.ts). The holder renews the lease every third
// of its lifetime; another process takes over only once it has expired (its holder is gone), with
// the next token, rebuilding its engine from the journal. A write made as the holder is checked
// against the token inside its transaction, so a process that lost the lease never gets one applied.
import { randomUUID } from 'node:crypto';
import { StateUnavailableError } from '../core/errors.ts';
import type { ExchangeWriter, MarketId } from '../ports/engine-journal.ts';
import type { StateDb } from './db.ts';

interface LeaseRow {
  holder: string;
  token: number;
  expires_at: number;
}

export interface LeaseOptions {
  /** How long the lease holds unrenewed (ms). */
  ttlMs: number;
  /** Epoch ms (tests). */
  now?: () => number;
  log?: (line: string) => void;
  /** Every market of the exchange (what holding the lease lets this process write; for /readyz). */
  markets?: readonly MarketId[];
}

/** Why a write made as the lease's holder is refused: this process does not hold it (any more). */
export class LeaseNotHeldError extends StateUnavailableError {
  constructor(detail: string, market?: MarketId) {
    super(
      market === undefined
        ? `this process does not hold the exchange writer lease of this state file; ${detail}`
        : `exchange writes for market ${market} go to the instance holding its writer lease; ${detail}`,
    );
  }
}

export class ExchangeLease implements ExchangeWriter {
  /** This process's id in the lease row: pid and a random part (pids repeat across restarts). */
  readonly holder = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private token = 0;
  /** Local deadline: past it, without a renewal, this process stops writing even if nobody took over. */
  private heldUntil = 0;
  private timer: NodeJS.Timeout | undefined;
  private takeover: (() => void | Promise<void>) | undefined;
  private readonly now: () => number;
  private readonly read;
  private readonly upsert;
  private readonly renewStmt;

  constructor(private readonly state: StateDb, private readonly options: LeaseOptions) {
    this.now = options.now ?? Date.now;
    const db = state.db;
    this.read = db.prepare<[], LeaseRow>('SELECT holder, token, expires_at FROM exchange_lease WHERE id = 1');
    this.upsert = db.prepare<[string, number, number]>(
      'INSERT INTO exchange_lease (id, holder, token, expires_at) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, token = excluded.token, expires_at = excluded.expires_at',
    );
    this.renewStmt = db.prepare<[number, string, number]>('UPDATE exchange_lease SET expires_at = ? WHERE holder = ? AND token = ?');
  }

  /** On a state file the lease is whole-exchange: holding it means being the writer of every market. */
  markets(): MarketId[] {
    return this.held() ? [...(this.options.markets ?? [])] : [];
  }

  /** True while this process holds the lease (runs every market's orphaned due cancels; /readyz, metrics); one lease covers every market. */
  held(): boolean {
    return this.token !== 0 && this.now() < this.heldUntil;
  }

  /** Runs `fn` when this process takes the lease over from another (its engine rebuilds from the journal). */
  onTakeover(fn: () => void | Promise<void>): void {
    this.takeover = fn;
  }

  /** The fencing token of the held lease (0 when not held). */
  fencingToken(): number {
    return this.held() ? this.token : 0;
  }

  /** Tries to take the lease now, then keeps renewing it, or keeps watching for its expiry; closing the file gives it up. */
  start(): this {
    this.state.onClose(() => this.stop());
    this.poll();
    const every = Math.max(50, Math.floor(this.options.ttlMs / 3));
    this.timer = setInterval(() => this.poll(), every);
    this.timer.unref();
    return this;
  }

  /** Stops renewing; a held lease is given up (expired now) so another process takes over at once. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.token === 0 || !this.state.db.open) return;
    try {
      this.state.write(() => this.renewStmt.run(0, this.holder, this.token));
    } catch {
      // the lease then expires on its own
    }
    this.token = 0;
  }

  /** Throws LeaseNotHeldError (503) unless this process holds the lease (a write made as the holder). */
  assertWriter(): void {
    if (this.held()) return;
    const row = this.state.db.open ? this.read.get() : undefined;
    const who = row && row.holder !== this.holder ? `process ${row.holder} holds it until ${new Date(row.expires_at).toISOString()}` : 'the lease could not be renewed';
    throw new LeaseNotHeldError(who);
  }

  /** What a write made as the holder checks inside its transaction: this holder and token must still be the lease row's. */
  fence(): { holder: string; token: number } {
    this.assertWriter();
    return { holder: this.holder, token: this.token };
  }

  /** One renewal (holder) or takeover attempt (anyone else); the timer calls it every ttl / 3. */
  poll(): void {
    if (!this.state.db.open) return this.stop();
    const now = this.now();
    const until = now + this.options.ttlMs;
    try {
      if (this.token !== 0) {
        const renewed = this.state.write(() => this.renewStmt.run(until, this.holder, this.token).changes === 1);
        if (renewed) {
          this.heldUntil = until;
          this.state.onLost(() => (this.heldUntil = 0)); // not durable: stop writing at once, retry next tick
          return;
        }
        this.options.log?.(`exchange: this process (${this.holder}) lost the writer lease (token ${this.token}); it still applies exchange writes and leaves the due cancels of others to the new holder`);
        this.token = 0;
        this.heldUntil = 0;
      }
      const token = this.state.write(() => {
        const row = this.read.get();
        if (row && row.holder !== this.holder && row.expires_at > now) return 0;
        const next = (row?.token ?? 0) + 1;
        this.upsert.run(this.holder, next, until);
        return next;
      });
      if (token === 0) return;
      const takeover = this.state.db.prepare('SELECT count(*) AS n FROM exchange_commands').get() as { n: number };
      this.token = token;
      this.heldUntil = until;
      this.state.onLost(() => {
        this.token = 0;
        this.heldUntil = 0;
      });
      this.options.log?.(`exchange: this process (${this.holder}) holds the writer lease of ${this.state.path} (token ${token}; ${takeover.n} journal commands)`);
      void this.takeover?.();
    } catch (e) {
      // A storage fault: a holder runs others' due cancels until its local deadline; the next tick retries.
      this.options.log?.(`exchange: writer lease renewal failed (${e instanceof Error ? e.message : String(e)}); retrying`);
    }
  }
}

const leases = new WeakMap<StateDb, ExchangeLease>();

/** The exchange writer lease of a state file, started on first use (one per StateDb, however many servers use it). */
export function exchangeLeaseOf(state: StateDb, options: LeaseOptions): ExchangeLease {
  let lease = leases.get(state);
  if (!lease) {
    lease = new ExchangeLease(state, options).start();
    leases.set(state, lease);
  }
  return lease;
}

/** Registers a lease built elsewhere (tests). */
export function registerExchangeLease(state: StateDb, lease: ExchangeLease): void {
  leases.set(state, lease);
}

/**
 * Whether this process holds the exchange writer lease of `state`: true without a state file (one
 * process, memory) or without an exchange on it.
 */
export function holdsExchangeLease(state: StateDb | undefined): boolean {
  if (!state) return true;
  const lease = leases.get(state);
  return lease === undefined || lease.held();
}
