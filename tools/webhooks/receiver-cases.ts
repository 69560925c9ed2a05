// The deliveries of `webhooks test`: what a correct receiver must do with each, and which receiver
// bug a wrong answer reveals. Each case is built fresh (its own transaction or refund id, so cases
// never deduplicate into each other, nor into events of an earlier run) from the document's example
// payloads, signed by the M3 functions and encoded by the sandbox's encoder.
import { encodeWebhookBody, WEBHOOK_CONTENT_TYPES, type WebhookEncoding } from '../../contracts/merchant/webhook-encoding.ts';
import { formatSignatureHeader, webhookSignature } from '../../contracts/merchant/webhook-signature.ts';
import type { WebhookEnvelope } from '../../contracts/merchant/webhooks.ts';
import { utf8ToBase64 } from '../../contracts/shared/base64.ts';
import type { WebhookCatalog } from './events.ts';

/** The receiver bug a failed case names. */
export const RECEIVER_BUGS = {
  'refuses-valid': 'refuses a valid delivery',
  'verifies-reserialised-body': 'verifies a re-serialised body instead of the `data` bytes received',
  'no-signature-check': 'does not check the signature',
  'accepts-rotated-secret': 'accepts a signature made with the secret it rotated away from',
  'checks-only-first-signature': 'checks only the first s1 (a rotation sends one per secret)',
  'no-timestamp-window': 'does not refuse a timestamp outside the tolerance (replays accepted)',
  'not-idempotent': 'processes the same event more than once',
  'accepts-malformed': 'accepts a delivery that is not the envelope {signature, data}',
  'fails-unknown-event': 'does not acknowledge (2xx) an authentic event it does not know, so it is retried forever',
} as const;
export type ReceiverBug = keyof typeof RECEIVER_BUGS;

export interface Delivery {
  body: string;
  contentType: string;
}

export interface ReceiverCase {
  id: string;
  title: string;
  /** What a correct receiver answers to every delivery of the case. */
  expect: '2xx' | '4xx';
  /** Sent in order (two for the duplicates). */
  deliveries: Delivery[];
  /** Events a correct receiver acts on for the whole case (checked only with a probe). */
  effects: number;
  /** The bug a wrong answer (status or effect) names. */
  bug: ReceiverBug;
}

export interface CaseOptions {
  secret: string;
  /** The secret the receiver rotated away from (default: a made-up one). */
  oldSecret?: string;
  encoding: WebhookEncoding;
  /** Unix seconds the deliveries are signed at. */
  t: number;
  toleranceSec: number;
  /** First id of this run; each event gets the next one (default: from the clock, unique per run). */
  firstId?: number;
}

/** An envelope over exactly these `data` bytes, one s1 per secret. */
function signData(data: string, secrets: readonly string[], t: number): WebhookEnvelope {
  return { signature: formatSignatureHeader(t, secrets.map((s) => webhookSignature(s, t, data))), data };
}

export function receiverCases(catalog: WebhookCatalog, o: CaseOptions): ReceiverCase[] {
  let next = o.firstId ?? (Date.now() % 1e12) * 10;
  const old = o.oldSecret ?? `rotated-away-${o.secret}-${next}`;
  const ctype = WEBHOOK_CONTENT_TYPES[o.encoding];
  /** A fresh payload of a declared event (its own ids), as base64 compact JSON like the sandbox's. */
  const payload = (event: string) => {
    const p = structuredClone(catalog.sample(catalog.get(event))) as Record<string, unknown>;
    const id = ++next;
    if ('transaction_id' in p) Object.assign(p, { transaction_id: id, payment_id: id });
    else p.id = String(id);
    return p;
  };
  const data = (event: string) => utf8ToBase64(JSON.stringify(payload(event)));
  const wire = (e: Partial<WebhookEnvelope>): Delivery => ({
    body: o.encoding === 'json' ? JSON.stringify(e) : new URLSearchParams(e as Record<string, string>).toString(),
    contentType: ctype,
  });
  const send = (e: WebhookEnvelope): Delivery => ({ body: encodeWebhookBody(e, o.encoding), contentType: ctype });
  const signed = (d: string, secrets: readonly string[] = [o.secret], t = o.t) => send(signData(d, secrets, t));
  const c = (id: string, title: string, expect: ReceiverCase['expect'], effects: number, bug: ReceiverBug, ...deliveries: Delivery[]): ReceiverCase =>
    ({ id, title, expect, effects, bug, deliveries });

  const dup = data('paymentConfirmed');
  const dupResigned = data('paymentFound');
  const away = 2 * o.toleranceSec;
  const tampered = signData(data('paymentConfirmed'), [o.secret], o.t);
  return [
    ...catalog.events.map((e) => c(`valid-${e.event}`, `valid ${e.event}`, '2xx', 1, 'refuses-valid', signed(data(e.event)))),
    c('valid-noncanonical', 'valid, `data` is indented JSON (not compact)', '2xx', 1, 'verifies-reserialised-body',
      signed(utf8ToBase64(JSON.stringify(payload('paymentConfirmed'), null, 2)))),
    c('rotation-both', 'rotation: s1 of the old secret, then s1 of the current one', '2xx', 1, 'checks-only-first-signature', signed(data('paymentFound'), [old, o.secret])),
    c('rotation-old-only', 'rotation: signed only with the old secret', '4xx', 0, 'accepts-rotated-secret', signed(data('paymentFound'), [old])),
    c('forged', 'forged: signed with a wrong secret', '4xx', 0, 'no-signature-check', signed(data('paymentConfirmed'), [`forged-${o.secret}`])),
    c('tampered', 'tampered: `data` replaced after signing', '4xx', 0, 'no-signature-check',
      send({ signature: tampered.signature, data: data('paymentConfirmed') })),
    c('expired', `expired: signed ${away} s ago (tolerance ${o.toleranceSec} s)`, '4xx', 0, 'no-timestamp-window', signed(data('paymentFound'), [o.secret], o.t - away)),
    c('future', `future-dated: signed ${away} s ahead`, '4xx', 0, 'no-timestamp-window', signed(data('paymentFound'), [o.secret], o.t + away)),
    c('duplicate', 'duplicate: the same bytes twice', '2xx', 1, 'not-idempotent', signed(dup), signed(dup)),
    c('duplicate-resigned', 'duplicate: the same `data` re-signed 1 s later (a sandbox retry)', '2xx', 1, 'not-idempotent',
      signed(dupResigned), signed(dupResigned, [o.secret], o.t + 1)),
    c('malformed-body', o.encoding === 'json' ? 'malformed: not JSON' : 'malformed: not a form with signature and data', '4xx', 0, 'accepts-malformed',
      { body: o.encoding === 'json' ? '{"signature": "t=' : 'hello', contentType: ctype }),
    c('malformed-no-data', 'malformed: envelope without `data`', '4xx', 0, 'accepts-malformed', wire({ signature: tampered.signature })),
    c('malformed-no-signature', 'malformed: envelope without `signature`', '4xx', 0, 'no-signature-check', wire({ data: data('paymentFound') })),
    c('unknown-event', 'unknown event: authentic, but no payload schema of this API version', '2xx', 0, 'fails-unknown-event',
      signed(utf8ToBase64(JSON.stringify({ event: 'payoutSettled', payout_id: ++next, amount: '1.00', currency: 'BTC' })))),
  ];
}
