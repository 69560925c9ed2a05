// Operations 4.6 to 4.12: invoices and invoice recipients.
import { defineOperations } from '../shared/operation.ts';
import * as ex from './examples.ts';
import { BASIC_AUTH, DUPLICATE_INVOICE_422, errorsFor, withError } from './ops-common.ts';
import { CreateInvoiceRequestSchema, InvoiceIdParamsSchema, InvoiceSchema } from './invoices.ts';
import {
  CreateInvoiceRecipientRequestSchema, InvoiceRecipientListSchema, InvoiceRecipientSchema, RecipientIdParamsSchema,
  UpdateInvoiceRecipientRequestSchema,
} from './recipients.ts';

export const invoiceOperations = defineOperations({
  createInvoice: {
    method: 'post',
    path: '/invoices',
    summary: 'Create an invoice',
    description:
      'Creates an invoice whose `url` the recipient visits to pay. The service e-mails the recipient when `send_customer_email` ' +
      'is true; otherwise deliver the URL yourself. The invoice expires 90 days after `due_at`. Fields are nested under `invoice`; ' +
      '`save_recipient` sits beside it. Answers 201 Created (decision M-created).',
    tags: ['Invoices'],
    security: BASIC_AUTH,
    request: { body: { schema: CreateInvoiceRequestSchema, example: ex.createInvoiceBody } },
    responses: {
      201: { description: 'Invoice created', schema: InvoiceSchema, example: ex.invoice },
      ...withError(errorsFor({ body: true }), 422, DUPLICATE_INVOICE_422('invoice.invoice_number')),
    },
  },
  getInvoice: {
    method: 'get',
    path: '/invoices/{id}',
    summary: 'Get an invoice',
    description: 'Returns one invoice with its transaction.',
    tags: ['Invoices'],
    security: BASIC_AUTH,
    request: { params: InvoiceIdParamsSchema },
    responses: { 200: { description: 'The invoice', schema: InvoiceSchema, example: ex.invoice }, ...errorsFor({ path: true }) },
  },
  listInvoiceRecipients: {
    method: 'get',
    path: '/invoice_recipients',
    summary: 'List invoice recipients',
    description: 'Returns every invoice recipient of the merchant.',
    tags: ['Invoice recipients'],
    security: BASIC_AUTH,
    responses: {
      200: { description: 'Recipients', schema: InvoiceRecipientListSchema, example: { invoice_recipients: [ex.recipient] } },
      ...errorsFor({}),
    },
  },
  getInvoiceRecipient: {
    method: 'get',
    path: '/invoice_recipients/{id}',
    summary: 'Get an invoice recipient',
    description: 'Returns one recipient.',
    tags: ['Invoice recipients'],
    security: BASIC_AUTH,
    request: { params: RecipientIdParamsSchema },
    responses: { 200: { description: 'The recipient', schema: InvoiceRecipientSchema, example: ex.recipient }, ...errorsFor({ path: true }) },
  },
  createInvoiceRecipient: {
    method: 'post',
    path: '/invoice_recipients',
    summary: 'Create an invoice recipient',
    description:
      'Fields are nested under `invoice_recipient`. `email` is required; so is `company_name`, or `first_name` and `last_name`. ' +
      'Answers 201 Created (decision M-created).',
    tags: ['Invoice recipients'],
    security: BASIC_AUTH,
    request: { body: { schema: CreateInvoiceRecipientRequestSchema, example: ex.createRecipientBody } },
    responses: { 201: { description: 'Recipient created', schema: InvoiceRecipientSchema, example: ex.recipient }, ...errorsFor({ body: true }) },
  },
  updateInvoiceRecipient: {
    method: 'patch',
    path: '/invoice_recipients/{id}',
    summary: 'Update an invoice recipient',
    description: 'Changes any of the create fields (nested under `invoice_recipient`); the result must still name the recipient.',
    tags: ['Invoice recipients'],
    security: BASIC_AUTH,
    request: { params: RecipientIdParamsSchema, body: { schema: UpdateInvoiceRecipientRequestSchema, example: ex.updateRecipientBody } },
    responses: {
      200: { description: 'Recipient updated', schema: InvoiceRecipientSchema, example: { ...ex.recipient, phone: '4165550199' } },
      ...errorsFor({ path: true, body: true }),
    },
  },
  deleteInvoiceRecipient: {
    method: 'delete',
    path: '/invoice_recipients/{id}',
    summary: 'Delete an invoice recipient',
    description: 'Deletes the recipient. Existing invoices keep their e-mail and transaction; their `invoice_recipient_id` becomes null (decision M-invoice-recipient).',
    tags: ['Invoice recipients'],
    security: BASIC_AUTH,
    request: { params: RecipientIdParamsSchema },
    responses: { 204: { description: 'Deleted; no content' }, ...errorsFor({ path: true }) },
  },
});
