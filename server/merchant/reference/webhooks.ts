// Webhook delivery (decision M3 and M-webhook-retries): the payload is parsed with its contract
// schema before anything is sent, encoded once (every attempt carries the same `data` bytes) and
// re-signed per attempt with that attempt's own `t`. At-least-once: up to 6 attempts, retried after
// 1, 2, 4, 8 and 16 s; an attempt fails on a non-2xx answer, a network error or a timeout. Every
// attempt is written to the delivery log with the exact bytes and headers sent (webhook-attempt.ts),
// which the control API reads, replays and streams (S-listen); in listen mode a webhook without a
// target is logged as held. The body is JSON, or a form with the same two fields for
// keys whose config says `webhookEncoding: "form"` (decision M-webhook-form); the signature, the
// retries and the log are the same in both. Nothing but `signature` and `data` is ever sent.
import { WEBHOOK_DELIVERY } from '../../../contracts/merchant/ops-webhooks.ts';
import { WEBHOOK_CONTENT_TYPES, type WebhookEncoding } from '../../../contracts/merchant/webhook-encoding.ts';
import { encodeWebhookData } from '../../../contracts/merchant/webhook-signature.ts';
import {
  PaymentWebhookPayloadSchema, RefundWebhookPayloadSchema, type PaymentWebhookPayload, type RefundWebhookPayload,
} from '../../../contracts/merchant/webhooks.ts';
import type { Outbox, OwedDelivery } from '../../ports/outbox.ts';
import { countWebhookAttempt } from '../../ports/tallies.ts';
import type { UnitsOfWork } from '../../ports/units.ts';
import type { DeliveryRecord, WebhookEvent } from '../../ports/merchant-records.ts';
import type { MerchantStore } from '../../ports/merchant-store.ts';
import type { TimerHandle, Timers } from './timers.ts';
import { SANDBOX_DEFAULTS } from '../../config/defaults.ts';
import { guardedTransport, type WebhookTransport } from './webhook-transport.ts';
import { describe, postAttempt, sentFields, signedBody, withoutQuery } from './webhook-attempt.ts';
import { randomUUID } from 'node:crypto';

export type { WebhookTransport };

/** How long a claim outlives an attempt's timeout (ms): the claimer records the attempt meanwhile. */
const CLAIM_MARGIN_MS = 2000;

export interface WebhookPolicy {
  maxAttempts: number;
  backoffSeconds: readonly number[];
  attemptTimeoutSeconds: number;
}

export type WebhookMessage =
  | { event: 'paymentFound' | 'paymentConfirmed'; payload: PaymentWebhookPayload }
  | { event: 'refundProcessed'; payload: RefundWebhookPayload };

export interface WebhookDispatcherOptions {
  store: MerchantStore;
  timers: Timers;
  /** How attempts are sent; default guardedTransport with the sandbox's target policy. */
  transport?: WebhookTransport;
  policy?: WebhookPolicy;
  log?: (line: string) => void;
  /** The encoding of a merchant's webhooks (config `merchant.keys[].webhookEncoding`); default json. */
  encodingOf?: (merchant: string) => WebhookEncoding | undefined;
  /** With a state file: the first attempt waits for the commit, and owed deliveries survive restarts. */
  units?: UnitsOfWork;
  outbox?: Outbox;
}

interface Delivery {
  webhookId: string;
  subject: string;
  merchant: string;
  event: WebhookEvent;
  url: string;
  secret: string;
  data: string;
  encoding: WebhookEncoding;
}

/** A delivery waiting for its turn: the attempt to make and when it is due (ms). */
interface Queued {
  d: Delivery;
  n: number;
  dueAt: number;
}

/**
 * Deliveries of one subject (a payment, a refund) go out in event order: only the head of its lane
 * is attempted; the next starts once the head was delivered or gave up after its last attempt.
 */
export class WebhookDispatcher {
  private readonly transport: WebhookTransport;
  private readonly policy: WebhookPolicy;
  private readonly retries = new Set<TimerHandle>();
  private readonly lanes = new Map<string, Queued[]>();
  private seq = 0;
  private closed = false;
  private readonly listening = new Set<string>();
  private readonly recorded = new Set<(r: DeliveryRecord) => void>();

  constructor(private readonly o: WebhookDispatcherOptions) {
    this.transport = o.transport ?? guardedTransport(SANDBOX_DEFAULTS.merchant.webhookTargets);
    this.policy = o.policy ?? WEBHOOK_DELIVERY;
  }

  private get timeoutMs(): number {
    return this.policy.attemptTimeoutSeconds * 1000;
  }

  /** Listen mode of a merchant (S-listen): webhooks without a target are still signed and logged, held for listeners. */
  listen(merchant: string, on: boolean): void {
    if (on) this.listening.add(merchant);
    else this.listening.delete(merchant);
  }

  isListening(merchant: string): boolean {
    return this.listening.has(merchant);
  }

  /** Calls `fn` with every attempt once it is logged; returns the unsubscribe. */
  onRecorded(fn: (r: DeliveryRecord) => void): () => void {
    this.recorded.add(fn);
    return () => this.recorded.delete(fn);
  }

