// The default handler set of the partner API: the reference implementation (registrations and
// merchant applications in memory). `createServer({ handlers })` replaces any of them.
import { partnerOperations } from '../../../contracts/partner/operations.ts';
import type { PartnerPrincipal } from '../../auth/principal.ts';
import type { HandlerContext } from '../../http/api-module.ts';
import { partnerReferenceHandlers } from '../reference/index.ts';
import { PartnerSandbox } from '../reference/sandbox.ts';
import { createSqlitePartnerStore } from '../../state/stores.ts';
import { inUnits } from '../../state/units.ts';
import type { HandlerMap } from '../../handlers/types.ts';

export function defaultPartnerHandlers(ctx: HandlerContext): HandlerMap<typeof partnerOperations, PartnerPrincipal> {
  if (!ctx.state) return partnerReferenceHandlers(ctx);
  const sandbox = new PartnerSandbox({ now: ctx.now, store: createSqlitePartnerStore(ctx.state) });
  return inUnits(ctx.state, partnerReferenceHandlers({ sandbox }));
}
