// The generated merchant document against the seed document, sections 2, 3, 6 and 7: every
// resource field reached through the operation that returns it, every status vocabulary, the
// webhooks and their payloads, the error body. Tables copied from the document.
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from '../shared/primitives.ts';
import { resolveObject } from '../shared/openapi-walk.ts';
import { type Row, checkRows, component, doc, field, responseBody } from './merchant.test-helpers.ts';

const S = 'string';
const I = 'integer';
const N = { nullable: true };
const NOT_NULL = { nullable: false };
const DT = { format: 'date-time' };

// Section 3 vocabularies ("null" is carried as nullability, not as a value).
const VOCAB = {
  TransactionStatus: ['invoice_sent', 'pending_confirmation', 'paid', 'overpaid', 'underpaid', 'completed', 'cancelled'],
  BlockchainStatus: ['Pending', 'Paid', 'Confirmed', 'Expired'],
  PayoutStatus: ['processing', 'completed', 'settlement_pending', 'settlement_error'],
  InvoiceStatus: ['unpaid', 'cancelled', 'expired', 'pending_confirmation', 'paid', 'overpaid', 'underpaid', 'completed'],
  InvoiceDeliveryStatus: ['sent', 'viewed', 'opened', 'error', 'bounced', 'delivered', 'spam'],
  RefundStatus: ['pending', 'cancelled', 'refunded', 'email_opened', 'problem'],
  InstantRefundStatus: ['pending', 'refunded', 'problem'],
};
const CRYPTO = ['BTC', 'ETH', 'LTC', 'BCH', 'XRP', 'USDT'];
const FIAT = ['USD', 'CAD', 'EUR'];

