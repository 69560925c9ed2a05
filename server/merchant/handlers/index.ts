// The default handler set of the merchant API: the reference implementation (the sandbox:
// payments lifecycle, signed webhooks, invoices, refunds, payouts). `createServer({ handlers })` replaces any of them.
import { merchantOperations } from '../../../contracts/merchant/operations.ts';
import type { MerchantPrincipal } from '../../auth/principal.ts';
import type { HandlerContext } from '../../http/api-module.ts';
import { merchantReferenceHandlers } from '../reference/index.ts';
import type { HandlerMap } from '../../handlers/types.ts';

export function defaultMerchantHandlers(ctx: HandlerContext): HandlerMap<typeof merchantOperations, MerchantPrincipal> {
  return merchantReferenceHandlers(ctx);
}
