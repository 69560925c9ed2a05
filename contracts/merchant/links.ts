// Links of the merchant document (decision M-links): each id a response carries, to the
// operations that take it.
import { linkTo, type LinkTable } from '../shared/links.ts';

const transactionLinks = (id: string) => ({
  GetTransaction: linkTo('getTransaction', { id }),
  ListTransactionRefunds: linkTo('listTransactionRefunds', { transaction_id: id }),
  CreateRefund: linkTo('createRefund', { transaction_id: id }),
});
const recipientLinks = (id: string) => ({
  GetInvoiceRecipient: linkTo('getInvoiceRecipient', { id }),
  UpdateInvoiceRecipient: linkTo('updateInvoiceRecipient', { id }),
  DeleteInvoiceRecipient: linkTo('deleteInvoiceRecipient', { id }),
});
const payoutLinks = (id: string) => ({
  GetPayout: linkTo('getPayout', { id }),
  ListPayoutTransactions: linkTo('listPayoutTransactions', { id }),
});

export const merchantLinks: LinkTable = {
  createPayment: { GetPayment: linkTo('getPayment', { payment_id: '/id', crypto_iso: '/crypto_address_info/iso' }) },
  getPayment: { GetPayment: linkTo('getPayment', { payment_id: '/id', crypto_iso: '/crypto_address_info/iso' }) },
  listTransactions: transactionLinks('/transactions/0/id'),
  getTransaction: { ListTransactionRefunds: linkTo('listTransactionRefunds', { transaction_id: '/id' }), CreateRefund: linkTo('createRefund', { transaction_id: '/id' }) },
  createInvoice: { GetInvoice: linkTo('getInvoice', { id: '/id' }) },
  createInvoiceRecipient: recipientLinks('/id'),
  listInvoiceRecipients: recipientLinks('/invoice_recipients/0/id'),
  updateInvoiceRecipient: recipientLinks('/id'),
  createRefund: { GetRefund: linkTo('getRefund', { refund_id: '/id' }) },
  listTransactionRefunds: { GetRefund: linkTo('getRefund', { refund_id: '/refunds/0/id' }) },
  createInstantRefund: {
    GetRefund: linkTo('getRefund', { refund_id: '/refund_id' }),
    ...transactionLinks('/transaction_id'),
  },
  listPayouts: payoutLinks('/payouts/0/id'),
  getPayout: { ListPayoutTransactions: linkTo('listPayoutTransactions', { id: '/id' }) },
};
