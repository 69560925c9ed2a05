// The partner API in the server: Bearer or Basic on every operation (P1), the partner error body,
// registration's own `{status: 0, message: [...]}` for validation failures (P2), and rate limiting
// per credential (decision P-rate).
import { PartnerErrorSchema } from '../../contracts/shared/errors.ts';
import { partnerOperations } from '../../contracts/partner/operations.ts';
import { partnerAuth, createPartnerVerifier } from '../auth/partner.ts';
import { partnerPrincipal, type PartnerPrincipal } from '../auth/principal.ts';
import type { ValidationIssue } from '../errors.ts';
import type { HandlerMap } from '../handlers/types.ts';
import type { ApiModule } from '../http/api-module.ts';
import { renderApiFailure } from '../http/render-api.ts';
import { ipKey } from '../rate-limit.ts';
import { defaultPartnerHandlers } from './handlers/index.ts';

export type PartnerOperations = typeof partnerOperations;
export type PartnerHandlers = HandlerMap<PartnerOperations, PartnerPrincipal>;

/** Operations whose 422 is their own body rather than PartnerError (registration, P2). */
const OWN_VALIDATION_BODY = new Set(
  Object.entries(partnerOperations as Record<string, { responses: Record<number, { schema?: unknown }> }>)
    .filter(([, op]) => op.responses[422]?.schema !== undefined && op.responses[422]?.schema !== PartnerErrorSchema)
    .map(([id]) => id),
);

/** `registration.email must match format "email"`: the field first, as the P2 message list shows. */
export const registrationMessages = (issues: readonly ValidationIssue[]): string[] =>
  issues.map((i) => `${i.field || i.location} ${i.message}`);

export const partnerApi: ApiModule<PartnerOperations, PartnerPrincipal> = {
  id: 'partner',
  basePath: '/partner/v1',
  operations: partnerOperations,
  render: (failure, operationId) =>
    renderApiFailure(failure, {
      currencyFields: ['user.currency'],
      validationBody: (id, issues) =>
        id !== undefined && OWN_VALIDATION_BODY.has(id) ? { status: 422, body: { status: 0, message: registrationMessages(issues) } } : undefined,
    }, operationId),
  bodies: { lenientJson: true }, // P-lenient-scalars
  clientKey: (req) => {
    const p = partnerPrincipal(req);
    return p ? `credential:${p.credential}` : ipKey(req);
  },
  auth: (config) => {
    const verify = createPartnerVerifier(config.partner.credentials);
    const middleware = partnerAuth(verify);
    return (_operationId, op) => (op.security.length === 0 ? undefined : middleware);
  },
  defaultHandlers: defaultPartnerHandlers,
};
