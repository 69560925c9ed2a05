// Examples of the merchant resources and request bodies, shared by the operations and
// validated against their schemas by the tests. Values fit the sandbox (is_sandbox true).
import type { CreateInvoiceRequest, Invoice } from './invoices.ts';
import type { CreatePaymentRequest, CreateWidgetPaymentRequest, Payment, WidgetPayment } from './payments.ts';
import type { PayoutDetail, PayoutTransaction, PendingPayouts } from './payouts.ts';
import type { CreateInvoiceRecipientRequest, InvoiceRecipient, UpdateInvoiceRecipientRequest } from './recipients.ts';
import type { CreateInstantRefundRequest, CreateRefundRequest, InstantRefund, Refund } from './refunds.ts';
import type { Currency } from './currencies.ts';
import type { Transaction } from './transactions.ts';

const TXID = 'f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16';
const CREATED = '2026-01-01T00:00:00.000Z';

export const createWidgetPaymentBody: CreateWidgetPaymentRequest = {
  amount: '25.00', external_id: 'order-2001', hosted_payment_id: 1, first_name: 'Jane', last_name: 'Doe',
  email: 'jane@example.com', callback_url: 'https://shop.example.com/paid', crypto_currency_iso: 'BTC', confirmations_required: 3,
};
export const widgetPayment: WidgetPayment = { status: 200, id: 5001, token: 'eyJ3aWRnZXQiOjUwMDF9' };

export const createPaymentBody: CreatePaymentRequest = {
  payment: {
    amount: '10.00', external_id: 'order-1001', currency_iso: 'USD', crypto_iso: 'BTC', confirmations_required: '3',
    ip: '203.0.113.7', invoice_number: 'INV1001', first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com',
    city: 'Toronto', country: 'CA', webhook_url: 'https://merchant.example.com/hooks/payments',
  },
};
export const payment: Payment = {
  id: 1001, amount: '10.00', txid: '', invoice_number: 'INV1001', amount_due: '0.00025', amount_received: '0',
  exchange_rate: '40000.00', exchange_rate_currency: 'USD',
  status: { blockchain_status: 'Pending', transaction_status: null },
  crypto_address_info: {
    iso: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', start_timestamp: 1767225600, expires_timestamp: 1767225900,
  },
  url: 'https://portal.example.com/payments/1001',
};
export const paymentConfirmed: Payment = {
  ...payment, txid: TXID, amount_received: '0.00025', status: { blockchain_status: 'Confirmed', transaction_status: 'paid' },
};

export const transaction: Transaction = {
  created_at: CREATED, id: 7001, amount_due: '0.00025', amount_in_fiat: '10.00', amount_received: '0.00025', status: 'paid',
  external_id: 'order-1001', invoice_number: 'INV1001', device_id: null, txid: TXID, settlement_method: 'instant',
  exchange_rate: '40000.00', is_sandbox: true, fees: '0.10', description: 'Payment from Jane Doe', payout_id: null, currency: 'BTC',
};

export const createInvoiceBody: CreateInvoiceRequest = {
  invoice: {
    amount: '150.00', currency_iso: 'USD', email: 'ap@acme.example.com', company_name: 'Acme Widgets', first_name: 'Jane',
    last_name: 'Doe', invoice_number: 'INV4001', due_at: '2026-02-01T00:00:00.000Z', description: 'Consulting, January',
    send_customer_email: true,
  },
  save_recipient: true,
};
export const invoice: Invoice = {
  id: 4001, created_at: CREATED, expires_at: '2026-05-02T00:00:00.000Z', due_at: '2026-02-01T00:00:00.000Z',
  invoice_recipient_id: 301, amount: '150.00', invoice_number: 'INV4001', url: 'https://portal.example.com/invoices/4001',
  email: 'ap@acme.example.com', status: 'unpaid', delivery_status: 'sent',
  transaction: {
    ...transaction, id: 7003, amount_due: '0', amount_in_fiat: '150.00', amount_received: null, status: 'invoice_sent',
    external_id: null, invoice_number: 'INV4001', txid: null, exchange_rate: '0', fees: '0', description: 'Invoice INV4001', currency: 'USD',
  },
};

