// The default handler set of the exchange API: the reference implementation (the sandbox: an
// exchange with a matching engine, its commands journaled when the stores keep them; with a journal
// shared by processes, a state file's or PostgreSQL's, any instance applies any write under the
// journal's lock, market-writers.ts). `createServer({ handlers })` replaces any of them.
import type { HandlerContext, SandboxHooks } from '../../api/module.ts';
import { isSharedJournal } from '../../ports/engine-journal.ts';
import { answeredDurably } from '../../ports/units.ts';
import type { ExchangeEngine } from '../engine/index.ts';
import type { ExchangeHandlers } from '../handler-map.ts';
import { createExchangeReference } from './index.ts';
import { gatedCancels, perMarketWriters } from './market-writers.ts';
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
  return answeredDurably(stores.units, handlers);
}
