// The partner store (server/ports/partner-store.ts) in memory: the default when there is no state
// file. E-mail addresses are claimed in a Set; reset() empties everything for tests.
import { normalizeEmail, type ApplicationRecord, type PartnerStore, type RegistrationRecord } from '../../ports/partner-store.ts';
import { memoryTable } from '../../ports/table.ts';

export function createMemoryPartnerStore(): PartnerStore {
  const registrations = memoryTable<RegistrationRecord>(1);
  const applications = memoryTable<ApplicationRecord>(1);
  let emails = new Set<string>();
  return {
    registrations,
    applications,
    async claimEmail(email) {
      const key = normalizeEmail(email);
      if (emails.has(key)) return false;
      emails.add(key);
      return true;
    },
    async reset() {
      await Promise.all([registrations.reset(), applications.reset()]);
      emails = new Set();
    },
  };
}