  /**
   * Makes the first attempt (awaited) and schedules the retries; returns the webhook id of the log.
   * Without a URL (listen mode) one held attempt is logged: signed, not sent, not retried.
   */
  async send(target: { merchant: string; url: string | null; secret: string; subject?: string }, message: WebhookMessage): Promise<string> {
    // The payload must be exactly the contract's: a mismatch is our bug, never sent.
    const payload = message.event === 'refundProcessed'
      ? RefundWebhookPayloadSchema.strict().parse(message.payload)
      : PaymentWebhookPayloadSchema.strict().parse(message.payload);
    const { units, outbox } = this.o;
    const encoding = this.encodingOf(target.merchant);
    const { merchant, url, secret } = target;
    const base = { merchant, secret, event: message.event, data: encodeWebhookData(payload), encoding };
    const now = this.o.timers.now();
    if (url === null) {
      const webhookId = units ? `wh_${randomUUID()}` : `wh_${++this.seq}`;
      await this.hold({ webhookId, subject: target.subject ?? webhookId, ...base, url: '' });
      return webhookId;
    }
    if (units && outbox) {
      // Ids must stay unique across restarts; the attempt runs once the event's change committed.
      const webhookId = `wh_${randomUUID()}`;
      const d: Delivery = { webhookId, subject: target.subject ?? webhookId, ...base, url };
      outbox.add({ webhookId, subject: d.subject, merchant, event: d.event, url, data: d.data, attempt: 1, dueAt: now });
      units.afterCommit(() => this.enqueue({ d, n: 1, dueAt: now }));
      return webhookId;
    }
    const webhookId = `wh_${++this.seq}`;
    const d: Delivery = { webhookId, subject: target.subject ?? webhookId, ...base, url };
    if (this.lanes.has(d.subject)) this.enqueue({ d, n: 1, dueAt: now });
    else {
      this.lanes.set(d.subject, [{ d, n: 1, dueAt: now }]);
      await this.attempt(d, 1);
    }
    return webhookId;
  }

  /** Adds a delivery to its subject's lane; starts it when the lane was empty. */
  private enqueue(q: Queued): void {
    const lane = this.lanes.get(q.d.subject);
    if (lane) {
      lane.push(q);
      return;
    }
    this.lanes.set(q.d.subject, [q]);
    this.later(q.d, q.n, q.dueAt - this.o.timers.now());
  }

  /** The head of a lane is finished (delivered or given up): the next delivery of that subject starts. */
  private finished(d: Delivery): void {
    const lane = this.lanes.get(d.subject);
    lane?.shift();
    const next = lane?.[0];
    if (!next) {
      this.lanes.delete(d.subject);
      return;
    }
    this.later(next.d, next.n, next.dueAt - this.o.timers.now());
  }

  /** Schedules every owed delivery of the outbox again (server start); `secretOf` gives each merchant's signing secret. */
  async resume(secretOf: (merchant: string) => string | undefined): Promise<number> {
    const owed = (await this.o.outbox?.owed()) ?? [];
    for (const o of owed) {
      const secret = secretOf(o.merchant);
      if (secret === undefined) {
        this.o.log?.(`[merchant-sandbox] webhook ${o.webhookId}: merchant ${o.merchant} is no longer configured; dropped`);
        this.o.outbox?.done(o.webhookId);
        continue;
      }
      const d = { webhookId: o.webhookId, subject: o.subject || o.webhookId, merchant: o.merchant, event: o.event, url: o.url, secret, data: o.data, encoding: this.encodingOf(o.merchant) };
      this.enqueue({ d, n: o.attempt, dueAt: o.dueAt });
    }
    return owed.length;
  }

  /** A merchant's encoding as configured now (a resumed delivery follows the current setting). */
  private encodingOf(merchant: string): WebhookEncoding {
    return this.o.encodingOf?.(merchant) ?? 'json';
  }

  /**
   * Attempt `n` of `d` after `delayMs`. When recording the attempt fails (a storage fault), the
   * attempt is made again after a backoff: delivered at least once, never dropped.
   */
  private later(d: Delivery, n: number, delayMs: number, retry = 1): void {
    const handle = this.o.timers.setTimeout(async () => {
      this.retries.delete(handle);
      try {
        await this.attempt(d, n);
      } catch (e) {
        const delay = Math.min(30_000, 1000 * 2 ** (retry - 1));
        this.o.log?.(`[merchant-sandbox] webhook ${d.webhookId} attempt ${n} could not be recorded (${describe(e)}); again in ${delay / 1000} s`);
        if (!this.closed) this.later(d, n, delay, retry + 1);
      }
    }, Math.max(0, delayMs));
    this.retries.add(handle);
  }

  /** Stops every scheduled retry (server shutdown, sandbox reset). */
  close(): void {
    this.closed = true;
    for (const h of this.retries) this.o.timers.clearTimeout(h);
    this.retries.clear();
    this.lanes.clear();
    this.listening.clear();
  }

