// The default handler set of the exchange API. Replaced wholesale by the reference implementation
// (sandbox business logic); until then every operation answers 501 in the exchange error shape.
import { exchangeOperations } from '../../../contracts/exchange/operations.ts';
import type { ExchangePrincipal } from '../../auth/principal.ts';
import type { HandlerContext } from '../../http/api-module.ts';
import { notImplementedHandlers } from '../../handlers/not-implemented.ts';
import type { HandlerMap } from '../../handlers/types.ts';

export function defaultExchangeHandlers(_ctx: HandlerContext): HandlerMap<typeof exchangeOperations, ExchangePrincipal> {
  return notImplementedHandlers(exchangeOperations);
}
