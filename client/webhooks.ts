// Verifying merchant webhooks (decision M3), after stripe-node's Webhooks: an options object, the
// raw body, constant-time comparison, a tolerance on by default (300 s, absolute, both ways) and
// a signing helper for tests. The envelope is `{signature: "t=<unix s>,s1=<hex>[,s1=...]", data:
// "<base64 JSON>"}`; s1 = HMAC-SHA256(secret, `<t>.<data>`) as received, so a JSON parser that
// re-serializes the envelope does no harm, but `data` must be the string exactly as sent.
// Secret rotation works both ways: several s1 values in the header and/or several secrets here;
// one match of any s1 with any secret verifies. The decoded payload is parsed with the contract's
// schemas; which one parses tells a payment event from a refund event. The raw body may be JSON or
// a form `signature=..&data=..` (keys configured for form-reading receivers, decision
// M-webhook-form): pass the request's Content-Type, or let the body's first character tell.
import type { z } from 'zod';
import { base64ToBytes } from '../contracts/shared/base64.ts';
import {
  parseSignatureHeader, signaturesEqual, signWebhookEnvelope, webhookSignature,
} from '../contracts/merchant/webhook-signature.ts';
import { readWebhookForm, webhookEncodingOf } from '../contracts/merchant/webhook-encoding.ts';
import {
  PaymentWebhookPayloadSchema, RefundWebhookPayloadSchema, type PaymentWebhookPayload, type RefundWebhookPayload, type WebhookEnvelope,
} from '../contracts/merchant/webhooks.ts';

export type { PaymentWebhookPayload, RefundWebhookPayload };

// ---- The error: a `reason` to branch on, a message that names the likely cause ----
export type WebhookFailureReason =
  | 'no_body' // nothing to verify: body absent or empty
  | 'malformed_body' // a body, but not the envelope {signature, data} (JSON or form)
  | 'malformed_header' // signature not `t=<unix s>,s1=<hex>[,s1=...]`
  | 'bad_signature' // no s1 matches any secret
  | 'timestamp_too_old' // t older than the tolerance (replay or clock)
  | 'timestamp_in_future' // t ahead by more than the tolerance (clock)
  | 'undecodable_data' // data not canonical base64 of UTF-8 JSON
  | 'payload_invalid'; // decoded JSON matches neither payload schema

export const WEBHOOK_FAILURE_REASONS: readonly WebhookFailureReason[] = [
  'no_body', 'malformed_body', 'malformed_header', 'bad_signature', 'timestamp_too_old', 'timestamp_in_future', 'undecodable_data', 'payload_invalid',
];

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  /** The signed timestamp, for the timestamp reasons. */
  declare readonly timestamp?: number;
  /** The schema issues, for payload_invalid. */
  declare readonly issues?: readonly unknown[];

  constructor(
    readonly reason: WebhookFailureReason,
    message: string,
    extra: { timestamp?: number; issues?: readonly unknown[] } = {},
  ) {
    super(message);
    if (extra.timestamp !== undefined) this.timestamp = extra.timestamp;
    if (extra.issues !== undefined) this.issues = extra.issues;
  }
}

export type WebhookEvent =
  | { type: 'payment'; payload: PaymentWebhookPayload; timestamp: number }
  | { type: 'refund'; payload: RefundWebhookPayload; timestamp: number };

/** The envelope `{signature, data}` (the contract's WebhookEnvelope). */
export type WebhookEnvelopeInput = WebhookEnvelope;

export interface VerifyWebhookOptions {
  /** The raw request body (string or bytes), or the envelope `{signature, data}` already parsed. */
  body: string | Uint8Array | WebhookEnvelopeInput | null | undefined;
  /**
   * The request's Content-Type, for a raw body: `application/x-www-form-urlencoded` reads the form
   * fields `signature` and `data`, `application/json` the JSON envelope. Absent: a body starting
   * with `{` is JSON, anything else a form.
   */
  contentType?: string | undefined;
  /** The signing secret; several during a rotation. */
  secret: string | readonly string[];
  /** Largest accepted |now − t| in seconds (default 300). */
  toleranceSec?: number;
  /** Clock in milliseconds (default Date.now). */
  now?: () => number;
}

export const DEFAULT_TOLERANCE_SEC = 300;
const fail = (reason: ConstructorParameters<typeof WebhookVerificationError>[0], message: string, extra?: object) =>
  new WebhookVerificationError(reason, message, extra);

