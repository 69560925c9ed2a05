// The merchant sandbox's state behind one small interface (issue part 5): a table per resource and
// the one uniqueness rule that must hold under concurrency, invoice numbers (M5), as an atomic
// claim (a unique index in a database). In memory now; reset() empties everything for tests.
import type {
  DeliveryRecord, InvoiceRecord, PaymentRecord, PayoutRecord, RecipientRecord, RefundRecord, TransactionRecord, WidgetPaymentRecord,
} from './records.ts';
import { memoryTable, type Table } from './table.ts';

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

export function createMemoryMerchantStore(): MerchantStore {
  const tables = {
    payments: memoryTable<PaymentRecord>(FIRST_IDS.payments),
    widgetPayments: memoryTable<WidgetPaymentRecord>(FIRST_IDS.widgetPayments),
    transactions: memoryTable<TransactionRecord>(FIRST_IDS.transactions),
    invoices: memoryTable<InvoiceRecord>(FIRST_IDS.invoices),
    recipients: memoryTable<RecipientRecord>(FIRST_IDS.recipients),
    refunds: memoryTable<RefundRecord>(FIRST_IDS.refunds),
    payouts: memoryTable<PayoutRecord>(FIRST_IDS.payouts),
    deliveries: memoryTable<DeliveryRecord>(FIRST_IDS.deliveries),
  };
  // Invoice numbers compare exactly: the document's class a-z A-Z 0-9 does not say they are case-insensitive.
  let invoiceNumbers = new Set<string>();
  return {
    ...tables,
    async claimInvoiceNumber(merchant, invoiceNumber) {
      const key = `${merchant}\u0000${invoiceNumber}`;
      if (invoiceNumbers.has(key)) return false;
      invoiceNumbers.add(key);
      return true;
    },
    async reset() {
      await Promise.all(Object.values(tables).map((t) => t.reset()));
      invoiceNumbers = new Set();
    },
  };
}
