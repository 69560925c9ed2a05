// The default handler set of the merchant API. Replaced wholesale by the reference implementation
// (sandbox lifecycle, webhooks); until then every operation answers 501 in the merchant error shape.
import { merchantOperations } from '../../../contracts/merchant/operations.ts';
import type { MerchantPrincipal } from '../../auth/principal.ts';
import type { HandlerContext } from '../../http/api-module.ts';
import { notImplementedHandlers } from '../../handlers/not-implemented.ts';
import type { HandlerMap } from '../../handlers/types.ts';

export function defaultMerchantHandlers(_ctx: HandlerContext): HandlerMap<typeof merchantOperations, MerchantPrincipal> {
  return notImplementedHandlers(merchantOperations);
}
