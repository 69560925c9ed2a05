// The merchant sandbox: its store, clock and timers, webhook dispatcher and per-key account
// settings, shared by the handlers of every resource. Also the sandbox-only actions that the
// document places in the merchant account rather than the API (marking an over- or underpaid
// transaction completed, cancelling an invoice) and the payout run, for tests and demos.
import type { SettlementMethod } from '../../../contracts/merchant/enums.ts';
import type { PayoutStatus } from '../../../contracts/merchant/enums.ts';
import type { Clock } from '../../core/clock.ts';
import type { Fiat } from './currencies.ts';
import { KeyedLock } from './lock.ts';
import { hash } from 'node:crypto';
import type { DeliveryRecord, PayoutRecord } from '../../ports/merchant-records.ts';
import { payoutGroups, payoutInputs } from './settlement.ts';
import { createMemoryMerchantStore } from './store.ts';
import { withSharedInvoiceNumbers, type InvoiceNumberClaims } from '../../ports/invoice-numbers.ts';
import type { MerchantStore } from '../../ports/merchant-store.ts';
import type { Outbox } from '../../ports/outbox.ts';
import type { UnitsOfWork } from '../../ports/units.ts';
import { realTimers, type TimerCallback, type TimerHandle, type Timers } from './timers.ts';
import { invoiceStatus } from './views.ts';
import { SANDBOX_DEFAULTS } from '../../config/defaults.ts';
import { guardedTransport, type TargetPolicy } from './webhook-transport.ts';
import type { WebhookEncoding } from '../../../contracts/merchant/webhook-encoding.ts';
import { WebhookDispatcher, type WebhookPolicy, type WebhookTransport } from './webhooks.ts';
import { StateUnavailableError } from '../../core/errors.ts';
import { StatusRegressionError, forwardOnlyStatuses } from './transitions.ts';

/** A step that must wait for an earlier one (confirmed before found, after a fault): retried like a storage fault. */
export class StepNotReady extends Error {
  override readonly name = 'StepNotReady';
}

/** Backoff of a step retried after a storage fault: 1, 2, 4, 8, 16, then every 30 s. */
export const retryDelayMs = (attempt: number): number => Math.min(30_000, 1000 * 2 ** (attempt - 1));

/** Per API key: the account's fiat currency (invoices must use it; instant payouts pay it) and settlement method. */
export interface MerchantAccount {
  currency: Fiat;
  settlement_method: SettlementMethod;
}
export const DEFAULT_ACCOUNT: MerchantAccount = { currency: 'USD', settlement_method: 'instant' };

/** M2 timings; refunds reuse them (e-mail opened / processed). */
export interface SandboxTimings {
  foundAfterMs: number;
  confirmedAfterMs: number;
}

export interface MerchantSandboxOptions {
  /** The server config: `merchant.sandbox` (the M2 timings), `merchant.webhookTargets` (default: no private networks) and `merchant.keys` (webhook encoding per key). */
  config: { merchant: { sandbox: SandboxTimings; webhookTargets?: TargetPolicy; keys?: readonly { apiKey: string; webhookEncoding?: WebhookEncoding | undefined }[] } };
  /** The server's clock; ignored when `timers` is given (it brings its own). */
  now?: Clock;
  log?: (line: string) => void;
  timers?: Timers;
  transport?: WebhookTransport;
  webhookPolicy?: WebhookPolicy;
  store?: MerchantStore;
  /** Invoice numbers claimed in a store shared by several instances (Redis) as well as in `store` (M5). */
  shared?: { invoiceNumbers?: InvoiceNumberClaims };
  /** Base of the payment, invoice and refund page URLs. */
  portalUrl?: string;
  /** Account settings per API key; unlisted keys get DEFAULT_ACCOUNT. */
  accounts?: Record<string, Partial<MerchantAccount>>;
  /**
   * Units of work of a persistent `store` (the state file): each lifecycle step and webhook attempt
   * is its own unit, and timers are armed only once the request that scheduled them committed.
   */
  units?: UnitsOfWork;
  /** Where owed webhook deliveries outlive the process (with `units`). */
  outbox?: Outbox;
}

