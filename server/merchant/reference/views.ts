// Records -> the contract's wire shapes (and the webhook payloads). Times become ISO 8601 UTC;
// derived states are computed here from the clock: a payment not found before its window closed
// is Expired, an unpaid invoice past expires_at is expired.
import type { Invoice } from '../../../contracts/merchant/invoices.ts';
import type { Payment } from '../../../contracts/merchant/payments.ts';
import type { PayoutDetail, PayoutTransaction } from '../../../contracts/merchant/payouts.ts';
import type { InvoiceRecipient } from '../../../contracts/merchant/recipients.ts';
import type { InstantRefund, Refund } from '../../../contracts/merchant/refunds.ts';
import type { Transaction } from '../../../contracts/merchant/transactions.ts';
import type { PaymentWebhookPayload, RefundWebhookPayload } from '../../../contracts/merchant/webhooks.ts';
import { Big, fixedString } from './money.ts';
import type { InvoiceRecord, PaymentRecord, PayoutRecord, RecipientRecord, RefundRecord, TransactionRecord } from '../../ports/merchant-records.ts';

export const iso = (ms: number): string => new Date(ms).toISOString();

/** Expired (final, decision M-expired): Pending past its window with no funds that arrived within it. */
export function blockchainStatus(p: PaymentRecord, now: number): Payment['status']['blockchain_status'] {
  const end = p.expires_timestamp * 1000;
  if (p.blockchain_status !== 'Pending' || now < end) return p.blockchain_status;
  return p.funds_at != null && p.funds_at <= end ? 'Pending' : 'Expired';
}

export function paymentView(p: PaymentRecord, tx: TransactionRecord, url: string, now: number): Payment {
  return {
    id: p.id,
    amount: p.amount,
    txid: tx.txid ?? '',
    invoice_number: p.invoice_number,
    amount_due: p.amount_due,
    amount_received: tx.amount_received ?? '0',
    exchange_rate: p.exchange_rate,
    exchange_rate_currency: p.fiat,
    status: { blockchain_status: blockchainStatus(p, now), transaction_status: tx.status },
    crypto_address_info: {
      iso: p.crypto,
      address: p.address,
      ...(p.cash_address !== null ? { cash_address: p.cash_address } : {}),
      ...(p.xaddress !== null ? { xaddress: p.xaddress } : {}),
      ...(p.destination_tag !== null ? { destination_tag: p.destination_tag } : {}),
      start_timestamp: p.start_timestamp,
      expires_timestamp: p.expires_timestamp,
    },
    url,
  };
}

export function transactionView(tx: TransactionRecord): Transaction {
  return {
    created_at: iso(tx.created_at),
    id: tx.id,
    amount_due: tx.amount_due,
    amount_in_fiat: tx.amount_in_fiat,
    amount_received: tx.amount_received,
    status: tx.status,
    external_id: tx.external_id,
    invoice_number: tx.invoice_number,
    device_id: null,
    txid: tx.txid,
    settlement_method: tx.settlement_method,
    exchange_rate: tx.exchange_rate,
    is_sandbox: tx.sandbox,
    fees: tx.fees,
    description: tx.description,
    payout_id: tx.payout_id,
    currency: tx.currency,
  };
}

export function invoiceStatus(inv: InvoiceRecord, tx: TransactionRecord, now: number): Invoice['status'] {
  if (inv.cancelled) return 'cancelled';
  if (tx.status === null || tx.status === 'invoice_sent') return now >= inv.expires_at ? 'expired' : 'unpaid';
  return tx.status === 'cancelled' ? 'cancelled' : tx.status;
}

export function invoiceView(inv: InvoiceRecord, tx: TransactionRecord, url: string, now: number): Invoice {
  return {
    id: inv.id,
    created_at: iso(inv.created_at),
    expires_at: iso(inv.expires_at),
    due_at: iso(inv.due_at),
    invoice_recipient_id: inv.recipient_id,
    amount: inv.amount,
    invoice_number: inv.invoice_number,
    url,
    email: inv.email,
    status: invoiceStatus(inv, tx, now),
    delivery_status: inv.delivery_status,
    transaction: transactionView(tx),
  };
}

