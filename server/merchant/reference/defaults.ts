// The default handler set of the merchant API: the reference implementation (the sandbox:
// payments lifecycle, signed webhooks, invoices, refunds, payouts) over the server's stores.
// `createServer({ handlers })` replaces any of them.
import type { HandlerContext } from '../../api/module.ts';
import type { MerchantSandboxHooks } from './sandbox-hooks.ts';
import { inUnits } from '../../ports/units.ts';
import type { MerchantHandlers } from '../handler-map.ts';
import { merchantReferenceHandlers } from './index.ts';
import { onMerchantClocks } from './merchant-clocks.ts';
import { countMerchantRecords, removeMerchantRecords } from './reset.ts';
import { resumeSandbox } from './resume.ts';
import { MerchantSandbox } from './sandbox.ts';
import { merchantFixtures } from './sandbox-fixtures.ts';

export function defaultMerchantHandlers({ config, now, log, stores, control }: HandlerContext<MerchantSandboxHooks>): MerchantHandlers {
  const { units, outbox, merchant: store, invoiceNumbers } = stores;
  const sandbox = new MerchantSandbox({
    config, now, log,
    // With the control API, every lifecycle step and webhook retry runs on its test clock (S-clock).
    ...(control ? { timers: control.clock } : {}),
    ...(store ? { store } : {}),
    ...(invoiceNumbers ? { shared: { invoiceNumbers } } : {}),
    ...(units ? { units } : {}),
    ...(outbox ? { outbox } : {}),
  });
  control?.register({
    all: async () => {
      const removed = await countMerchantRecords(sandbox.store);
      await sandbox.reset();
      return removed;
    },
    merchant: (apiKey) => removeMerchantRecords(sandbox.store, apiKey),
  });
  if (control) control.deliveryLog = { deliveries: sandbox.store.deliveries, webhooks: sandbox.webhooks };
  // On a persistent store, what was scheduled before the restart is scheduled again, in one unit:
  // the timers it arms start once it committed.
  if (units) units.unit(() => resumeSandbox(sandbox, config.merchant.keys)).catch((e: unknown) => log(`[merchant-sandbox] resume failed: ${String(e)}`));
  // With the control API, each merchant's requests run on its own test clock (S-clock).
  const inUnitsHandlers = inUnits(units, merchantReferenceHandlers({ sandbox }));
  const handlers = control ? onMerchantClocks(control.clock, inUnitsHandlers) : inUnitsHandlers;
  if (control) control.fixtures.merchant = merchantFixtures(sandbox, handlers, config.merchant.keys);
  return handlers;
}
