// Port: what makes the exchange engine durable, every accepted command (an order, a batch, a cancel
// request, an applied cancel, a sandbox balance change) with the time it ran at
// (server/exchange/engine/journal.ts replays them; server/state/exchange-journal.ts keeps them in the
// state file). The port owns the stored command shapes: the engine builds and replays them, each
// driver stores them, and none of them is the other's. Their fields are the contract's own types.
import type { OrderItem } from '../../contracts/exchange/requests.ts';
import type { MarketId } from '../../contracts/exchange/schemas.ts';
import type { ExchangeCurrency } from '../../contracts/sandbox/exchange-fixtures.ts';

export type { MarketId };

/** Decimal balances per currency (absent currencies untouched, or zero on a reset). */
export type Holdings = Partial<Record<ExchangeCurrency, string>>;

/**
 * The sandbox control API's commands on the exchange: one trader's data reset, and balances
 * loaded for a trader. Each carries every value it needs (the seed balances too), so a replay does
 * not depend on the configuration it runs under.
 */
export type SandboxCommand = { t: 'reset-user'; user: string; balances: Holdings } | { t: 'set-balances'; user: string; balances: Holdings };

/** One stored command; an order's input is one order of POST /orders (without its market). */
export type EngineCommand =
  | { t: 'place'; user: string; market: MarketId; input: OrderItem }
  | { t: 'multi'; user: string; market: MarketId; inputs: OrderItem[] }
  | { t: 'cancel-request'; ids: number[] }
  | { t: 'cancel'; id: number }
  | SandboxCommand;

export interface JournalEntry {
  at: number;
  cmd: EngineCommand;
  /** Position in the journal, when the journal numbers its entries (server/state). */
  seq?: number;
}

export interface EngineJournal {
  /** Stores an accepted command, durably, before it is acknowledged; throws when it cannot. Returns its seq, if numbered. */
  append(entry: JournalEntry): number | void;
  /** Every stored command, oldest first; with `afterSeq`, only those after it. */
  entries(afterSeq?: number): Iterable<JournalEntry>;
  /**
   * False while this process may not append (another process holds the exchange writer lease):
   * the engine then schedules no cancel of its own. Absent: always writable.
   */
  writable?(): boolean;
  /** Forgets every command (engine reset). */
  clear(): void;
  /**
   * With group commit, an appended command is durable only once its batch committed; if that
   * commit fails, `rebuild` must run (the engine's memory would hold commands the file lacks).
   */
  onLost?(rebuild: () => void): void;
}

/**
 * The writer lease of a journal shared by processes: of the whole exchange on a state file
 * (server/state/exchange-lease.ts), of each market on PostgreSQL (server/state/pg/exchange-lease.ts);
 * every process applies any write, and the holder also runs the orphaned due cancels. Whether
 * this process holds it, a refusal (503, 3001) when it does not, and a hook for when it takes the
 * writer's place over (its engine must then be rebuilt from the journal).
 */
export interface ExchangeWriter {
  /** Whether this process may write to `market` now (without one: to every market). */
  held(market?: MarketId): boolean;
  /** Throws the 503 (3001) refusal, naming the market, unless this process is the writer of `market` (of every market without one). */
  assertWriter(market?: MarketId): void;
  onTakeover(fn: () => void | Promise<void>): void;
  /** The markets whose writer this process is now (for /readyz). */
  markets(): MarketId[];
  /** The fencing token of this process's lease of `market` while it holds it (0 or undefined when not; metrics). */
  fencingToken?(market: MarketId): number | undefined;
  /** Resolves once the first lease round is done (a write at start waits for it rather than being refused). */
  ready?(): Promise<void>;
}

/**
 * A journal shared by instances (a state file's, server/state/exchange-journal.ts, locked by
 * SQLite's write lock; PostgreSQL's, server/state/pg/exchange-journal.ts): balances are shared by
 * markets, so a command may only be applied on top of every earlier command. A write runs inside
 * `exclusive`, on any instance: the journal is locked for this process, the entries other
 * processes wrote are fetched (the engine catches up with them inside `fn`), and its appends are
 * stored with the next sequence numbers in one transaction; the promise settles after the commit.
 * A write made as a market's lease holder (a due cancel the holder runs for the market) says so
 * with `asHolder(market)`, which throws the 503 refusal unless this instance holds the market; the
 * transaction then checks the lease's fencing token, so a stale holder's write never commits.
 */
export interface SharedJournal extends EngineJournal {
  exclusive<T>(fn: (asHolder: (market: MarketId) => void) => T): Promise<T>;
  /** Fetches the entries committed since the last fetch (reads then catch up without the lock). */
  refresh(): Promise<void>;
  /** Runs `fn` when another instance emptied the journal (sandbox reset): the engine rebuilds. */
  onReset?(fn: () => void): void;
}

export function isSharedJournal(journal: EngineJournal | undefined): journal is SharedJournal {
  return journal !== undefined && typeof (journal as Partial<SharedJournal>).exclusive === 'function';
}
