// The default handler set of the exchange API: the reference implementation (the sandbox: an
// exchange with a matching engine, its commands journaled when the stores keep them).
// `createServer({ handlers })` replaces any of them.
import type { HandlerContext } from '../../api/module.ts';
import { answeredDurably } from '../../ports/units.ts';
import type { ExchangeHandlers } from '../handler-map.ts';
import { createExchangeReference } from './index.ts';

export function defaultExchangeHandlers({ config, now, stores, control }: HandlerContext): ExchangeHandlers {
  const { engine, handlers } = createExchangeReference(config, { now, ...(stores.journal ? { journal: stores.journal } : {}) });
  control?.register({ all: async () => engine.reset() });
  return answeredDurably(stores.units, handlers);
}
