// What the merchant sandbox stores, owned by the storage port that keeps it (merchant-store.ts).
// Records are internal (times in ms, the owning merchant, links by id);
// server/merchant/reference/views.ts turns them into the contract's wire shapes. Each
// record's status lives in one place: a payment's transaction status, txid and amount received are
// on its transaction, not copied onto the payment.
import type {
  BlockchainStatus, CryptoIso, InvoiceDeliveryStatus, NetworkType, PayoutStatus, RefundStatus, SettlementMethod, TransactionStatus,
} from '../../contracts/merchant/enums.ts';
import type { COUNTRY_CODES } from '../../contracts/shared/countries.ts';
import type { FIAT_CURRENCIES } from '../../contracts/shared/primitives.ts';

/** A fiat currency code the merchant API accepts. */
export type Fiat = (typeof FIAT_CURRENCIES)[number];

export type CountryCode = (typeof COUNTRY_CODES)[number];

export interface Customer {
  first_name: string;
  last_name: string;
  email: string;
}

export interface PaymentRecord {
  id: number;
  merchant: string;
  created_at: number;
  amount: string;
  fiat: Fiat;
  crypto: CryptoIso;
  network: NetworkType | null;
  amount_due: string;
  exchange_rate: string;
  external_id: string;
  invoice_number: string;
  confirmations_required: number;
  customer: Customer;
  webhook_url: string | null;
  address: string;
  cash_address: string | null;
  xaddress: string | null;
  destination_tag: string | null;
  /** Unix seconds: the five-minute window. */
  start_timestamp: number;
  expires_timestamp: number;
  /** Stored Pending/Paid/Confirmed; Expired is derived from the window when nothing was found. */
  blockchain_status: Exclude<BlockchainStatus, 'Expired'>;
  found_at: number | null;
  /**
   * When the customer's funds reach the address (ms; sandbox keys: creation + foundAfterMs), null
   * when no customer pays; absent in records written before it existed. Funds in the window keep the
   * payment Pending past it until its found step runs, however late (a stalled lifecycle); funds
   * after it leave the payment Expired for good (decision M-expired).
   */
  funds_at?: number | null;
  transaction_id: number;
}

export type TransactionKind = 'payment' | 'invoice' | 'refund';

export interface TransactionRecord {
  id: number;
  merchant: string;
  sandbox: boolean;
  kind: TransactionKind;
  created_at: number;
  payment_id: number | null;
  invoice_id: number | null;
  /** For a refund transaction: the refund it sends. */
  refund_id: number | null;
  /** Crypto code, or the invoice fiat until the recipient chooses a cryptocurrency. */
  currency: CryptoIso | Fiat;
  network: NetworkType | null;
  fiat: Fiat;
  amount_due: string;
  amount_in_fiat: string;
  amount_received: string | null;
  status: TransactionStatus | null;
  external_id: string | null;
  invoice_number: string;
  txid: string | null;
  settlement_method: SettlementMethod;
  exchange_rate: string;
  fees: string;
  description: string;
  customer_email: string | null;
  payout_id: number | null;
}

export interface WidgetPaymentRecord {
  id: number;
  merchant: string;
  created_at: number;
  token: string;
  hosted_payment_id: number;
  amount: string;
  external_id: string;
  invoice_number: string;
  customer: Customer;
  crypto: CryptoIso | null;
  confirmations_required: number | null;
  callback_url: string | null;
  webhook_url: string | null;
  cancel_url: string | null;
}

export interface RecipientFields {
  email: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  address: string | null;
  city: string | null;
  phone: string | null;
  province_or_state: string | null;
  zip: string | null;
  country: CountryCode | null;
}

export interface RecipientRecord extends RecipientFields {
  id: number;
  merchant: string;
  created_at: number;
  updated_at: number;
}