export class MerchantSandbox {
  readonly store: MerchantStore;
  readonly timers: Timers;
  readonly webhooks: WebhookDispatcher;
  readonly timings: SandboxTimings;
  readonly portalUrl: string;
  readonly log: (line: string) => void;
  readonly lock = new KeyedLock();
  private readonly accounts = new Map<string, MerchantAccount>();
  private readonly scheduled = new Set<TimerHandle>();
  readonly units: UnitsOfWork | undefined;

  constructor(o: MerchantSandboxOptions) {
    this.units = o.units;
    this.timers = o.timers ?? realTimers(o.now);
    this.log = o.log ?? (() => undefined);
    this.store = forwardOnlyStatuses(withSharedInvoiceNumbers(o.store ?? createMemoryMerchantStore(), o.shared?.invoiceNumbers, o.units, this.log), this.timers.now);
    this.timings = { ...o.config.merchant.sandbox };
    this.portalUrl = (o.portalUrl ?? 'https://portal.example.com').replace(/\/$/, '');
    this.webhooks = new WebhookDispatcher({
      store: this.store, timers: this.timers, log: this.log, ...(o.units ? { units: o.units } : {}), ...(o.outbox ? { outbox: o.outbox } : {}),
      transport: o.transport ?? guardedTransport(o.config.merchant.webhookTargets ?? SANDBOX_DEFAULTS.merchant.webhookTargets),
      ...(o.webhookPolicy ? { policy: o.webhookPolicy } : {}),
      encodingOf: (merchant) => o.config.merchant.keys?.find((k) => k.apiKey === merchant)?.webhookEncoding,
    });
    for (const [key, a] of Object.entries(o.accounts ?? {})) this.accounts.set(key, { ...DEFAULT_ACCOUNT, ...a });
  }

  now(): number {
    return this.timers.now();
  }

  account(apiKey: string): MerchantAccount {
    return this.accounts.get(apiKey) ?? DEFAULT_ACCOUNT;
  }

  /** Sandbox setting: changes the account currency or settlement method of a key (new transactions only). */
  setAccount(apiKey: string, patch: Partial<MerchantAccount>): void {
    this.accounts.set(apiKey, { ...this.account(apiKey), ...patch });
  }

  url(kind: 'payments' | 'invoices' | 'refunds' | 'widget', id: number | string): string {
    return kind === 'widget' ? `${this.portalUrl}/widget/payment?data=${encodeURIComponent(String(id))}` : `${this.portalUrl}/${kind}/${id}`;
  }

  /**
   * Runs `fn` after `ms`, as one unit of work that counts as done once committed. A step that fails
   * on a storage fault (the unit or its commit) is logged and retried with backoff (1, 2, 4 … 30 s)
   * until it commits, so no step is silently dropped; every step checks its record's state first,
   * so running it again is safe. A step refused as a status regression is logged and not retried.
   */
  schedule(ms: number, label: string, fn: TimerCallback): void {
    const units = this.units;
    const run = async (attempt: number): Promise<void> => {
      try {
        if (units) {
          await units.unit(async () => fn());
          await units.durable();
        } else {
          await fn();
        }
        if (attempt > 1) this.log(`[merchant-sandbox] ${label} done at attempt ${attempt}`);
      } catch (e) {
        if (!(e instanceof StateUnavailableError) && !(e instanceof StepNotReady)) {
          this.log(`[merchant-sandbox] ${label} failed: ${e instanceof StatusRegressionError ? e.message : ((e as Error).stack ?? String(e))}`);
          return;
        }
        const delay = retryDelayMs(attempt);
        const why = e instanceof StateUnavailableError ? e.reason : e.message;
        this.log(`[merchant-sandbox] ${label} failed at attempt ${attempt} (${why}); retrying in ${delay / 1000} s`);
        arm(delay, attempt + 1);
      }
    };
    const arm = (delay: number, attempt: number) => {
      const handle = this.timers.setTimeout(async () => {
        this.scheduled.delete(handle);
        await run(attempt);
      }, delay);
      this.scheduled.add(handle);
    };
    // A timer of a request that rolled back must never fire: armed after the commit. Its due
    // time is in the records it was made for, so a restart arms it again (resume.ts).
    if (units) units.afterCommit(() => arm(ms, 1));
    else arm(ms, 1);
  }

