// What the control API reads the webhook delivery log through (decision S-listen): the merchant
// sandbox's deliveries table and its dispatcher, registered by the merchant API's default handlers
// (server/merchant/reference/defaults.ts) when the control API is on. And the log record as the
// control API shows it (contracts/sandbox/delivery-schemas.ts).
import type { Delivery } from '../../contracts/sandbox/delivery-schemas.ts';
import type { DeliveryLog } from '../merchant/reference/sandbox-hooks.ts';
import type { DeliveryRecord } from '../ports/merchant-records.ts';

export type { DeliveryLog };

const subjectId = (subject: string | undefined, kind: 'payment' | 'refund'): number | null =>
  subject?.startsWith(`${kind}:`) ? Number(subject.slice(kind.length + 1)) : null;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A target URL as the log shows it: credentials a merchant put in it are not the log's to show.
 * Userinfo becomes `***`, and so does every query value: a receiver's token hides under any name
 * (`?token=`, `?k=`, `?sig=`), so no list of names would catch them all; the names stay, to debug by.
 */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return '(unparseable URL)';
  }
  const userinfo = u.username || u.password ? '***@' : '';
  const query = [...u.searchParams.keys()].map((k) => `${encodeURIComponent(k)}=***`).join('&');
  return `${u.protocol}//${userinfo}${u.host}${u.pathname}${query ? `?${query}` : ''}`;
}

/** Any URL inside a logged error (fetch names the URL it refused) redacted the same way. */
const redactUrlsIn = (text: string): string => text.replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)]+/gi, redactUrl);

/** A logged attempt as the control API answers it. */
export function deliveryView(r: DeliveryRecord): Delivery {
  const encoding = r.encoding ?? 'json';
  return {
    id: r.id, webhook_id: r.webhook_id, merchant: r.merchant, event: r.event,
    payment_id: subjectId(r.subject, 'payment'), refund_id: subjectId(r.subject, 'refund'),
    attempt: r.attempt, replay_of: r.replay_of ?? null, at: iso(r.at), target_url: r.url === null ? null : redactUrl(r.url), encoding,
    outcome: r.url === null ? 'held' : r.ok ? 'delivered' : 'failed',
    response_status: r.status === null || r.status < 100 ? null : r.status, error: r.error === null ? null : redactUrlsIn(r.error), duration_ms: r.duration_ms ?? null,
    next_attempt_at: r.next_attempt_at === null ? null : iso(r.next_attempt_at),
    // Records logged before the bytes were kept (an older state file) show what can be known.
    signature: r.signature ?? '',
    headers: r.headers ?? { 'content-type': encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded', accept: 'application/json', 'user-agent': '' },
    body: r.body ?? '',
  };
}

/** What `GET /deliveries/stream` hands a listener: each webhook's first attempt, and every replay. */
export const streamed = (r: DeliveryRecord): boolean => r.attempt === 1 || (r.replay_of ?? null) !== null;

/** Resolves when `log` records a streamed attempt of `merchant`, after `ms`, or when `signal` aborts; never rejects. */
export function nextDelivery(log: DeliveryLog, merchant: string, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      off();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const off = log.webhooks.onRecorded((r) => {
      if (r.merchant === merchant && streamed(r)) done();
    });
    signal.addEventListener('abort', done);
  });
}
