// The default handler set of the partner API. Replaced wholesale by the reference implementation;
// until then every operation answers 501 in the partner error shape.
import { partnerOperations } from '../../../contracts/partner/operations.ts';
import type { PartnerPrincipal } from '../../auth/principal.ts';
import type { HandlerContext } from '../../http/api-module.ts';
import { notImplementedHandlers } from '../../handlers/not-implemented.ts';
import type { HandlerMap } from '../../handlers/types.ts';

export function defaultPartnerHandlers(_ctx: HandlerContext): HandlerMap<typeof partnerOperations, PartnerPrincipal> {
  return notImplementedHandlers(partnerOperations);
}
