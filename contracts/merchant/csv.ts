// CSV invoice upload (section 2.12). Not an HTTP operation: files are validated by a library
// function and `npm run csv -- validate <file>` (decision P3). A row arrives as strings, exactly
// as read from the file; an empty cell means the value is absent.
import { companyName, decimalString, email, invoiceNumber, personName } from '../shared/primitives.ts';
import { z } from '../shared/zod.ts';
import { withRule } from '../shared/conditional.ts';
import { RECIPIENT_NAME_RULE, recipientNameRule } from './recipients.ts';

/** Header of an invoice CSV, in this order. `include_fee` stands for the brand-named fee column. */
export const INVOICE_CSV_COLUMNS = [
  'invoice_number', 'email', 'amount', 'include_fee', 'company_name', 'first_name', 'last_name',
] as const;
export type InvoiceCsvColumn = (typeof INVOICE_CSV_COLUMNS)[number];

/** At most this many data rows per file; a bad cell rejects the whole file (decision P3). */
export const INVOICE_CSV_MAX_ROWS = 1000;

/** An optional cell: empty string or missing column = absent. */
const optionalCell = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();

export const InvoiceCsvRowSchema = withRule(
  z.object({
    invoice_number: optionalCell(invoiceNumber('Invoice number, a-z A-Z 0-9; unique (decision M5); empty: generated')),
    email: email('Recipient e-mail address'),
    amount: decimalString('Amount, digits and `.`, no thousands separators'),
    include_fee: z.enum(['true', 'false']).openapi({ description: 'Whether the service fee is added to the amount: `true` or `false`', example: 'false' }),
    company_name: optionalCell(companyName(`Company name. ${RECIPIENT_NAME_RULE}`)),
    first_name: optionalCell(personName(`First name. ${RECIPIENT_NAME_RULE}`, 'Jane')),
    last_name: optionalCell(personName(`Last name. ${RECIPIENT_NAME_RULE}`, 'Doe')),
  }),
  // An empty cell is an absent value: the naming rule counts it as missing.
  { ...recipientNameRule, emptyIsAbsent: true },
  'InvoiceCsvRow',
  {
    description:
      'One row of the CSV invoice upload (section 2.12), as strings. Empty cells are absent. Not an HTTP body: ' +
      `validated by \`npm run csv -- validate <file>\`, at most ${INVOICE_CSV_MAX_ROWS} rows. ${RECIPIENT_NAME_RULE}`,
  },
);
export type InvoiceCsvRow = z.infer<typeof InvoiceCsvRowSchema>;
