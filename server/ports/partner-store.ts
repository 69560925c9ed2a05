// Port: the partner sandbox's state: registered users, merchant applications, and the rule that
// one e-mail owns at most one account, as an atomic claim (a unique index in a database).
// Implemented in memory (server/partner/reference/store.ts) and in the state file (server/state/stores.ts).
import type { CreateMerchantApplicationRequest } from '../../contracts/partner/applications.ts';
import type { Table } from './table.ts';

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
