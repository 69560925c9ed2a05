// The default handler set of the partner API: the reference implementation (registrations and
// merchant applications) over the server's stores. `createServer({ handlers })` replaces any of them.
import type { HandlerContext } from '../../api/module.ts';
import { inUnits } from '../../ports/units.ts';
import type { PartnerHandlers } from '../handler-map.ts';
import { partnerReferenceHandlers } from './index.ts';
import { PartnerSandbox } from './sandbox.ts';

export function defaultPartnerHandlers({ config, now, stores, control }: HandlerContext): PartnerHandlers {
  const sandbox = new PartnerSandbox({ now, passwordHashCost: config.partner.passwordHashCost, ...(stores.partner ? { store: stores.partner } : {}) });
  control?.register({
    all: async () => {
      const counts = { 'partner.registrations': (await sandbox.store.registrations.find()).length, 'partner.applications': (await sandbox.store.applications.find()).length };
      await sandbox.reset();
      return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
    },
  });
  return inUnits(stores.units, partnerReferenceHandlers({ sandbox }));
}
