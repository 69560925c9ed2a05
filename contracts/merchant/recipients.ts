// Invoice recipients (sections 2.6, 4.8 to 4.12). A recipient is named by company_name, or by
// first_name and last_name: one rule (contracts/shared/conditional.ts) gives the Zod refinement and
// the document's `anyOf`, which is what the server validates (one pass, against the document).
import { UNPAGED_LIST_MAX } from '../shared/limits.ts';
import { companyName, countryCode, email, isoDateTime, personName, phoneDigits, regionName, streetAddress, zipCode, recordId } from '../shared/primitives.ts';
import { atLeastOneProperty, requireOneOf, withRule } from '../shared/conditional.ts';
import { z } from '../shared/zod.ts';

const nullable = <T extends z.ZodType>(schema: T, description: string) =>
  z.union([schema, z.null()]).openapi({ description });

export const InvoiceRecipientSchema = z
  .object({
    id: recordId().openapi({ description: 'Recipient id, usable as `invoice_recipient_id` when creating an invoice', example: 301 }),
    first_name: nullable(personName('First name', 'Jane'), 'First name; null when not given'),
    last_name: nullable(personName('Last name', 'Doe'), 'Last name; null when not given'),
    address: nullable(streetAddress(), 'Street address; null when not given'),
    city: nullable(regionName('City'), 'City; null when not given'),
    phone: nullable(phoneDigits(), 'Phone, digits only; null when not given'),
    province_or_state: nullable(regionName('Province or state', 'Ontario'), 'Province or state; null when not given'),
    country: nullable(countryCode(), 'ISO 3166 two-letter country code; null when not given'),
    email: email('Recipient e-mail address'),
    company_name: nullable(companyName(), 'Company name; null when not given'),
    zip: nullable(zipCode(), 'Postal or zip code; null when not given'),
    created_at: isoDateTime('Creation time, ISO 8601 UTC'),
    updated_at: isoDateTime('Last update, ISO 8601 UTC'),
  })
  .openapi('InvoiceRecipient', {
    description: 'An invoice recipient (section 2.6). Fields not given are null (decision M-recipient-nulls).',
  });
export type InvoiceRecipient = z.infer<typeof InvoiceRecipientSchema>;

export const InvoiceRecipientListSchema = z
  .object({ invoice_recipients: z.array(InvoiceRecipientSchema).max(UNPAGED_LIST_MAX) })
  .openapi('InvoiceRecipientList', { description: 'All invoice recipients of the merchant' });

/** company_name, or first_name and last_name: the naming rule of recipients (and CSV rows). */
export const RECIPIENT_NAME_RULE =
  'A recipient needs `company_name`, or both `first_name` and `last_name` (either or both ways may be given).';
/** The naming rule as a rule between fields: Zod checks it, the document states it (`anyOf`). */
export const recipientNameRule = requireOneOf([['company_name'], ['first_name', 'last_name']], { message: `required: ${RECIPIENT_NAME_RULE}` });

const conditional = (description: string) => `${description}. Conditional: ${RECIPIENT_NAME_RULE}`;

const recipientFields = {
  email: email('Recipient e-mail address'),
  company_name: companyName(conditional('Company name')).optional(),
  first_name: personName(conditional('First name'), 'Jane').optional(),
  last_name: personName(conditional('Last name'), 'Doe').optional(),
  phone: phoneDigits().optional(),
  address: streetAddress().optional(),
  city: regionName('City').optional(),
  province_or_state: regionName('Province or state', 'Ontario').optional(),
  zip: zipCode().optional(),
  country: countryCode().optional(),
};

export const InvoiceRecipientFieldsSchema = withRule(z.object(recipientFields), recipientNameRule, 'InvoiceRecipientFields', {
  description: `Fields of a new recipient. ${RECIPIENT_NAME_RULE}`,
});

export const CreateInvoiceRecipientRequestSchema = z
  .object({ invoice_recipient: InvoiceRecipientFieldsSchema })
  .openapi('CreateInvoiceRecipientRequest', { description: 'Body of Create an Invoice Recipient: fields nested under `invoice_recipient`.' });
export type CreateInvoiceRecipientRequest = z.input<typeof CreateInvoiceRecipientRequestSchema>;

export const InvoiceRecipientUpdateSchema = withRule(
  z.object({ ...recipientFields, email: recipientFields.email.optional() }),
  atLeastOneProperty('give at least one field to change'),
  'InvoiceRecipientUpdate',
  {
    description:
      'Any of the create fields; at least one (decision M-recipient-update). Fields are changed, not cleared. ' +
      `After the change the recipient must still satisfy the naming rule (checked by the server, 422): ${RECIPIENT_NAME_RULE}`,
  },
);

export const UpdateInvoiceRecipientRequestSchema = z
  .object({ invoice_recipient: InvoiceRecipientUpdateSchema })
  .openapi('UpdateInvoiceRecipientRequest', { description: 'Body of Update an Invoice Recipient: fields nested under `invoice_recipient`.' });
export type UpdateInvoiceRecipientRequest = z.input<typeof UpdateInvoiceRecipientRequestSchema>;

export const RecipientIdParamsSchema = z.object({
  id: recordId().openapi({ description: 'Recipient id', example: 301 }),
});
