// Port: webhook deliveries still owed, kept where they outlive the process (the state file:
// server/state/outbox.ts). The merchant sandbox's webhook dispatcher writes and resumes them.
import type { WebhookEvent } from '../merchant/reference/records.ts';

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

/** Where owed deliveries outlive the process (server/state/outbox.ts). */
export interface Outbox {
  add(o: OwedDelivery): void;
  next(webhookId: string, attempt: number, dueAt: number): void;
  done(webhookId: string): void;
  /** Every owed delivery, in the order the events happened (PostgreSQL answers with a promise). */
  owed(): OwedDelivery[] | Promise<OwedDelivery[]>;
  clear(): void;
}