export const recipient: InvoiceRecipient = {
  id: 301, first_name: 'Jane', last_name: 'Doe', address: '100 King St W', city: 'Toronto', phone: '4165550100',
  province_or_state: 'Ontario', country: 'CA', email: 'ap@acme.example.com', company_name: 'Acme Widgets', zip: 'M5X 1A9',
  created_at: CREATED, updated_at: CREATED,
};
export const createRecipientBody: CreateInvoiceRecipientRequest = {
  invoice_recipient: {
    email: 'ap@acme.example.com', company_name: 'Acme Widgets', first_name: 'Jane', last_name: 'Doe', phone: '4165550100',
    address: '100 King St W', city: 'Toronto', province_or_state: 'Ontario', zip: 'M5X 1A9', country: 'CA',
  },
};
export const updateRecipientBody: UpdateInvoiceRecipientRequest = { invoice_recipient: { phone: '4165550199' } };

export const createRefundBody: CreateRefundRequest = {
  email: 'jane@example.com', amount_to_refund_fiat: '10.00', expires_in: 24, send_email: true,
  webhook_url: 'https://merchant.example.com/hooks/refunds',
};
export const refund: Refund = {
  id: 9001, amount_to_refund: null, amount_to_refund_fiat: '10.00', email: 'jane@example.com', expires_at: '2026-01-02T00:00:00.000Z',
  status: 'pending', txid: null, transaction_fees: '0.10', created_at: CREATED, url: 'https://portal.example.com/refunds/9001',
  webhook_url: 'https://merchant.example.com/hooks/refunds',
};
export const createInstantRefundBody: CreateInstantRefundRequest = {
  id: 7001, amount_to_refund_fiat: '5.00', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  webhook_url: 'https://merchant.example.com/hooks/refunds',
};
export const instantRefund: InstantRefund = {
  refund_id: 9002, transaction_id: 7002, amount_to_refund: null, amount_to_refund_fiat: '5.00', status: 'pending',
  blockchain_txid: null, created_at: CREATED,
};

const crypto = (iso: Currency['iso'], name: string, precision: number, confirmations: number): Currency => ({
  iso, name, online: true, precision, price_precision: 2, confirmations_required: confirmations,
  network_types: iso === 'USDT' ? ['ERC-20', 'BEP-20', 'TRC-20'] : [],
});
export const currencies: Currency[] = [
  crypto('BTC', 'Bitcoin', 8, 3), crypto('ETH', 'Ethereum', 18, 24), crypto('LTC', 'Litecoin', 8, 12),
  crypto('BCH', 'Bitcoin Cash', 8, 3), crypto('XRP', 'XRP', 6, 1), crypto('USDT', 'Tether', 6, 24),
];

export const payoutDetail: PayoutDetail = {
  id: 801, payment_made_at: '2026-02-01T00:00:00.000Z', monthly_fee: '0.00', status: 'completed', payout_info: null,
  settled_amount: '990.00', settlement_method: 'instant', refund_total: '0.00', previous_reserve_amount: '0.00', txid: null,
  created_at: '2026-01-31T00:00:00.000Z', transaction_total: '0.025', transaction_total_fiat: '1000.00', transaction_fees: '10.00',
};
export const payoutTransaction: PayoutTransaction = {
  created_at: CREATED, id: 7001, amount_due: '0.00025', amount_in_fiat: '10.00', amount_in_fiat_received: '10.00',
  amount_received: '0.00025', status: 'paid', external_id: 'order-1001', invoice_number: 'INV1001', source: 'payment',
  device_id: null, transaction_id: TXID, exchange_rate: '40000.00', fees: '0.10', settlement_method: 'instant',
  description: 'Payment from Jane Doe',
};
export const pendingPayouts: PendingPayouts = {
  pending_payouts: {
    instant_settlement: { transaction_total: '1000.00', fees: '10.00', total_pending_payout: '990.00' },
    manual_settlement: [{ currency_iso: 'BTC', transaction_total: '0.025', fees: '0.00025', total_pending_payout: '0.02475' }],
  },
};
