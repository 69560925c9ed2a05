// The partner API's error bodies: the platform body (server/http/render-api.ts), an invalid
// `user.currency` is "Invalid currency type" (2004), and registration answers a validation failure
// with its own `{status: 0, message: [...]}` (P2).
import { PartnerErrorSchema } from '../../contracts/shared/errors.ts';
import { partnerOperations } from '../../contracts/partner/operations.ts';
import type { ValidationIssue } from '../errors.ts';
import type { Failure, Rendered } from '../http/failure.ts';
import { renderApiFailure } from '../http/render-api.ts';

/** Operations whose 422 is their own body rather than PartnerError (registration, P2). */
const OWN_VALIDATION_BODY = new Set(
  Object.entries(partnerOperations as Record<string, { responses: Record<number, { schema?: unknown }> }>)
    .filter(([, op]) => op.responses[422]?.schema !== undefined && op.responses[422]?.schema !== PartnerErrorSchema)
    .map(([id]) => id),
);

/** `registration.email must match format "email"`: the field first, as the P2 message list shows. */
export const registrationMessages = (issues: readonly ValidationIssue[]): string[] =>
  issues.map((i) => `${i.field || i.location} ${i.message}`);

export const renderPartnerFailure = (failure: Failure, operationId: string | undefined): Rendered =>
  renderApiFailure(failure, {
    currencyFields: ['user.currency'],
    validationBody: (id, issues) =>
      id !== undefined && OWN_VALIDATION_BODY.has(id) ? { status: 422, body: { status: 0, message: registrationMessages(issues) } } : undefined,
  }, operationId);
