// Port: every store the server uses, in one object built once per server or validator by the
// composition (server/compose.ts): in memory, in the state file (server/state) or shared by
// instances in Redis (server/stores). The APIs, auth and the sandboxes receive what they need from
// it and never build a store of a kind themselves.
import type { ApiId } from '../../contracts/shared/contract.ts';
import type { EngineJournal, ExchangeWriter } from './engine-journal.ts';
import type { IdempotencyStore } from './idempotency.ts';
import type { InvoiceNumberClaims } from './invoice-numbers.ts';
import type { MerchantStore } from './merchant-store.ts';
import type { NonceClaims } from './nonces.ts';
import type { Outbox } from './outbox.ts';
import type { PartnerStore } from './partner-store.ts';
import type { RateCounter, RateLimitRule } from './rate-limit.ts';
import type { UnitsOfWork } from './units.ts';

export interface ServerStores {
  /** The exchange verifier's used nonces (one store for every signed operation of a server). */
  nonces(ttlMs: number): NonceClaims;
  /** One API's rate-limit windows and bans. */
  limiter(api: ApiId, rule: RateLimitRule): RateCounter;
  /** Units of work of a persistent store; absent: in memory, where every write is immediate. */
  units?: UnitsOfWork;
  /** Where accepted exchange commands are kept (absent: memory only). */
  journal?: EngineJournal;
  /** With a journal shared by processes: whether this one is the exchange's writer (absent: always). */
  exchangeWriter?: ExchangeWriter;
  /** The merchant sandbox's records (absent: a fresh memory store). */
  merchant?: MerchantStore;
  /** Webhook deliveries owed across restarts (with `units`). */
  outbox?: Outbox;
  /** The partner sandbox's records (absent: a fresh memory store). */
  partner?: PartnerStore;
  /** Invoice numbers claimed in a store shared by instances as well as in the merchant store (M5). */
  invoiceNumbers?: InvoiceNumberClaims;
  /** Idempotency-Key records of merchant and partner POSTs (absent: none kept, the header is ignored). */
  idempotency?: IdempotencyStore;
}
