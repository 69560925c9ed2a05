// POST /user_registration (section 4.1, decision P2). The field rules the document states (password
// length, terms_of_service "true", e-mail format) are checked against it before the handler runs,
// and the partner error renderer answers their failures as 422 `{status: 0, message: [...]}`. The
// handler adds, with the same body, the rules JSON Schema cannot state: the confirmation must equal
// the password, and an e-mail registered once cannot register again.
import { partnerHandlers } from '../handler-map.ts';
import { hashPassword } from './passwords.ts';
import type { PartnerSandbox } from './sandbox.ts';
import { normalizeEmail } from '../../ports/partner-store.ts';

export const REGISTRATION_SUCCESS_MESSAGE = 'Registration successful. Please confirm your e-mail address to activate the account.';
export const DUPLICATE_EMAIL_MESSAGE = 'registration.email has already been registered';
export const CONFIRMATION_MESSAGE = 'registration.password_confirmation must equal password';

export function registrationHandlers(sb: PartnerSandbox) {
  return partnerHandlers({
    async registerUser({ body: { registration: r }, principal }) {
      if (r.password_confirmation !== r.password) return { status: 422, body: { status: 0, message: [CONFIRMATION_MESSAGE] } };
      if (!(await sb.store.claimEmail(r.email))) return { status: 422, body: { status: 0, message: [DUPLICATE_EMAIL_MESSAGE] } };
      await sb.store.registrations.insert({
        partner_id: principal.partnerId, created_at: sb.now(), business_name: r.business_name, first_name: r.first_name,
        last_name: r.last_name, email: normalizeEmail(r.email), password_hash: await hashPassword(r.password, sb.passwordHashCost), status: 'inactive',
      });
      return { status: 201, body: { status: 1, message: REGISTRATION_SUCCESS_MESSAGE } };
    },
  });
}