export interface InvoiceRecord {
  id: number;
  merchant: string;
  created_at: number;
  due_at: number;
  expires_at: number;
  recipient_id: number | null;
  amount: string;
  fiat: Fiat;
  invoice_number: string;
  email: string;
  description: string | null;
  send_reminders: boolean;
  send_customer_email: boolean;
  delivery_status: InvoiceDeliveryStatus | null;
  /** Marked cancelled in the merchant account (a sandbox helper here). */
  cancelled: boolean;
  transaction_id: number;
}

export interface RefundRecord {
  id: number;
  merchant: string;
  sandbox: boolean;
  kind: 'email' | 'instant';
  transaction_id: number;
  created_at: number;
  email: string;
  amount_to_refund: string | null;
  amount_to_refund_fiat: string;
  expires_at: number;
  status: RefundStatus;
  txid: string | null;
  transaction_fees: string;
  webhook_url: string | null;
  send_email: boolean;
  currency: CryptoIso;
  address: string | null;
  destination_tag: string | null;
  /** Instant refunds: the transaction that sends the refund. */
  refund_transaction_id: number | null;
  /** The payout the refund was deducted from; null while pending deduction. */
  payout_id: number | null;
}

export interface PayoutRecord {
  id: number;
  merchant: string;
  created_at: number;
  payment_made_at: number | null;
  status: PayoutStatus;
  settlement_method: SettlementMethod;
  /** The cryptocurrency of the transactions it pays out. */
  currency: CryptoIso;
  transaction_ids: number[];
  settled_amount: string;
  transaction_total: string;
  transaction_total_fiat: string;
  transaction_fees: string;
  refund_total: string;
  monthly_fee: string;
  previous_reserve_amount: string;
  payout_info: string | null;
  txid: string | null;
}

export type WebhookEvent = 'paymentFound' | 'paymentConfirmed' | 'refundProcessed';

/** One delivery attempt of one webhook. */
export interface DeliveryRecord {
  id: number;
  merchant: string;
  /** The webhook (all attempts of one event share it). */
  webhook_id: string;
  event: WebhookEvent;
  /** Where it was sent; null: held for listeners, nothing sent (listen mode without a webhook_url, S-listen). */
  url: string | null;
  attempt: number;
  /** When the attempt was made (ms) and the `t` it was signed with (s). */
  at: number;
  t: number;
  /** HTTP status of the answer; null on a network error or timeout. */
  status: number | null;
  ok: boolean;
  error: string | null;
  /** When the next attempt is due; null when delivered or given up. */
  next_attempt_at: number | null;
  /** The base64 `data` of the envelope (the same bytes in every attempt). */
  data: string;
  // Kept since the delivery log is readable through the control API (S-listen); absent in older records.
  /** What the event is about ('payment:1001', 'refund:9001'). */
  subject?: string;
  encoding?: 'json' | 'form';
  /** The envelope's signature, the exact body and the headers sent. */
  signature?: string;
  body?: string;
  headers?: { 'content-type': string; accept: string; 'user-agent': string };
  /** Wall time of the attempt in ms (sending to the whole answer); null when held. */
  duration_ms?: number | null;
  /** The delivery this attempt replayed. */
  replay_of?: number | null;
}

const SETTLED = new Set(['paid', 'completed']);

/**
 * Settled, not yet paid out, and a payment (refund transactions are deducted, not paid): what the
 * next payout takes. The transactions table keeps these in its queue (Table.queued), so payouts read
 * them from an index instead of a merchant's whole history.
 */
export const awaitsPayout = (tx: TransactionRecord): boolean =>
  tx.kind !== 'refund' && tx.status !== null && SETTLED.has(tx.status) && tx.payout_id === null && tx.amount_received !== null;

/** Refunds that still reduce a coming payout: not cancelled or failed, not deducted yet (the refunds table's queue). */
export const awaitsDeduction = (r: RefundRecord): boolean => r.payout_id === null && r.status !== 'cancelled' && r.status !== 'problem';
