// Registration of a user (section 2 "Registration" and 4.1 of the partner document): the request
// nested under `registration`, and the two bodies of decision P2 (status 1 / status 0).
import { TEXT_LIMITS, UNPAGED_LIST_MAX } from '../shared/limits.ts';
import { email } from '../shared/primitives.ts';
import { z } from '../shared/zod.ts';

/** Minimum password length (section 8 of the partner document). */
export const PASSWORD_MIN_LENGTH = 8;

// The document gives no character classes for these names: required, non-empty, nothing more.
const requiredText = (description: string, example: string) =>
  z.string().min(1).max(TEXT_LIMITS.reference).openapi({ description, example });

export const RegistrationSchema = z
  .object({
    business_name: requiredText('Business name of the new merchant', 'Acme Widgets'),
    first_name: requiredText('First name of the user', 'Jane'),
    last_name: requiredText('Last name of the user', 'Doe'),
    email: email('E-mail address of the user; a second registration with the same e-mail fails (P2)', 'jane@acme.example.com'),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH)
      .max(TEXT_LIMITS.password)
      .openapi({ description: `Password, at least ${PASSWORD_MIN_LENGTH} characters`, example: 'correct-horse-battery' }),
    password_confirmation: z.string().min(1).max(TEXT_LIMITS.password).openapi({
      description:
        'Must equal `password`. JSON Schema cannot express this, so the server checks it ' +
        '(the Zod schema does, with a refinement) and reports it in the 422 message list.',
      example: 'correct-horse-battery',
    }),
    terms_of_service: z.literal('true').openapi({
      description: 'Acceptance of the terms of service: must be the string `"true"` (not the boolean)',
      example: 'true',
    }),
  })
  // Cross-field rule of the document ("Must equal password"); the issue names the confirmation field.
  .superRefine((value, ctx) => {
    if (value.password_confirmation !== value.password) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'must equal password' });
    }
  })
  .openapi('Registration', {
    description:
      'The user to register. All fields are required; `password_confirmation` must equal `password` ' +
      '(checked by the server, not expressible in JSON Schema).',
  });
export type Registration = z.infer<typeof RegistrationSchema>;

export const RegisterUserRequestSchema = z
  .object({ registration: RegistrationSchema })
  .openapi('RegisterUserRequest', { description: 'Body of `POST /user_registration`: the user nested under `registration`.' });
export type RegisterUserRequest = z.infer<typeof RegisterUserRequestSchema>;

// Section 4.1 types `message` as "string or array of string"; P2 splits it by outcome: a string on
// success, a list of validation errors on failure. Two named bodies keep each one exact.
export const RegistrationSuccessSchema = z
  .object({
    status: z.literal(1).openapi({ type: 'integer', enum: [1], minimum: 1, maximum: 1, description: '1 on success', example: 1 }),
    message: z.string().max(TEXT_LIMITS.message).openapi({
      description: 'Success text: the account must be activated through the e-mailed confirmation link',
      example: 'Registration successful. Please confirm your e-mail address to activate the account.',
    }),
  })
  .openapi('RegistrationSuccess', { description: 'Registration accepted (P2): `{status: 1, message}`.' });
export type RegistrationSuccess = z.infer<typeof RegistrationSuccessSchema>;

export const RegistrationFailureSchema = z
  .object({
    status: z.literal(0).openapi({ type: 'integer', enum: [0], minimum: 0, maximum: 0, description: '0 on error', example: 0 }),
    message: z
      .array(z.string().max(TEXT_LIMITS.message))
      .min(1)
      .max(UNPAGED_LIST_MAX)
      .openapi({
        description: 'Validation errors, one per invalid field, each naming the field (e.g. `registration.email`)',
        example: ['registration.email has already been registered'],
      }),
  })
  .openapi('RegistrationFailure', {
    description:
      'Registration refused (P2): `{status: 0, message: [...]}` for every validation failure, ' +
      'including a mismatched confirmation and an e-mail that is already registered.',
  });
export type RegistrationFailure = z.infer<typeof RegistrationFailureSchema>;