  /** Forgets every owed delivery (sandbox reset). */
  clearOwed(): void {
    this.o.outbox?.clear();
  }

  reopen(): void {
    this.closed = false;
  }

  /**
   * With an outbox, attempt `n` is claimed first (committed) and sent only when this instance won
   * the claim. Lost: another instance sends it; this one follows the row (`follow`) instead.
   */
  private async attempt(d: Delivery, n: number): Promise<void> {
    if (this.closed) return;
    if (this.o.outbox && this.o.units) {
      const now = Date.now();
      if (!(await this.o.outbox.claim(d.webhookId, n, now, now + this.timeoutMs + CLAIM_MARGIN_MS))) {
        countWebhookAttempt('claimed_elsewhere');
        return this.follow(d, n);
      }
    }
    const at = this.o.timers.now();
    const t = Math.floor(at / 1000);
    const signed = signedBody(d.secret, t, d.data, d.encoding);
    const { status, error, duration_ms } = await postAttempt(this.transport, d.url, signed.body, WEBHOOK_CONTENT_TYPES[d.encoding], this.timeoutMs);
    const ok = error === null;
    const backoff = this.policy.backoffSeconds[n - 1];
    const retry = !ok && n < this.policy.maxAttempts && backoff !== undefined && !this.closed;
    countWebhookAttempt(ok ? 'delivered' : retry ? 'failed_retrying' : 'failed_gave_up');
    const record: Omit<DeliveryRecord, 'id'> = {
      merchant: d.merchant, webhook_id: d.webhookId, event: d.event, url: d.url, attempt: n, at, t, status, ok, error,
      next_attempt_at: retry ? this.o.timers.now() + backoff * 1000 : null, data: d.data,
      ...sentFields(d.subject, d.encoding, signed), duration_ms,
    };
    const { units, outbox } = this.o;
    if (units && outbox) {
      const logged = await units.unit(async () => {
        const r = await this.o.store.deliveries.insert(record);
        if (retry) outbox.next(d.webhookId, n + 1, record.next_attempt_at!);
        else outbox.done(d.webhookId);
        return r;
      });
      await units.durable(); // a lost commit throws: later() makes the attempt again
      this.announce(logged);
    } else {
      this.announce(await this.o.store.deliveries.insert(record));
    }
    if (!ok) this.o.log?.(`[merchant-sandbox] webhook ${d.webhookId} (${d.event}) attempt ${n} to ${withoutQuery(d.url)} failed: ${error}${retry ? `; retry in ${backoff} s` : '; giving up'}`);
    if (retry) this.later(d, n + 1, backoff * 1000);
    else this.finished(d);
  }

  /**
   * Attempt `n` of `d` was claimed elsewhere: wait for the row to move. Gone: delivered or given up
   * (the lane moves on). A later attempt owed: scheduled here too (whoever claims it sends it).
   * Still attempt `n`: looked at again once its claim lapses (its claimer may have died).
   */
  private async follow(d: Delivery, n: number): Promise<void> {
    const row = await this.o.outbox!.state(d.webhookId);
    if (!row) return this.finished(d);
    if (row.attempt !== n) return this.later(d, row.attempt, row.dueAt - this.o.timers.now());
    this.later(d, n, Math.max(CLAIM_MARGIN_MS, row.claimedUntil - Date.now() + 1));
  }

  private announce(r: DeliveryRecord): void {
    for (const fn of this.recorded) fn(r);
  }

  /** Listen mode without a target: one attempt signed and logged, nothing sent (S-listen). */
  private async hold(d: Delivery): Promise<void> {
    const at = this.o.timers.now();
    const t = Math.floor(at / 1000);
    const record = await this.o.store.deliveries.insert({
      merchant: d.merchant, webhook_id: d.webhookId, event: d.event, url: null, attempt: 1, at, t, status: null, ok: false, error: null,
      next_attempt_at: null, data: d.data, ...sentFields(d.subject, d.encoding, signedBody(d.secret, t, d.data, d.encoding)), duration_ms: null,
    });
    if (this.o.units) this.o.units.afterCommit(() => this.announce(record));
    else this.announce(record);
  }

  /**
   * Sends a logged attempt's body again, byte for byte with its headers, to its target or `url`,
   * once, and logs it as a new attempt of the same webhook (S-listen).
   */
  async replay(original: DeliveryRecord & { body: string; headers: { 'content-type': string } }, url: string): Promise<DeliveryRecord> {
    const at = this.o.timers.now();
    const { status, error, duration_ms } = await postAttempt(this.transport, url, original.body, original.headers['content-type'], this.timeoutMs);
    const previous = await this.o.store.deliveries.find({ merchant: original.merchant, webhook_id: original.webhook_id });
    const attempt = Math.max(...previous.map((p) => p.attempt)) + 1;
    const { id, ...rest } = original;
    const record = await this.o.store.deliveries.insert({ ...rest, url, attempt, at, status, ok: error === null, error, next_attempt_at: null, duration_ms, replay_of: id });
    this.announce(record);
    return record;
  }
}
