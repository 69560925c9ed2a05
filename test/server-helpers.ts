// Helpers of the server tests: signed exchange URLs (X1, computed with the contract's signing
// functions), Basic headers, and handlers that answer with the contracts' examples.
import { sign, signaturePayload } from '../contracts/exchange/signing.ts';
import * as ex from '../contracts/exchange/examples.ts';
import * as mx from '../contracts/merchant/examples.ts';
import type { ServerHandlers } from '../server/app.ts';

export const NOW = 1_700_000_000_000;

export interface SignOptions {
  method: 'GET' | 'POST';
  /** Path relative to /api/v1. */
  path: string;
  query?: Record<string, string | number>;
  body?: Record<string, unknown>;
  accessKey?: string;
  secret?: string;
  /** A number, or the exact text sent (zero-padded nonces). */
  nonce?: number | string;
  /** Replace the computed signature (bad-signature tests). */
  signature?: string;
}

/** The URL of a signed exchange request: its own query plus access_key, nonce and signature. */
export function signedUrl(o: SignOptions): string {
  const accessKey = o.accessKey ?? 'demo-trader';
  const query = { ...(o.query ?? {}), access_key: accessKey, nonce: o.nonce ?? NOW };
  const fullPath = `/api/v1${o.path}`;
  const signature = o.signature ?? sign(signaturePayload({ method: o.method, path: fullPath, query, body: o.body }), o.secret ?? `${accessKey}-secret`);
  const qs = new URLSearchParams(Object.entries({ ...query, signature }).map(([k, v]) => [k, String(v)]));
  return `${fullPath}?${qs.toString()}`;
}

export const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
export const MERCHANT_AUTH = basic('demo-merchant', 'demo-merchant-secret');
export const MERCHANT_NOREFUND_AUTH = basic('demo-merchant-norefund', 'demo-merchant-norefund-secret');
export const PARTNER_BEARER = 'Bearer demo-partner-key';
export const PARTNER_BASIC = basic('demo-partner', 'demo-partner-secret');

/** Handlers that answer a few operations of each API with the examples of the contracts. */
export const exampleHandlers = {
  exchange: {
    getTicker: ({ params }) => ({ status: 200, body: { ...ex.tickerExample, market: params.market } }),
    getBalances: () => ({ status: 200, body: ex.balancesExample }),
    getOrders: () => ({ status: 200, body: ex.ordersExample }),
    createOrder: () => ({ status: 200, body: ex.createdOrderExample }),
    createOrders: () => ({ status: 200, body: ex.createdOrdersExample }),
    clearOrders: () => ({ status: 200, body: [] }),
    getOrderBook: () => ({ status: 200, body: ex.orderBookExample }),
  },
  merchant: {
    createPayment: () => ({ status: 201, body: mx.payment }),
    getPayment: () => ({ status: 200, body: mx.paymentConfirmed }),
    listCurrencies: () => ({ status: 200, body: { currencies: mx.currencies } }),
    createRefund: () => ({ status: 201, body: mx.refund }),
    deleteInvoiceRecipient: () => ({ status: 204 }),
  },
  partner: {
    registerUser: () => ({ status: 201, body: { status: 1, message: 'Registration successful' } }),
  },
} satisfies ServerHandlers;

export const createPaymentBody = mx.createPaymentBody;
export const createOrderBody = ex.createOrderBodyExample;
