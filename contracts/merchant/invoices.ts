// Invoices (sections 2.5, 4.6, 4.7). Create nests the fields under `invoice`, with
// `save_recipient` beside it. The four recipient fields are "yes unless invoice_recipient_id
// given": one rule (contracts/shared/conditional.ts) gives the refinement and the document's `anyOf`.
import { TEXT_LIMITS } from '../shared/limits.ts';
import { companyName, countryCode, decimalString, email, fiatCurrency, invoiceNumber, isoDateTime, personName, phoneDigits, positiveDecimalString, regionName, streetAddress, zipCode, recordId } from '../shared/primitives.ts';
import { requireOneOf, withRule } from '../shared/conditional.ts';
import { z } from '../shared/zod.ts';
import { InvoiceDeliveryStatusSchema, InvoiceStatusSchema } from './enums.ts';
import { TransactionSchema } from './transactions.ts';

export const InvoiceSchema = z
  .object({
    id: recordId().openapi({ description: 'Invoice id', example: 4001 }),
    created_at: isoDateTime('Creation time, ISO 8601 UTC'),
    expires_at: isoDateTime('Expiry time, ISO 8601 UTC: 90 days after due_at'),
    due_at: isoDateTime('Due time, ISO 8601 UTC'),
    invoice_recipient_id: z.union([recordId(), z.null()]).openapi({
      description: 'Recipient id; null when the recipient was given inline and not saved, or was deleted since (decision M-invoice-recipient)',
      example: 301,
    }),
    amount: decimalString('Amount due in fiat'),
    invoice_number: z.string().max(TEXT_LIMITS.invoiceNumber).openapi({ description: 'Invoice number, given or generated', example: 'INV4001' }),
    url: z.url().max(TEXT_LIMITS.url).openapi({ description: 'URL the recipient visits to pay', example: 'https://portal.example.com/invoices/4001' }),
    email: email("Recipient's e-mail address"),
    status: InvoiceStatusSchema,
    delivery_status: z.union([InvoiceDeliveryStatusSchema, z.null()]).openapi({
      description: 'Delivery status of the invoice e-mail; null while pending (send_customer_email true) or when the service sends none',
    }),
    transaction: TransactionSchema,
  })
  .openapi('Invoice', { description: 'An invoice (section 2.5) with its transaction (2.3)' });
export type Invoice = z.infer<typeof InvoiceSchema>;

export const INVOICE_DESCRIPTION_MAX = 255;
const INVOICE_RECIPIENT_RULE = 'Required unless `invoice_recipient_id` is given';
const RECIPIENT_FIELDS = ['email', 'company_name', 'first_name', 'last_name'] as const;

export const CreateInvoiceFieldsSchema = withRule(
  z.object({
    amount: positiveDecimalString('Amount due in `currency_iso`'),
    currency_iso: fiatCurrency('Must match the account currency: USD, CAD or EUR (a mismatch answers 422)'),
    email: email(`Recipient e-mail. ${INVOICE_RECIPIENT_RULE}`).optional(),
    company_name: companyName(`Company name. ${INVOICE_RECIPIENT_RULE}`).optional(),
    first_name: personName(`First name. ${INVOICE_RECIPIENT_RULE}`, 'Jane').optional(),
    last_name: personName(`Last name. ${INVOICE_RECIPIENT_RULE}`, 'Doe').optional(),
    phone: phoneDigits().optional(),
    address: streetAddress().optional(),
    city: regionName('City').optional(),
    state: regionName('State or province', 'Ontario').optional(),
    zip: zipCode().optional(),
    country: countryCode().optional(),
    invoice_number: invoiceNumber('Invoice number, a-z A-Z 0-9; unique (decision M5); generated if omitted').optional(),
    due_at: isoDateTime('Due time, ISO 8601 UTC; default the current time. The invoice expires 90 days after it.').optional(),
    description: z.string().max(INVOICE_DESCRIPTION_MAX).optional().openapi({
      description: 'Shown to the recipient; at most 255 characters (decision M-invoice-description)',
      example: 'Consulting, January',
    }),
    invoice_recipient_id: recordId().optional().openapi({
      description: "Existing recipient; its stored details are used and inline recipient fields are ignored (decision M-invoice-recipient)",
      example: 301,
    }),
    send_reminders: z.boolean().default(false).openapi({
      description: 'Reminders 5 days before due_at and 2 days after; only one if due within a week. Default false (decision M-send-reminders).',
    }),
    send_customer_email: z.boolean().default(false).openapi({ description: 'The service e-mails the invoice URL to the recipient; default false' }),
  }),
  requireOneOf([['invoice_recipient_id'], RECIPIENT_FIELDS], { issueOn: RECIPIENT_FIELDS, message: INVOICE_RECIPIENT_RULE }),
  'CreateInvoiceFields',
  { description: `Fields of a new invoice (section 4.6). email, company_name, first_name and last_name: ${INVOICE_RECIPIENT_RULE.toLowerCase()}.` },
);

export const CreateInvoiceRequestSchema = z
  .object({
    invoice: CreateInvoiceFieldsSchema,
    save_recipient: z.boolean().default(false).openapi({
      description: 'Save the inline recipient as an invoice recipient; default false. Ignored with invoice_recipient_id.',
    }),
  })
  .openapi('CreateInvoiceRequest', { description: 'Body of Create an Invoice: fields under `invoice`, `save_recipient` beside it.' });
export type CreateInvoiceRequest = z.input<typeof CreateInvoiceRequestSchema>;

export const InvoiceIdParamsSchema = z.object({
  id: recordId().openapi({ description: 'Invoice id', example: 4001 }),
});
