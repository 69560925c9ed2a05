// One exchange writer per state file, enforced: the matching engine keeps its book in
// memory, so two processes appending to one journal would each match against half the orders. A
// lease row in the state file (exchange_lease: holder, fencing token, expiry) names the one
// process that may append. The holder renews it every third of its lifetime; a process that does
// not hold it refuses exchange writes (503 3001) and says so in one log line, and takes over only
// once the lease has expired (its holder is gone), with the next token, rebuilding its book from
// the journal. Every append carries the token and is refused inside the same transaction when the
// token is no longer the lease's, so a process that lost its lease never gets a write applied.
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

/** Why a write is refused while another process holds the lease. */
export class LeaseNotHeldError extends StateUnavailableError {
  constructor(detail: string, market?: MarketId) {
    super(
      market === undefined
        ? `exchange writes go to the process holding the writer lease of this state file; ${detail}`
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
  private saidRefused = false;
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

  /** On a state file the lease is whole-exchange: holding it means writing every market. */
  markets(): MarketId[] {
    return this.held() ? [...(this.options.markets ?? [])] : [];
  }

  /** True while this process holds the lease and may write to the exchange (for /readyz); one lease covers every market. */
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

  /** Throws 503 (3001) unless this process holds the lease; logs the first refusal. */
  assertWriter(): void {
    if (this.held()) return;
    const row = this.state.db.open ? this.read.get() : undefined;
    const who = row && row.holder !== this.holder ? `process ${row.holder} holds it until ${new Date(row.expires_at).toISOString()}` : 'the lease could not be renewed';
    if (!this.saidRefused) {
      this.saidRefused = true;
      this.options.log?.(`exchange: this process (${this.holder}) does not hold the writer lease of ${this.state.path} (${who}); it refuses exchange writes with 503 3001 and takes over when the lease expires`);
    }
    throw new LeaseNotHeldError(who);
  }

  /** SQL condition an append adds inside its transaction: the token is still the lease's. */
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
        this.options.log?.(`exchange: this process (${this.holder}) lost the writer lease (token ${this.token}); it refuses exchange writes from now on`);
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
      this.saidRefused = false;
      this.state.onLost(() => {
        this.token = 0;
        this.heldUntil = 0;
      });
      this.options.log?.(`exchange: this process (${this.holder}) holds the writer lease of ${this.state.path} (token ${token}; ${takeover.n} journal commands)`);
      void this.takeover?.();
    } catch (e) {
      // A storage fault: a holder keeps writing until its local deadline, then refuses; the next tick retries.
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
 * Whether this process may write to the exchange of `state`: true without a state file (one
 * process, memory) or without an exchange on it, else whether it holds the writer lease. For /readyz.
 */
export function holdsExchangeLease(state: StateDb | undefined): boolean {
  if (!state) return true;
  const lease = leases.get(state);
  return lease === undefined || lease.held();
}