const PAYMENT: Row[] = [ // 2.1
  ['id', true, I], ['amount', true, S], ['txid', true, S], ['invoice_number', true, S], ['amount_due', true, S],
  ['amount_received', true, S], ['exchange_rate', true, S], ['exchange_rate_currency', true, S, { enum: FIAT }],
  ['status.blockchain_status', true, S, { ...NOT_NULL, enum: VOCAB.BlockchainStatus }],
  ['status.transaction_status', true, S, { ...N, enum: VOCAB.TransactionStatus }],
  ['crypto_address_info.iso', true, S, { enum: CRYPTO }], ['crypto_address_info.address', true, S],
  ['crypto_address_info.cash_address', false, S], ['crypto_address_info.xaddress', false, S],
  ['crypto_address_info.destination_tag', false, S], ['crypto_address_info.start_timestamp', true, I],
  ['crypto_address_info.expires_timestamp', true, I], ['url', true, S],
];
const WIDGET: Row[] = [['status', true, I, { enum: [200] }], ['id', true, I], ['token', true, S]]; // 2.2
const TRANSACTION: Row[] = [ // 2.3
  ['created_at', true, S, DT], ['id', true, I], ['amount_due', true, S], ['amount_in_fiat', true, S], ['amount_received', true, S, N],
  ['status', true, S, { enum: VOCAB.TransactionStatus }], // nullable: decision M-transaction-status-null
  ['external_id', true, S, N], ['invoice_number', true, S], ['device_id', true, S, N], ['txid', true, S, N],
  ['settlement_method', true, S, { enum: ['instant', 'manual'] }], ['exchange_rate', true, S], ['is_sandbox', true, 'boolean'],
  ['fees', true, S], ['description', true, S], ['payout_id', true, I], // null until paid out: decision M-payout-id
  ['currency', true, S],
];
const PAYOUT_TRANSACTION: Row[] = [ // 2.4
  'created_at', 'amount_due', 'amount_in_fiat', 'amount_in_fiat_received', 'amount_received', 'external_id', 'invoice_number',
  'source', 'device_id', 'transaction_id', 'exchange_rate', 'fees', 'description',
].map((f): Row => [f, true, S]).concat([['id', true, I], ['status', true, S, { enum: VOCAB.TransactionStatus }], ['settlement_method', true, S, { enum: ['instant', 'manual'] }]]);
const INVOICE: Row[] = [ // 2.5
  ['id', true, I], ['created_at', true, S, DT], ['expires_at', true, S, DT], ['due_at', true, S, DT], ['invoice_recipient_id', true, I],
  ['amount', true, S], ['invoice_number', true, S], ['url', true, S], ['email', true, S, { pattern: EMAIL_PATTERN }],
  ['status', true, S, { enum: VOCAB.InvoiceStatus }], ['delivery_status', true, S, { ...N, enum: VOCAB.InvoiceDeliveryStatus }],
  ['transaction', true, 'object'], ['transaction.settlement_method', true, S], ['transaction.is_sandbox', true, 'boolean'],
];
const RECIPIENT: Row[] = [ // 2.6 (fields optional at creation are null when not given: decision M-recipient-nulls)
  ['id', true, I], ['first_name', true, S], ['last_name', true, S], ['address', true, S], ['city', true, S], ['phone', true, S],
  ['province_or_state', true, S], ['country', true, S], ['email', true, S, { pattern: EMAIL_PATTERN }], ['company_name', true, S, N],
  ['zip', true, S], ['created_at', true, S, DT], ['updated_at', true, S, DT],
];
const REFUND_COMMON: Row[] = [ // 2.7
  ['amount_to_refund', true, S, N], ['amount_to_refund_fiat', true, S, NOT_NULL], ['email', true, S], ['expires_at', true, S, DT],
  ['status', true, S, { enum: VOCAB.RefundStatus }], ['txid', true, S, N], ['transaction_fees', true, S], ['created_at', true, S, DT],
  ['url', true, S], ['webhook_url', false, S],
];
const REFUND: Row[] = [['id', true, I], ...REFUND_COMMON];
const INSTANT_REFUND: Row[] = [ // 2.8
  ['refund_id', true, I], ['transaction_id', true, I], ['amount_to_refund', true, S, N], ['amount_to_refund_fiat', true, S],
  ['status', true, S, { enum: VOCAB.InstantRefundStatus }], ['blockchain_txid', true, S, N], ['created_at', true, S, DT],
];
const CURRENCY: Row[] = [ // 2.9
  ['iso', true, S, { enum: CRYPTO }], ['name', true, S], ['online', true, 'boolean'], ['precision', true, I], ['price_precision', true, I],
  ['confirmations_required', true, I], ['network_types', true, 'array'], ['network_types.[]', true, S, { enum: ['ERC-20', 'BEP-20', 'TRC-20'] }],
];
const PAYOUT_ITEM: Row[] = [ // 2.10 list item (payment_made_at nullable: decision M-payout-made-at)
  ['id', true, I], ['payment_made_at', true, S], ['status', true, S, { enum: VOCAB.PayoutStatus }], ['settled_amount', true, S],
];
const PAYOUT_DETAIL: Row[] = [ // 2.10 detail
  ['id', true, I], ['payment_made_at', true, S, N], ['monthly_fee', true, S], ['status', true, S, { enum: VOCAB.PayoutStatus }],
  ['payout_info', true, S, N], ['settled_amount', true, S], ['settlement_method', true, S, { enum: ['instant', 'manual'] }],
  ['refund_total', true, S], ['previous_reserve_amount', true, S], ['txid', true, S, N], ['created_at', true, S],
  ['transaction_total', true, S], ['transaction_total_fiat', true, S], ['transaction_fees', true, S],
];
const PENDING: Row[] = [ // 2.11
  ['pending_payouts', true, 'object'], ['pending_payouts.instant_settlement.transaction_total', true, S],
  ['pending_payouts.instant_settlement.fees', true, S], ['pending_payouts.instant_settlement.total_pending_payout', true, S],
  ['pending_payouts.manual_settlement', true, 'array'], ['pending_payouts.manual_settlement.[].currency_iso', true, S, { enum: CRYPTO }],
  ['pending_payouts.manual_settlement.[].transaction_total', true, S], ['pending_payouts.manual_settlement.[].fees', true, S],
  ['pending_payouts.manual_settlement.[].total_pending_payout', true, S],
];

const prefix = (p: string, rows: Row[]): Row[] => rows.map(([f, ...rest]) => [`${p}.${f}`, ...rest] as Row);
// method, path, success status, rows (list wrappers of section 4 prefixed).
const RESPONSES: [string, string, number, Row[]][] = [
  ['post', '/widget_payments', 200, WIDGET],
  ['post', '/payments', 201, PAYMENT],
  ['get', '/payments/{payment_id}', 200, PAYMENT],
  ['get', '/transactions', 200, prefix('transactions.[]', TRANSACTION)],
  ['get', '/transactions/{id}', 200, TRANSACTION],
  ['post', '/invoices', 201, INVOICE],
  ['get', '/invoices/{id}', 200, INVOICE],
  ['get', '/invoice_recipients', 200, prefix('invoice_recipients.[]', RECIPIENT)],
  ['get', '/invoice_recipients/{id}', 200, RECIPIENT],
  ['post', '/invoice_recipients', 201, RECIPIENT],
  ['patch', '/invoice_recipients/{id}', 200, RECIPIENT],
  ['post', '/transactions/{transaction_id}/refunds', 201, REFUND],
  ['post', '/transactions/instant_refund', 201, INSTANT_REFUND],
  ['get', '/refunds/{refund_id}', 200, REFUND],
  ['get', '/transactions/{transaction_id}/refunds', 200, prefix('refunds.[]', REFUND)],
  ['get', '/currencies', 200, prefix('currencies.[]', CURRENCY)],
  ['get', '/payouts', 200, prefix('payouts.[]', PAYOUT_ITEM)],
  ['get', '/payouts/{id}', 200, PAYOUT_DETAIL],
  ['get', '/payouts/{id}/transactions', 200, prefix('transactions.[]', PAYOUT_TRANSACTION)],
  ['get', '/payouts/pending', 200, PENDING],
  ['get', '/payouts/pending/transactions', 200, prefix('transactions.[]', PAYOUT_TRANSACTION)],
  ['get', '/payouts/pending/transactions/manual/{currency_iso}', 200, prefix('transactions.[]', PAYOUT_TRANSACTION)],
];

