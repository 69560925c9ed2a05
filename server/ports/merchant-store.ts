// Port: the merchant sandbox's state behind one small interface: a table per resource and the one
// uniqueness rule that must hold under concurrency, invoice numbers (M5), as an atomic claim (a
// unique index in a database). Implemented in memory (server/merchant/reference/store.ts) and in
// the state file (server/state/stores.ts); reset() empties everything for tests.
import {
  awaitsDeduction, awaitsPayout, type DeliveryRecord, type InvoiceRecord, type PaymentRecord, type PayoutRecord, type RecipientRecord,
  type RefundRecord, type TransactionRecord, type WidgetPaymentRecord,
} from './merchant-records.ts';
import type { GroupField, QueueRule, Table } from './table.ts';

export interface MerchantStore {
  payments: Table<PaymentRecord>;
  widgetPayments: Table<WidgetPaymentRecord>;
  transactions: Table<TransactionRecord>;
  invoices: Table<InvoiceRecord>;
  recipients: Table<RecipientRecord>;
  refunds: Table<RefundRecord>;
  payouts: Table<PayoutRecord>;
  /** The webhook delivery log: one record per attempt. */
  deliveries: Table<DeliveryRecord>;
  /** Reserves `invoiceNumber` for the merchant; false when a payment, widget payment or invoice already has it. */
  claimInvoiceNumber(merchant: string, invoiceNumber: string): Promise<boolean>;
  reset(): Promise<void>;
}

/** First ids, as in the contract's examples (payment 1001, transaction 7001, invoice 4001, ...). */
export const FIRST_IDS = {
  payments: 1001, widgetPayments: 5001, transactions: 7001, invoices: 4001, recipients: 301, refunds: 9001, payouts: 801, deliveries: 1,
} as const;

/**
 * The tables' queues (Table.queued), the same in every store: transactions awaiting payout and
 * refunds awaiting deduction, what a payout run and the pending-payout endpoints read.
 */
export const QUEUES: { transactions: QueueRule<TransactionRecord>; refunds: QueueRule<RefundRecord> } = {
  transactions: awaitsPayout,
  refunds: awaitsDeduction,
};

/**
 * The tables' group fields (Table.find naming the merchant and the field reads only that group, from
 * an index), the same in every store: a transaction's refunds (what a refund may still take, the
 * transaction's refund list), a webhook's attempts (a replay numbers its attempt), a recipient's
 * invoices (deleting the recipient unlinks them). Migration 010 fills them in for older records.
 */
export const GROUPS: { refunds: GroupField<RefundRecord>; deliveries: GroupField<DeliveryRecord>; invoices: GroupField<InvoiceRecord> } = {
  refunds: 'transaction_id',
  deliveries: 'webhook_id',
  invoices: 'recipient_id',
};
