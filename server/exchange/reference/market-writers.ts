// The exchange handlers over a journal shared by the writers of different markets (the journal:
// server/state/pg/exchange-journal.ts). A write runs inside the journal's lock: the
// engine first replays what other instances committed, then the write names the markets it changes
// (refused with 503 3001 where this instance does not hold the market's writer lease), and it is
// answered once committed. A read first catches up with the committed journal. Taking a market over
// rebuilds the engine from the journal (the market's pending cancels are then this instance's).
import { MARKET_IDS, type ExchangeEngine, type MarketId } from '../engine/index.ts';
import type { ExchangeWriter, SharedJournal } from '../../ports/engine-journal.ts';
import type { ExchangeHandlers } from '../handler-map.ts';
import { userOf } from './accounts.ts';
import type { ExchangePrincipal } from '../../auth/principal.ts';

/** The operations that change the exchange (they append to the journal). */
export const EXCHANGE_WRITES = new Set<string>(['createOrder', 'createOrders', 'cancelOrder', 'clearOrders']);

interface WriteInput {
  body: { market?: MarketId; id?: number };
  principal: ExchangePrincipal;
}

/** The markets a write changes (an unknown order: none, the handler answers 404). */
function marketsOf(engine: ExchangeEngine, operationId: string, { body, principal }: WriteInput): MarketId[] {
  if (body.market !== undefined) return [body.market];
  const user = userOf(principal);
  if (operationId === 'cancelOrder') {
    const order = body.id === undefined ? undefined : engine.store.order(body.id);
    return order && order.userId === user ? [order.market.id] : [];
  }
  // clearOrders without a market: the markets where it requests a cancel.
  return MARKET_IDS.filter((m) => engine.store.userOrders(user, m).some((o) => o.state === 'wait' && !o.cancelRequested));
}

/** Runs a due cancel where this instance writes its market, inside the journal's lock. */
export function gatedCancels(journal: SharedJournal, writer: ExchangeWriter, engine: () => ExchangeEngine) {
  return (market: MarketId, apply: () => void): void => {
    if (!writer.held(market)) return; // the market's holder runs it (a takeover reschedules it here)
    journal
      .exclusive((writes) => {
        engine().catchUp();
        writes(market);
        apply();
      })
      .catch(() => undefined); // refused or lost: the engine rebuilt and rescheduled it
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
      ? async (input) => {
          await writer.ready?.();
          return journal.exclusive((writes) => {
            engine.catchUp();
            for (const m of marketsOf(engine, id, input as WriteInput)) writes(m);
            return handler(input);
          });
        }
      : async (input) => {
          await journal.refresh();
          engine.catchUp();
          return handler(input);
        };
  }
  return guarded as ExchangeHandlers;
}
