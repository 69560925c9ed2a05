// The default handler set of the exchange API: the reference implementation (the sandbox: an
// in-memory exchange with a matching engine). `createServer({ handlers })` replaces any of them.
import { exchangeOperations } from '../../../contracts/exchange/operations.ts';
import type { ExchangePrincipal } from '../../auth/principal.ts';
import type { HandlerContext } from '../../http/api-module.ts';
import { createExchangeReference } from '../reference/index.ts';
import type { HandlerMap } from '../../handlers/types.ts';
import { sqliteJournal } from '../../state/exchange-journal.ts';
import { answeredDurably } from '../../state/units.ts';

export function defaultExchangeHandlers(ctx: HandlerContext): HandlerMap<typeof exchangeOperations, ExchangePrincipal> {
  const { handlers } = createExchangeReference(ctx.config, { now: ctx.now, ...(ctx.state ? { journal: sqliteJournal(ctx.state) } : {}) });
  return answeredDurably(ctx.state, handlers);
}
