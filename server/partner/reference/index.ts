// The partner reference implementation: the complete handler map over a PartnerSandbox. Pass a
// sandbox you made (tests keep it to inspect the store) or the options to make one. The server's
// default set over its stores: defaults.ts.
import { applicationHandlers } from './applications.ts';
import type { PartnerHandlers } from '../handler-map.ts';
import { registrationHandlers } from './registration.ts';
import { PartnerSandbox, type PartnerSandboxOptions } from './sandbox.ts';

export type PartnerReferenceDeps = PartnerSandboxOptions | { sandbox: PartnerSandbox };

export function partnerReferenceHandlers(deps: PartnerReferenceDeps = {}): PartnerHandlers {
  const sb = 'sandbox' in deps ? deps.sandbox : new PartnerSandbox(deps);
  return { ...registrationHandlers(sb), ...applicationHandlers(sb) };
}

export { PartnerSandbox, createPartnerSandbox, type PartnerSandboxOptions } from './sandbox.ts';
export { createMemoryPartnerStore } from './store.ts';
export { normalizeEmail, type PartnerStore, type RegistrationRecord, type ApplicationRecord } from '../../ports/partner-store.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export type { PartnerHandlers } from '../handler-map.ts';
