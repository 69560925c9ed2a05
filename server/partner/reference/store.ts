// The partner reference implementation's state (issue part 5): registered users, merchant
// applications, and the rule that one e-mail owns at most one account, as an atomic claim (a
// unique index in a database). In memory now; reset() empties everything for tests.
import type { CreateMerchantApplicationRequest } from '../../../contracts/partner/applications.ts';
import { memoryTable, type Table } from '../../merchant/reference/table.ts';

export interface RegistrationRecord {
  id: number;
  partner_id: string;
  created_at: number;
  business_name: string;
  first_name: string;
  last_name: string;
  email: string;
  /** `scrypt$<salt hex>$<hash hex>`: the password itself is never stored. */
  password_hash: string;
  /** Decision P-states: inactive until the e-mailed confirmation link is followed. */
  status: 'inactive' | 'active';
}

export interface ApplicationRecord {
  id: number;
  partner_id: string;
  created_at: number;
  /** Decision P-states: approval happens out of band. */
  status: 'submitted';
  request: CreateMerchantApplicationRequest;
}

export interface PartnerStore {
  registrations: Table<RegistrationRecord>;
  applications: Table<ApplicationRecord>;
  /** Reserves an e-mail address for a new account; false when a registration or application already has it. */
  claimEmail(email: string): Promise<boolean>;
  reset(): Promise<void>;
}

/** E-mail addresses compare case-insensitively and without surrounding spaces. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

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
