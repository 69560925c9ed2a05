// Port: webhook deliveries still owed, kept where they outlive the process (the state file:
// server/state/outbox.ts). The merchant sandbox's webhook dispatcher writes and resumes them.
import type { WebhookEvent } from './merchant-records.ts';

/** A delivery still owed: the next attempt's number and due time (ms). */
export interface OwedDelivery {
  webhookId: string;
  /** What the event is about ('payment:1001'): deliveries of one subject go out in event order. */
  subject: string;
  merchant: string;
  event: WebhookEvent;
  url: string;
  data: string;
  attempt: number;
  dueAt: number;
}

/** Where an owed delivery stands now (another instance may have moved it on). */
export interface OwedState {
  attempt: number;
  dueAt: number;
  /** When the claim of the current attempt lapses (ms since the epoch; 0: unclaimed). */
  claimedUntil: number;
}

/**
 * Where owed deliveries outlive the process (server/state/outbox.ts). Several instances may know
 * one delivery (each resumes the outbox at its start): an attempt is sent only by the instance
 * whose `claim` of it was committed, and `next` moves only the attempt it names.
 */
export interface Outbox {
  add(o: OwedDelivery): void;
  /** Attempt `attempt` is sent by this caller: true when it was unclaimed (or its claim lapsed before `now`), claimed until `until`. Committed when it resolves. */
  claim(webhookId: string, attempt: number, now: number, until: number): boolean | Promise<boolean>;
  /** Where the delivery stands; undefined once delivered or given up. */
  state(webhookId: string): OwedState | undefined | Promise<OwedState | undefined>;
  /** Attempt `attempt - 1` failed: `attempt` is owed at `dueAt`, unclaimed. */
  next(webhookId: string, attempt: number, dueAt: number): void;
  done(webhookId: string): void;
  /** Every owed delivery, in the order the events happened (PostgreSQL answers with a promise). */
  owed(): OwedDelivery[] | Promise<OwedDelivery[]>;
  clear(): void;
}
