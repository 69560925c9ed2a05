// The default handler set of the exchange API: the reference implementation (the sandbox: an
// exchange with a matching engine, its commands journaled when the stores keep them; with a journal
// shared by processes, only the one holding the writer lease accepts writes).
// `createServer({ handlers })` replaces any of them.
import type { HandlerContext } from '../../api/module.ts';
import { answeredDurably } from '../../ports/units.ts';
import type { ExchangeHandlers } from '../handler-map.ts';
import { createExchangeReference } from './index.ts';
import { exchangeFixtures } from './sandbox-fixtures.ts';

/** The operations that change the exchange (they append to the journal). */
const WRITES = new Set<string>(['createOrder', 'createOrders', 'cancelOrder', 'clearOrders']);

export function defaultExchangeHandlers({ config, now, stores, control }: HandlerContext): ExchangeHandlers {
  const { engine, handlers } = createExchangeReference(config, { now, ...(stores.journal ? { journal: stores.journal } : {}) });
  control?.register({ all: async () => engine.reset() });
  if (control) control.fixtures.exchange = exchangeFixtures(engine);
  const writer = stores.exchangeWriter;
  if (!writer) return answeredDurably(stores.units, handlers);
  // One writer per shared journal: the others refuse writes (503, 3001) and answer reads from the
  // journal the writer appends; a takeover rebuilds the engine from it.
  writer.onTakeover(() => engine.reload());
  const guarded: Record<string, (input: never) => unknown> = {};
  for (const [id, handler] of Object.entries(handlers) as [string, (input: never) => unknown][]) {
    guarded[id] = WRITES.has(id)
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
