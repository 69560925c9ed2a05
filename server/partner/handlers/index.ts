// The default handler set of the partner API: the reference implementation (registrations and
// merchant applications in memory). `createServer({ handlers })` replaces any of them.
import { partnerOperations } from '../../../contracts/partner/operations.ts';
import type { PartnerPrincipal } from '../../auth/principal.ts';
import type { HandlerContext } from '../../http/api-module.ts';
import { partnerReferenceHandlers } from '../reference/index.ts';
import type { HandlerMap } from '../../handlers/types.ts';

export function defaultPartnerHandlers(ctx: HandlerContext): HandlerMap<typeof partnerOperations, PartnerPrincipal> {
  return partnerReferenceHandlers(ctx);
}
