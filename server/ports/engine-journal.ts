// Port: what makes the exchange engine durable, every accepted command (an order, a batch, a cancel
// request, an applied cancel) with the time it ran at (server/exchange/engine/journal.ts replays
// them; server/state/exchange-journal.ts keeps them in the state file).
import type { MarketId, OrderInput } from '../exchange/engine/wire.ts';

export type EngineCommand =
  | { t: 'place'; user: string; market: MarketId; input: OrderInput }
  | { t: 'multi'; user: string; market: MarketId; inputs: OrderInput[] }
  | { t: 'cancel-request'; ids: number[] }
  | { t: 'cancel'; id: number };

export interface JournalEntry {
  at: number;
  cmd: EngineCommand;
}

export interface EngineJournal {
  /** Stores an accepted command, durably, before it is acknowledged; throws when it cannot. */
  append(entry: JournalEntry): void;
  /** Every stored command, oldest first. */
  entries(): Iterable<JournalEntry>;
  /** Forgets every command (engine reset). */
  clear(): void;
  /**
   * With group commit, an appended command is durable only once its batch committed; if that
   * commit fails, `rebuild` must run (the engine's memory would hold commands the file lacks).
   */
  onLost?(rebuild: () => void): void;
}