describe('section 2: resources, reached through their operations', () => {
  it.each(RESPONSES)('%s %s %i', (method, path, status, rows) => checkRows(responseBody(method, path, status), rows));

  it('names every resource once', () => {
    for (const name of ['Payment', 'WidgetPayment', 'Transaction', 'PayoutTransaction', 'Invoice', 'InvoiceRecipient', 'Refund',
      'InstantRefund', 'Currency', 'PayoutListItem', 'PayoutDetail', 'PendingPayouts']) expect(component(name).type).toBe('object');
  });
});

describe('section 3: status vocabularies as named enums', () => {
  it.each(Object.entries(VOCAB))('%s', (name, values) => {
    expect(component(name).enum).toEqual(values);
    expect(component(name).default).toBeUndefined(); // no field's metadata leaked into the component
  });
  it('cryptocurrencies and networks', () => {
    expect(component('CryptoIso').enum).toEqual(CRYPTO);
    expect(component('NetworkType').enum).toEqual(['ERC-20', 'BEP-20', 'TRC-20']);
    expect(component('NetworkType').description).toMatch(/^Network of a currency/);
  });
});

describe('section 6: webhooks', () => {
  it.each(['paymentFound', 'paymentConfirmed', 'refundProcessed'])('%s posts a signed envelope and expects 2xx', (name) => {
    const hook = doc.webhooks[name].post;
    expect(hook.operationId).toBe(name);
    expect(hook.security).toEqual([]);
    expect(Object.keys(hook.responses)).toEqual(['200']);
    checkRows(hook.requestBody.content['application/json'].schema, [
      ['signature', true, S, { pattern: '^t=(0|[1-9][0-9]*)(,s1=[0-9a-f]{64})+$' }],
      ['data', true, S],
    ]);
    expect(field(hook.requestBody.content['application/json'].schema, 'data').schema.contentEncoding).toBe('base64');
    expect(hook.description).toMatch(/HMAC-SHA256/);
    expect(hook.description).toMatch(/6 attempts/);
  });

  it('publishes the decoded payment payload', () => {
    checkRows(component('PaymentWebhookPayload'), [
      ['external_id', true, S], ['amount_due', true, S], ['amount_received', true, S], ['exchange_rate', true, S],
      ['exchange_rate_currency', true, S, { enum: FIAT }], ['invoice_number', true, S], ['transaction_currency', true, S],
      ['transaction_status', true, S, { enum: VOCAB.TransactionStatus }], ['payment_id', true, I], ['transaction_id', true, I],
      ['txid', true, S], ['blockchain_transactions', true, 'array'], ['blockchain_transactions.[].id', true, I],
      ['blockchain_transactions.[].status', true, S, { enum: VOCAB.BlockchainStatus }], ['blockchain_transactions.[].amount_received', true, S],
      ['blockchain_transactions.[].txid', true, S], ['blockchain_transactions.[].find_time', true, S, DT],
    ]);
  });

  it('publishes the decoded refund payload: Refund fields, id as a string, currency_iso and sandbox_mode', () => {
    checkRows(component('RefundWebhookPayload'), [
      ['id', true, S], ...REFUND_COMMON, ['currency_iso', true, S, { enum: CRYPTO }], ['sandbox_mode', true, 'boolean'],
    ]);
  });
});

describe('section 7: error body', () => {
  it('is {title, code, details, error?, source?} on every declared error', () => {
    checkRows(component('MerchantError'), [
      ['title', true, S], ['code', true, S, { pattern: '^[0-9]{4}$' }], ['details', true, S], ['error', false, S], ['source', false, 'array'],
    ]);
    for (const item of Object.values(doc.paths as Record<string, Record<string, any>>)) {
      for (const o of Object.values(item)) {
        for (const [status, r] of Object.entries(o.responses as Record<string, any>)) {
          if (Number(status) < 400) continue;
          const shared = resolveObject(doc, r) as Record<string, any>;
          expect(shared.content['application/json'].schema.$ref).toBe('#/components/schemas/MerchantError');
        }
      }
    }
  });
});
