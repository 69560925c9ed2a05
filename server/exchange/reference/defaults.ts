// The default handler set of the exchange API: the reference implementation (the sandbox: an
// exchange with a matching engine, its commands journaled when the stores keep them; with a journal
// shared by processes: on a state file only the one holding the writer lease accepts writes, on
// PostgreSQL any instance applies any write under the journal's lock, market-writers.ts).
// `createServer({ handlers })` replaces any of them.
import type { HandlerContext, SandboxHooks } from '../../api/module.ts';
import { isSharedJournal } from '../../ports/engine-journal.ts';
import { answeredDurably } from '../../ports/units.ts';
import type { ExchangeEngine } from '../engine/index.ts';
import type { ExchangeHandlers } from '../handler-map.ts';
import { createExchangeReference } from './index.ts';
import { EXCHANGE_WRITES, gatedCancels, perMarketWriters } from './market-writers.ts';
import { exchangeFixtures, journaledFixtures, type ExchangeFixtures } from './sandbox-fixtures.ts';

/** What the exchange's reference handlers attach to the sandbox control: its reset and its fixtures. */
export interface ExchangeSandboxHooks extends SandboxHooks {
  readonly fixtures: { exchange?: ExchangeFixtures };
}

export function defaultExchangeHandlers({ config, now, stores, control }: HandlerContext<ExchangeSandboxHooks>): ExchangeHandlers {
  const journal = stores.journal;
  const writer = stores.exchangeWriter;
  if (isSharedJournal(journal) && writer) {
    let built: ExchangeEngine | undefined;
    const { engine, handlers } = createExchangeReference(config, { now, journal, cancelGate: gatedCancels(journal, writer, () => built!) });
    built = engine;
    // A reset empties the journal (the other instances rebuild when they see it); fixtures
    // (balances, an order book, a trader reset) run in the journal's lock too, on any instance.
    control?.register({ all: () => journal.exclusive(() => engine.reset()) });
    if (control) control.fixtures.exchange = journaledFixtures(engine, journal);
    return answeredDurably(stores.units, perMarketWriters(engine, handlers, journal, writer));
  }
  const { engine, handlers } = createExchangeReference(config, { now, ...(journal ? { journal } : {}) });
  control?.register({ all: async () => engine.reset() });
  if (control) control.fixtures.exchange = exchangeFixtures(engine);
  if (!writer) return answeredDurably(stores.units, handlers);
  // One writer per shared journal: the others refuse writes (503, 3001) and answer reads from the
  // journal the writer appends; a takeover rebuilds the engine from it.
  writer.onTakeover(() => void engine.reload());
  const guarded: Record<string, (input: never) => unknown> = {};
  for (const [id, handler] of Object.entries(handlers) as [string, (input: never) => unknown][]) {
    guarded[id] = EXCHANGE_WRITES.has(id)
      ? (input) => {
          writer.assertWriter();
          return handler(input);
        }
      : (input) => {
          if (!writer.held()) engine.catchUp();
          return handler(input);
        };
  }
  return answeredDurably(stores.units, guarded as ExchangeHandlers);
}
