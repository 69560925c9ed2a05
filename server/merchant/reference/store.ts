// The merchant store (server/ports/merchant-store.ts) in memory: the default when there is no state
// file. Invoice numbers are claimed in a Set; reset() empties everything for tests.
import type {
  DeliveryRecord, InvoiceRecord, PaymentRecord, PayoutRecord, RecipientRecord, RefundRecord, TransactionRecord, WidgetPaymentRecord,
} from '../../ports/merchant-records.ts';
import { FIRST_IDS, GROUPS, QUEUES, type MerchantStore } from '../../ports/merchant-store.ts';
import { memoryTable } from '../../ports/table.ts';


export function createMemoryMerchantStore(): MerchantStore {
  const tables = {
    payments: memoryTable<PaymentRecord>(FIRST_IDS.payments),
    widgetPayments: memoryTable<WidgetPaymentRecord>(FIRST_IDS.widgetPayments),
    transactions: memoryTable<TransactionRecord>(FIRST_IDS.transactions, QUEUES.transactions),
    invoices: memoryTable<InvoiceRecord>(FIRST_IDS.invoices, undefined, GROUPS.invoices),
    recipients: memoryTable<RecipientRecord>(FIRST_IDS.recipients),
    refunds: memoryTable<RefundRecord>(FIRST_IDS.refunds, QUEUES.refunds, GROUPS.refunds),
    payouts: memoryTable<PayoutRecord>(FIRST_IDS.payouts),
    deliveries: memoryTable<DeliveryRecord>(FIRST_IDS.deliveries, undefined, GROUPS.deliveries),
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
