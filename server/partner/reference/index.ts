// The partner reference implementation: the complete handler map over a PartnerSandbox. Pass a
// sandbox you made (tests keep it to inspect the store) or the options to make one (the server
// passes its HandlerContext; only `now` is read).
import { applicationHandlers } from './applications.ts';
import type { PartnerHandlers } from './handler-types.ts';
import { registrationHandlers } from './registration.ts';
import { PartnerSandbox, type PartnerSandboxOptions } from './sandbox.ts';

export type PartnerReferenceDeps = PartnerSandboxOptions | { sandbox: PartnerSandbox };

export function partnerReferenceHandlers(deps: PartnerReferenceDeps = {}): PartnerHandlers {
  const sb = 'sandbox' in deps ? deps.sandbox : new PartnerSandbox(deps);
  return { ...registrationHandlers(sb), ...applicationHandlers(sb) };
}

export { PartnerSandbox, createPartnerSandbox, type PartnerSandboxOptions } from './sandbox.ts';
export { createMemoryPartnerStore, normalizeEmail, type PartnerStore, type RegistrationRecord, type ApplicationRecord } from './store.ts';
export { hashPassword, verifyPassword } from './passwords.ts';
export type { PartnerHandlers } from './handler-types.ts';
