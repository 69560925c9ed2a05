// The default handler set of the merchant API: the reference implementation (the sandbox:
// payments lifecycle, signed webhooks, invoices, refunds, payouts). `createServer({ handlers })` replaces any of them.
import { merchantOperations } from '../../../contracts/merchant/operations.ts';
import type { MerchantPrincipal } from '../../auth/principal.ts';
import type { HandlerContext } from '../../http/api-module.ts';
import { merchantReferenceHandlers } from '../reference/index.ts';
import { resumeSandbox } from '../reference/resume.ts';
import { MerchantSandbox } from '../reference/sandbox.ts';
import { inUnits } from '../../state/units.ts';
import type { HandlerMap } from '../../handlers/types.ts';

export function defaultMerchantHandlers(ctx: HandlerContext): HandlerMap<typeof merchantOperations, MerchantPrincipal> {
  if (!ctx.state) return merchantReferenceHandlers(ctx);
  // On a state file: what was scheduled before the restart is scheduled again.
  const sandbox = new MerchantSandbox(ctx);
  // One unit: the timers it arms start once it committed (StateDb.afterCommit).
  const state = ctx.state;
  state.unit(() => resumeSandbox(sandbox, ctx.config.merchant.keys)).catch((e: unknown) => ctx.log(`[merchant-sandbox] resume failed: ${String(e)}`));
  return inUnits(ctx.state, merchantReferenceHandlers({ sandbox }));
}
