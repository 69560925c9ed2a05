// Deduplication of webhook deliveries. Delivery is at-least-once (M3), so the same event can
// arrive twice; a receiver remembers the events it processed in a seen-store. The key of an
// event is its resource and status: a payment goes Pending -> pending_confirmation -> paid and
// each step is one event (transaction id + status), a refund likewise (refund id + status).
// The in-memory default is bounded (oldest keys forgotten first); use a shared store when several
// processes receive webhooks: `redisSeenStore(url)` of `<package>/server` (Node only, so it lives
// outside the browser-safe client) implements this interface with claim/release, or a database table.
import type { WebhookEvent } from './webhooks.ts';

export interface SeenStore {
  /** Whether the event was processed. */
  has(key: string): Promise<boolean> | boolean;
  /** Marks the event processed (after its handler succeeded). */
  add(key: string): Promise<void> | void;
  /**
   * Optional, for stores shared by several processes: atomically claims the event for processing,
   * true only when it is neither processed nor claimed (Redis: `SET claim:<key> 1 NX PX <ttl>`,
   * false when it existed or `<key>` is set). Without it, a claim is local to one process.
   */
  claim?(key: string): Promise<boolean> | boolean;
  /** Ends a claim once its handler is done: after add() when it succeeded, or so a redelivery can retry when it failed. */
  release?(key: string): Promise<void> | void;
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
  claim(key: string): boolean;
  release(key: string): void;
  readonly size: number;
}

export function memorySeenStore({ maxKeys = 10_000 }: MemorySeenStoreOptions = {}): MemorySeenStore {
  if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError(`maxKeys must be a positive integer, got ${maxKeys}`);
  const keys = new Set<string>(); // insertion order = age
  const claimed = new Set<string>();
  return {
    has: (key) => keys.has(key),
    add(key) {
      claimed.delete(key);
      keys.delete(key);
      keys.add(key);
      while (keys.size > maxKeys) keys.delete(keys.values().next().value!);
    },
    claim(key) {
      if (keys.has(key) || claimed.has(key)) return false;
      claimed.add(key);
      return true;
    },
    release(key) {
      claimed.delete(key);
    },
    get size() {
      return keys.size;
    },
  };
}
