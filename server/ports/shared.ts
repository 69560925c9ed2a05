// Port: the stores several instances of the server must share, chosen once per server: used nonces
// (X2), rate-limit windows and bans, and the merchant invoice-number claim (M5). In Redis:
// server/stores/shared.ts (`REDIS_URL`, `redis` in the config; a validator is given them as `shared`). The
// sandbox's own records (orders, payments, refunds) are not here: see README, "Running several instances".
import type { IdempotencyStore } from './idempotency.ts';
import type { InvoiceNumberClaims } from './invoice-numbers.ts';
import type { RequestStores } from './request-stores.ts';

/** What a server or validator takes from a shared store instead of its per-process default: `createServer({ shared })`. */
export interface SharedStores extends RequestStores {
  /** Optional: a backend whose merchant store already claims invoice numbers needs none. */
  invoiceNumbers?: InvoiceNumberClaims;
  /** Idempotency-Key records shared by instances. */
  idempotency?: IdempotencyStore;
  /** Resolves when the store answers, rejects with the reason when not (`GET /readyz`); absent: always ready. */
  ready?(): Promise<void>;
}