/** Verifies a webhook and returns its typed event, or throws a WebhookVerificationError saying why. */
export function verifyWebhook(options: VerifyWebhookOptions): WebhookEvent {
  const secrets = typeof options.secret === 'string' ? [options.secret] : [...options.secret];
  if (secrets.length === 0 || secrets.some((s) => typeof s !== 'string' || s === '')) {
    throw new TypeError('verifyWebhook: secret must be a non-empty string (or a list of them); sandbox: demo-signing-secret');
  }
  const toleranceSec = options.toleranceSec ?? DEFAULT_TOLERANCE_SEC;
  if (!(toleranceSec >= 0)) throw new RangeError(`verifyWebhook: toleranceSec must be >= 0, got ${toleranceSec}`);

  const { signature, data } = readEnvelope(options.body, options.contentType);
  const header = parseSignatureHeader(signature);
  if (!header) {
    throw fail('malformed_header', `The signature ${JSON.stringify(signature.slice(0, 100))} is not of the form "t=<unix seconds>,s1=<64 lower-case hex>[,s1=...]": is this a webhook of this API?`);
  }
  const expected = secrets.map((secret) => webhookSignature(secret, header.t, data));
  if (!header.s1.some((received) => expected.some((e) => signaturesEqual(e, received)))) {
    throw fail('bad_signature', 'No s1 signature matches: is the signing secret the one of this API key, and was `data` passed exactly as received (not re-encoded)? Did you pass the raw body?');
  }
  const nowSec = Math.floor((options.now ?? Date.now)() / 1000);
  // A clock that is not a number would make every comparison below false: no age check at all.
  if (!Number.isFinite(nowSec)) throw new TypeError('verifyWebhook: `now` must return milliseconds since the epoch (a finite number)');
  const age = nowSec - header.t;
  if (age > toleranceSec) {
    throw fail('timestamp_too_old', `The timestamp is ${age} s old, more than the tolerance of ${toleranceSec} s: a replayed webhook, or check this machine's clock.`, { timestamp: header.t });
  }
  if (-age > toleranceSec) {
    throw fail('timestamp_in_future', `The timestamp is ${-age} s ahead of this clock, more than the tolerance of ${toleranceSec} s: check this machine's clock.`, { timestamp: header.t });
  }
  return toEvent(decodeData(data), header.t);
}

function readEnvelope(body: VerifyWebhookOptions['body'], contentType: string | undefined): WebhookEnvelopeInput {
  if (body === undefined || body === null || (typeof body !== 'object' && typeof body !== 'string')) {
    throw fail('no_body', 'No webhook body: pass the raw request body (e.g. express.raw({ type: "application/json" })) or the parsed {signature, data}.');
  }
  let envelope: unknown = body;
  if (typeof body === 'string' || body instanceof Uint8Array) {
    const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
    if (text.trim() === '') throw fail('no_body', 'The webhook body is empty: did you pass the raw body before a parser consumed the stream?');
    const encoding = webhookEncodingOf(contentType) ?? (text.trimStart().startsWith('{') ? 'json' : 'form');
    if (encoding === 'form') {
      const form = readWebhookForm(text);
      if ('problem' in form) throw fail('malformed_body', `The form-encoded webhook body has ${form.problem}: expected the fields signature and data. Did you pass the raw body, unmodified?`);
      return form;
    }
    try {
      envelope = JSON.parse(text);
    } catch {
      throw fail('malformed_body', 'The webhook body is not JSON: did you pass the raw body, unmodified?');
    }
  }
  const e = envelope as Partial<Record<'signature' | 'data', unknown>>;
  if (typeof e !== 'object' || e === null || typeof e.data !== 'string') {
    throw fail('malformed_body', 'The webhook body has no string `data`: expected the envelope {signature, data}. Did you pass the raw body (not an already parsed payload)?');
  }
  if (typeof e.signature !== 'string') throw fail('malformed_header', 'The webhook envelope has no string `signature` ("t=<unix seconds>,s1=<hex>").');
  return { signature: e.signature, data: e.data };
}

function decodeData(data: string): unknown {
  const bytes = base64ToBytes(data);
  if (!bytes) throw fail('undecodable_data', '`data` is not valid base64: it must be passed exactly as received.');
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw fail('undecodable_data', '`data` decodes from base64 but is not UTF-8 JSON.');
  }
}

function toEvent(payload: unknown, timestamp: number): WebhookEvent {
  const payment = PaymentWebhookPayloadSchema.safeParse(payload);
  if (payment.success) return { type: 'payment', payload: payment.data, timestamp };
  const refund = RefundWebhookPayloadSchema.safeParse(payload);
  if (refund.success) return { type: 'refund', payload: refund.data, timestamp };
  // Report against the schema the payload seems meant for.
  const looksLikeRefund = typeof payload === 'object' && payload !== null && !('transaction_id' in payload) && 'id' in payload;
  const issues: z.core.$ZodIssue[] = (looksLikeRefund ? refund : payment).error.issues;
  const list = issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  throw fail('payload_invalid', `The signed payload is not a ${looksLikeRefund ? 'refund' : 'payment'} webhook payload of this API version: ${list}`, { issues });
}

export interface SignWebhookOptions {
  /** The payload to send (PaymentWebhookPayload or RefundWebhookPayload; anything for negative tests). */
  payload: unknown;
  /** One secret, or several to produce one s1 per secret (rotation). */
  secret: string | readonly string[];
  /** Unix seconds (default now). */
  timestamp?: number;
}

/** A signed envelope `{signature, data}` as the server sends it, for tests; JSON.stringify it for a raw body. */
export function signWebhook({ payload, secret, timestamp }: SignWebhookOptions): WebhookEnvelopeInput {
  return signWebhookEnvelope(secret, payload, timestamp ?? Math.floor(Date.now() / 1000));
}