export function recipientView(r: RecipientRecord): InvoiceRecipient {
  return {
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    address: r.address,
    city: r.city,
    phone: r.phone,
    province_or_state: r.province_or_state,
    country: r.country,
    email: r.email,
    company_name: r.company_name,
    zip: r.zip,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export function refundView(r: RefundRecord, url: string): Refund {
  return {
    id: r.id,
    amount_to_refund: r.amount_to_refund,
    amount_to_refund_fiat: r.amount_to_refund_fiat,
    email: r.email,
    expires_at: iso(r.expires_at),
    status: r.status,
    txid: r.txid,
    transaction_fees: r.transaction_fees,
    created_at: iso(r.created_at),
    url,
    ...(r.webhook_url !== null ? { webhook_url: r.webhook_url } : {}),
  };
}

export function instantRefundView(r: RefundRecord): InstantRefund {
  if (r.status !== 'pending' && r.status !== 'refunded' && r.status !== 'problem') throw new Error(`instant refund ${r.id} in state ${r.status}`);
  return {
    refund_id: r.id,
    transaction_id: r.refund_transaction_id!,
    amount_to_refund: r.amount_to_refund,
    amount_to_refund_fiat: r.amount_to_refund_fiat,
    status: r.status,
    blockchain_txid: r.txid,
    created_at: iso(r.created_at),
  };
}

export function payoutListItem(p: PayoutRecord) {
  return { id: p.id, payment_made_at: p.payment_made_at === null ? null : iso(p.payment_made_at), status: p.status, settled_amount: p.settled_amount };
}

export function payoutDetailView(p: PayoutRecord): PayoutDetail {
  return {
    ...payoutListItem(p),
    monthly_fee: p.monthly_fee,
    payout_info: p.payout_info,
    settlement_method: p.settlement_method,
    refund_total: p.refund_total,
    previous_reserve_amount: p.previous_reserve_amount,
    txid: p.txid,
    created_at: iso(p.created_at),
    transaction_total: p.transaction_total,
    transaction_total_fiat: p.transaction_total_fiat,
    transaction_fees: p.transaction_fees,
  };
}

/** A settled transaction as payout listings show it; only transactions with a received amount get here. */
export function payoutTransactionView(tx: TransactionRecord): PayoutTransaction {
  if (tx.amount_received === null || tx.status === null) throw new Error(`transaction ${tx.id} has not been paid`);
  return {
    created_at: iso(tx.created_at),
    id: tx.id,
    amount_due: tx.amount_due,
    amount_in_fiat: tx.amount_in_fiat,
    amount_in_fiat_received: fixedString(new Big(tx.amount_received).times(tx.exchange_rate), 2),
    amount_received: tx.amount_received,
    status: tx.status,
    external_id: tx.external_id,
    invoice_number: tx.invoice_number,
    source: tx.kind,
    device_id: null,
    transaction_id: tx.txid ?? '',
    exchange_rate: tx.exchange_rate,
    fees: tx.fees,
    settlement_method: tx.settlement_method,
    description: tx.description,
  };
}

export function paymentWebhookPayload(p: PaymentRecord, tx: TransactionRecord): PaymentWebhookPayload {
  if (tx.status === null || tx.txid === null || tx.amount_received === null || p.found_at === null) {
    throw new Error(`payment ${p.id} has not been found; no webhook to send`);
  }
  return {
    external_id: p.external_id,
    amount_due: p.amount_due,
    amount_received: tx.amount_received,
    exchange_rate: p.exchange_rate,
    exchange_rate_currency: p.fiat,
    invoice_number: p.invoice_number,
    transaction_currency: p.crypto,
    transaction_status: tx.status,
    payment_id: p.id,
    transaction_id: tx.id,
    txid: tx.txid,
    blockchain_transactions: [
      { id: 1, status: p.blockchain_status, amount_received: tx.amount_received, txid: tx.txid, find_time: iso(p.found_at) },
    ],
  };
}

export function refundWebhookPayload(r: RefundRecord, url: string): RefundWebhookPayload {
  const { id, ...rest } = refundView(r, url);
  return { id: String(id), ...rest, currency_iso: r.currency, sandbox_mode: r.sandbox };
}
