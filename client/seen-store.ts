// Deduplication of webhook deliveries. Delivery is at-least-once (M3), so the same event can
// arrive twice; a receiver remembers the events it processed in a seen-store. The key of an
// event is its resource and status: a payment goes Pending -> pending_confirmation -> paid and
// each step is one event (transaction id + status), a refund likewise (refund id + status).
// The in-memory default is bounded (oldest keys forgotten first); use a shared store (Redis,
// a database table) when several processes receive webhooks.
import type { WebhookEvent } from './webhooks.ts';

export interface SeenStore {
  has(key: string): Promise<boolean> | boolean;
  add(key: string): Promise<void> | void;
}

/** `payment:<transaction_id>:<transaction_status>` or `refund:<id>:<status>`. */
export function webhookEventKey(event: WebhookEvent): string {
  return event.type === 'payment'
    ? `payment:${event.payload.transaction_id}:${event.payload.transaction_status}`
    : `refund:${event.payload.id}:${event.payload.status}`;
}

export interface MemorySeenStoreOptions {
  /** Keys remembered before the oldest is forgotten (default 10 000). */
  maxKeys?: number;
}

export interface MemorySeenStore extends SeenStore {
  has(key: string): boolean;
  add(key: string): void;
  readonly size: number;
}

export function memorySeenStore({ maxKeys = 10_000 }: MemorySeenStoreOptions = {}): MemorySeenStore {
  if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError(`maxKeys must be a positive integer, got ${maxKeys}`);
  const keys = new Set<string>(); // insertion order = age
  return {
    has: (key) => keys.has(key),
    add(key) {
      keys.delete(key);
      keys.add(key);
      while (keys.size > maxKeys) keys.delete(keys.values().next().value!);
    },
    get size() {
      return keys.size;
    },
  };
}
