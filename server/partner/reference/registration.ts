// POST /user_registration (section 4.1, decision P2). The field rules (password length and
// confirmation, terms_of_service "true", e-mail format) are checked before the handler runs: the
// OpenAPI validator and the Zod schema, whose failures the partner error renderer answers as
// 422 `{status: 0, message: [...]}`. The handler adds the rule only state can check: an e-mail
// registered once cannot register again.
import { partnerHandlers } from '../handler-map.ts';
import { hashPassword } from './passwords.ts';
import type { PartnerSandbox } from './sandbox.ts';
import { normalizeEmail } from '../../ports/partner-store.ts';

export const REGISTRATION_SUCCESS_MESSAGE = 'Registration successful. Please confirm your e-mail address to activate the account.';
export const DUPLICATE_EMAIL_MESSAGE = 'registration.email has already been registered';

export function registrationHandlers(sb: PartnerSandbox) {
  return partnerHandlers({
    async registerUser({ body: { registration: r }, principal }) {
      if (!(await sb.store.claimEmail(r.email))) return { status: 422, body: { status: 0, message: [DUPLICATE_EMAIL_MESSAGE] } };
      await sb.store.registrations.insert({
        partner_id: principal.partnerId, created_at: sb.now(), business_name: r.business_name, first_name: r.first_name,
        last_name: r.last_name, email: normalizeEmail(r.email), password_hash: await hashPassword(r.password), status: 'inactive',
      });
      return { status: 201, body: { status: 1, message: REGISTRATION_SUCCESS_MESSAGE } };
    },
  });
}