  /** A deterministic 64-hex id (sandbox txids): the same inputs give the same id. */
  fakeHash(...parts: (string | number)[]): string {
    return hash('sha256', parts.join(':'), 'hex');
  }

  /** Cancels every pending lifecycle step and webhook retry (server shutdown). */
  close(): void {
    for (const h of this.scheduled) this.timers.clearTimeout(h);
    this.scheduled.clear();
    this.webhooks.close();
  }

  /** Empties the store and cancels everything pending: a fresh sandbox for the next test. */
  async reset(): Promise<void> {
    this.close();
    await this.store.reset();
    this.webhooks.clearOwed();
    this.accounts.clear();
    this.webhooks.reopen();
  }

  // ---- actions of the merchant account (not API calls) ----------------------------------------

  /** Marks an overpaid or underpaid transaction completed; it joins the next payout. */
  async completeTransaction(apiKey: string, transactionId: number): Promise<void> {
    const tx = await this.store.transactions.get(transactionId);
    if (!tx || tx.merchant !== apiKey) throw new Error(`no transaction ${transactionId} of ${apiKey}`);
    if (tx.status !== 'overpaid' && tx.status !== 'underpaid') throw new Error(`transaction ${transactionId} is ${tx.status}; only overpaid or underpaid ones can be completed`);
    await this.store.transactions.update(transactionId, { status: 'completed' });
  }

  /** Marks an unpaid invoice cancelled (decision M-invoice-transitions: only `unpaid` -> `cancelled`). */
  async cancelInvoice(apiKey: string, invoiceId: number): Promise<void> {
    const inv = await this.store.invoices.get(invoiceId);
    if (!inv || inv.merchant !== apiKey) throw new Error(`no invoice ${invoiceId} of ${apiKey}`);
    const status = invoiceStatus(inv, (await this.store.transactions.get(inv.transaction_id))!, this.now());
    if (status !== 'unpaid') throw new Error(`invoice ${invoiceId} is ${status}; only unpaid invoices can be cancelled`);
    await this.store.invoices.update(invoiceId, { cancelled: true });
  }

  /** Pays out everything settled: one payout per settlement method and cryptocurrency. */
  async runPayouts(apiKey: string, status: PayoutStatus = 'completed'): Promise<PayoutRecord[]> {
    const account = this.account(apiKey);
    const { txs, refunds } = await payoutInputs(this.store, apiKey);
    const out: PayoutRecord[] = [];
    for (const g of payoutGroups(txs, refunds, account.currency)) {
      if (g.transactions.length === 0) continue;
      const now = this.now();
      const payout = await this.store.payouts.insert({
        merchant: apiKey, created_at: now, payment_made_at: status === 'completed' ? now : null, status,
        settlement_method: g.method, currency: g.currency, transaction_ids: g.transactions.map((t) => t.id),
        settled_amount: g.settled, transaction_total: g.total, transaction_total_fiat: g.totalFiat, transaction_fees: g.fees,
        refund_total: g.refundTotal, monthly_fee: '0.00', previous_reserve_amount: '0.00',
        payout_info: g.method === 'instant' ? `Sandbox bank transfer in ${account.currency}` : `Sandbox ${g.currency} transfer`,
        txid: g.method === 'manual' && status === 'completed' ? this.fakeHash('payout', apiKey, now, g.currency) : null,
      });
      for (const t of g.transactions) await this.store.transactions.update(t.id, { payout_id: payout.id });
      for (const r of g.refunds) await this.store.refunds.update(r.id, { payout_id: payout.id });
      out.push(payout);
    }
    return out;
  }

  /** The delivery log, optionally of one merchant or one webhook, in attempt order. */
  async deliveries(where: Partial<Pick<DeliveryRecord, 'merchant' | 'webhook_id' | 'event'>> = {}): Promise<DeliveryRecord[]> {
    return this.store.deliveries.find(where);
  }
}

export const createMerchantSandbox = (o: MerchantSandboxOptions): MerchantSandbox => new MerchantSandbox(o);
