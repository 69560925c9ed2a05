// The exchange handlers over a journal shared by every instance (the journal: a state file's,
// server/state/exchange-journal.ts, whose lock is SQLite's write lock; PostgreSQL's,
// server/state/pg/exchange-journal.ts, an advisory lock). Any instance applies any write: the write
// runs inside the journal's lock, where the engine first replays what other instances committed, so
// it is applied on top of every earlier command wherever it arrives, and it is answered once
// committed. A read first catches up with the committed journal.
// The writer lease of a market (server/state/exchange-lease.ts: one for every market of a state
// file; server/state/pg/exchange-lease.ts: one per market) names the instance that runs the
// market's due cancels nobody else will: those resumed by a rebuild (a takeover: the requester may
// be gone) and those it learned of from the journal. Those writes are made as the holder, so the
// journal checks the lease's fencing token in their transaction and a stale holder's never commit.
// A cancel requested here is also applied here when due; whoever comes second finds it applied.
import type { ExchangeEngine, MarketId } from '../engine/index.ts';
import type { ExchangeWriter, SharedJournal } from '../../ports/engine-journal.ts';
import type { ExchangeHandlers } from '../handler-map.ts';

/** The operations that change the exchange (they append to the journal). */
export const EXCHANGE_WRITES = new Set<string>(['createOrder', 'createOrders', 'cancelOrder', 'clearOrders']);

/**
 * Runs a due cancel inside the journal's lock: as the market's holder (fenced), or as the instance
 * that accepted its request. Rejects when the journal could not be written (the engine tries again
 * while the cancel is pending; a fenced write that lost rebuilt the engine, and the holder resumes it).
 */
export function gatedCancels(journal: SharedJournal, writer: ExchangeWriter, engine: () => ExchangeEngine) {
  return (market: MarketId, apply: () => void, requestedHere: boolean): Promise<void> | undefined => {
    if (!requestedHere && !writer.held(market)) return undefined; // the market's holder runs it (a takeover resumes it there)
    return journal.exclusive((asHolder) => {
      engine().catchUp();
      // Decided in the lock: the lease may have moved while the write waited for it.
      if (writer.held(market)) asHolder(market);
      else if (!requestedHere) return; // its new holder resumes it
      apply();
    });
  };
}

export function perMarketWriters(engine: ExchangeEngine, handlers: ExchangeHandlers, journal: SharedJournal, writer: ExchangeWriter): ExchangeHandlers {
  writer.onTakeover(async () => {
    await journal.refresh();
    engine.reload();
  });
  journal.onReset?.(() => engine.reload());
  const guarded: Record<string, (input: never) => unknown> = {};
  for (const [id, handler] of Object.entries(handlers) as [string, (input: never) => unknown][]) {
    guarded[id] = EXCHANGE_WRITES.has(id)
      ? (input) =>
          journal.exclusive(() => {
            engine.catchUp();
            return handler(input);
          })
      : async (input) => {
          await journal.refresh();
          engine.catchUp();
          return handler(input);
        };
  }
  return guarded as ExchangeHandlers;
}
