// POST /merchant_applications (section 4.2): the application is stored as submitted and answered
// with a confirmation naming the applicant's e-mail. An unknown `user.currency` is answered 2004
// by the partner error renderer before the handler runs; an e-mail that already has an account
// (registered, or applied for) is refused here with 2003 (decision P-duplicates).
import { ApiDomainError } from '../../core/errors.ts';
import { partnerHandlers } from '../handler-map.ts';
import type { PartnerSandbox } from './sandbox.ts';

export const applicationConfirmation = (email: string): string =>
  `Merchant application submitted. ${email} will receive an e-mail once it is approved.`;

export function applicationHandlers(sb: PartnerSandbox) {
  return partnerHandlers({
    async createMerchantApplication({ body, principal }) {
      if (!(await sb.store.claimEmail(body.user.email))) {
        throw ApiDomainError.of('2003', 'A merchant with this e-mail address already exists', [{ 'user.email': 'has already been registered' }]);
      }
      await sb.store.applications.insert({ partner_id: principal.partnerId, created_at: sb.now(), status: 'submitted', request: body });
      return { status: 201, body: { success: true, message: applicationConfirmation(body.user.email) } };
    },
  });
}
