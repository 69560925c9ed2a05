// The partner API's error bodies: the platform body (server/http/render-api.ts), an invalid
// `user.currency` is "Invalid currency type" (2004), and registration answers every refusal of its
// 422 (validation, a reused Idempotency-Key, ...) with its own `{status: 0, message: [...]}` (P2).
import { PartnerErrorSchema } from '../../contracts/shared/errors.ts';
import { partnerOperations } from '../../contracts/partner/operations.ts';
import { RequestValidationError, type ValidationIssue } from '../core/errors.ts';
import { RegistrationFailureSchema } from '../../contracts/partner/registration.ts';
import type { Failure, Rendered } from '../http/failure.ts';
import { declaredBodies, renderApiFailure, type BodyConverter } from '../http/render-api.ts';

/** `registration.email must match pattern "..."`: the field first, as the P2 message list shows. */
export const registrationMessages = (issues: readonly ValidationIssue[]): string[] =>
  issues.map((i) => `${i.field || i.location} ${i.message}`);

/**
 * Registration's `{status: 0, message: [...]}` (P2) from any failure of its status: the invalid
 * fields of a validation failure, else the platform body's `source` entries (`Idempotency-Key was
 * already used ...`), else its `details`.
 */
const registrationFailure: BodyConverter = (platform, failure) => {
  if (failure instanceof RequestValidationError) return { ...platform, body: { status: 0, message: registrationMessages(failure.issues) } };
  const body = platform.body as { details?: string; source?: Record<string, string>[] };
  const fromSource = (body.source ?? []).flatMap((entry) => Object.entries(entry).map(([field, reason]) => `${field} ${reason}`));
  return { ...platform, body: { status: 0, message: fromSource.length > 0 ? fromSource : [body.details ?? 'Request failed'] } };
};

/** Every refusal of a partner operation in the body it declares for that status. */
const DECLARED = declaredBodies(partnerOperations as never, PartnerErrorSchema, new Map([[RegistrationFailureSchema as unknown, registrationFailure]]));

export const renderPartnerFailure = (failure: Failure, operationId: string | undefined): Rendered =>
  renderApiFailure(failure, { currencyFields: ['user.currency'], declared: DECLARED }, operationId);
