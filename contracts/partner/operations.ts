// The endpoints of the partner document (section 4.1 and 4.2), keyed by operationId.
import { PartnerErrorSchema } from '../shared/errors.ts';
import { defineOperations } from '../shared/operation.ts';
import { partnerErrors } from '../shared/responses.ts';
import { CreateMerchantApplicationRequestSchema, MerchantApplicationCreatedSchema } from './applications.ts';
import {
  applicationValidationErrorExample,
  createMerchantApplicationRequestExample,
  duplicateEmailErrorExample,
  invalidCurrencyErrorExample,
  merchantApplicationCreatedExample,
  registerUserRequestExample,
  registrationFailureExample,
  registrationSuccessExample,
} from './examples.ts';
import { RegisterUserRequestSchema, RegistrationFailureSchema, RegistrationSuccessSchema } from './registration.ts';

/** P1: either scheme is accepted, so the requirement lists them as alternatives. */
export const PARTNER_SECURITY = [{ BearerAuth: [] }, { BasicAuth: [] }] as const;

/** Rate limit of the partner API (decision P-rate): requests per minute per credential. */
export const PARTNER_RATE_LIMIT_PER_MINUTE = 30;

// Every error both operations can answer but their own 422 (decision C-answers); the shared 429
// text is generic, so this API's own limit is stated where clients read it.
const partnerCommonErrors = () =>
  partnerErrors(
    { 429: `Rate limit exceeded (1007): more than ${PARTNER_RATE_LIMIT_PER_MINUTE} requests per minute per credential; Retry-After gives the seconds to wait` },
    400, 401, 404, 405, 413, 415, 429, 500, 503,
  );

const json = (body: unknown) => JSON.stringify(body);

export const partnerOperations = defineOperations({
  registerUser: {
    method: 'post',
    path: '/user_registration',
    summary: 'Register a user',
    description:
      'Creates a merchant user account directly (section 4.1). The user is told to activate the account ' +
      'by following an e-mailed confirmation link.\n\n' +
      'Unlike the rest of the API, this operation reports validation failures in its own body (decision P2): ' +
      '201 `{status: 1, message}` on success, 422 `{status: 0, message: [...]}` with one entry per invalid ' +
      'field — including a `password_confirmation` that differs from `password` and an e-mail that is already ' +
      `registered (\`${json(['registration.email has already been registered'])}\`). ` +
      'Malformed JSON, auth, rate-limit and server failures use the generic `PartnerError` body.',
    tags: ['Registration'],
    security: PARTNER_SECURITY,
    request: { body: { schema: RegisterUserRequestSchema, example: registerUserRequestExample } },
    responses: {
      201: { description: 'User registered (status 1); activation e-mail sent', schema: RegistrationSuccessSchema, example: registrationSuccessExample },
      422: {
        component: 'RegistrationFailed',
        description:
          'Validation failed (status 0): a field missing or incorrect, `password_confirmation` not equal to `password`, ' +
          'or the e-mail already registered',
        schema: RegistrationFailureSchema,
        example: registrationFailureExample,
      },
      ...partnerCommonErrors(),
    },
  },
  createMerchantApplication: {
    method: 'post',
    path: '/merchant_applications',
    summary: 'Submit a merchant application',
    description:
      'Submits a full merchant application (section 4.2): the applicant under `user`, the company under ' +
      '`merchant_application`. The application is stored as `submitted`; approval happens out of band, after ' +
      'which the merchant is e-mailed a link to read the terms of service and set a password (decision P-states). ' +
      'Answers 201 because it creates an application (decision P-created).\n\n' +
      'Validation failures answer 422 with the generic `PartnerError` and a `source` entry per invalid field ' +
      '(code 1002). Two cases have codes of their own: an unknown `user.currency` answers code 2004 ' +
      `\`${json(invalidCurrencyErrorExample)}\`, and an e-mail that already has an account answers code 2003 ` +
      `\`${json(duplicateEmailErrorExample)}\`.`,
    tags: ['Merchant applications'],
    security: PARTNER_SECURITY,
    request: { body: { schema: CreateMerchantApplicationRequestSchema, example: createMerchantApplicationRequestExample } },
    responses: {
      201: {
        description: "Application submitted; the message names the applicant's e-mail",
        schema: MerchantApplicationCreatedSchema,
        example: merchantApplicationCreatedExample,
      },
      422: {
        component: 'ApplicationRejected',
        description:
          'Unprocessable entity: required fields missing or incorrect (1002, `source` names each field), ' +
          'invalid currency type (2004, `source` names `user.currency`), or e-mail already registered (2003, `source` names `user.email`)',
        schema: PartnerErrorSchema,
        example: applicationValidationErrorExample,
      },
      ...partnerCommonErrors(),
    },
  },
});
