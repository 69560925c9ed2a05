// Port: events counted where they happen, for the metrics endpoint (server/metrics). Storage
// adapters count the failures they turn into 503s; the webhook dispatcher counts its attempts by
// outcome. Per process, as Prometheus counters are (one process is one instance): the adapters need
// no handle on a registry, and a registry reads the tallies when it is scraped.

/** What failed: the backend, and for PostgreSQL whether retries of serialization failures ran out. */
export type StorageErrorKind = 'postgres' | 'postgres_retries_exhausted' | 'sqlite' | 'redis';

/**
 * delivered: a 2xx answer; failed_retrying: failed, another attempt scheduled; failed_gave_up: the
 * last attempt failed; claimed_elsewhere: another instance had claimed this attempt (not sent here).
 */
export type WebhookOutcome = 'delivered' | 'failed_retrying' | 'failed_gave_up' | 'claimed_elsewhere';

const storageErrors = new Map<StorageErrorKind, number>();
const webhookAttempts = new Map<WebhookOutcome, number>();

export function countStorageError(kind: StorageErrorKind): void {
  storageErrors.set(kind, (storageErrors.get(kind) ?? 0) + 1);
}

export function countWebhookAttempt(outcome: WebhookOutcome): void {
  webhookAttempts.set(outcome, (webhookAttempts.get(outcome) ?? 0) + 1);
}

/** The counts so far (since the process started). */
export const tallies = (): { storageErrors: ReadonlyMap<StorageErrorKind, number>; webhookAttempts: ReadonlyMap<WebhookOutcome, number> } => ({ storageErrors, webhookAttempts });
