// One webhook delivery as the sandbox makes it (server/merchant/reference/webhooks.ts): the payload
// encoded once as base64 JSON, signed `t=<unix s>,s1=<hex>` with the M3 signing function, the
// envelope put on the wire by the sandbox's own encoder (JSON, or the form of `webhookEncoding:
// "form"`) with its Content-Type, POSTed. Also the signing secret and encoding of a sandbox key.
import { encodeWebhookBody, WEBHOOK_CONTENT_TYPES, type WebhookEncoding } from '../../contracts/merchant/webhook-encoding.ts';
import { signWebhookEnvelope } from '../../contracts/merchant/webhook-signature.ts';
import type { WebhookEnvelope } from '../../contracts/merchant/webhooks.ts';
import { SANDBOX_DEFAULTS } from '../../server/config/defaults.ts';

export interface SentDelivery {
  status: number;
  /** The receiver's answer, first 500 characters. */
  answer: string;
  ms: number;
}

/** The signing secret and encoding of a merchant key of the sandbox defaults, or undefined. */
export function sandboxKey(apiKey: string): { secret: string; encoding: WebhookEncoding } | undefined {
  const key = SANDBOX_DEFAULTS.merchant.keys.find((k) => k.apiKey === apiKey);
  return key && { secret: key.webhookSigningSecret, encoding: key.webhookEncoding };
}

export const DEFAULT_MERCHANT = SANDBOX_DEFAULTS.merchant.keys[0].apiKey;

/** The envelope the sandbox would send for this payload at unix time `t`. */
export function envelopeFor(payload: unknown, secret: string | readonly string[], t: number): WebhookEnvelope {
  return signWebhookEnvelope(secret, payload, t);
}

/** POSTs a raw body with a Content-Type (or these headers); the answer's status, start of its body and duration. */
export async function post(url: string, body: string, contentType: string | Record<string, string>, timeoutMs = 10_000): Promise<SentDelivery> {
  const started = performance.now();
  const headers = typeof contentType === 'string' ? { 'content-type': contentType } : contentType;
  const res = await fetch(url, { method: 'POST', body, headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  const answer = (await res.text()).slice(0, 500);
  return { status: res.status, answer, ms: Math.round(performance.now() - started) };
}

/** Sends an envelope in an encoding, exactly as the sandbox's dispatcher puts it on the wire. */
export function deliver(url: string, envelope: WebhookEnvelope, encoding: WebhookEncoding): Promise<SentDelivery> {
  return post(url, encodeWebhookBody(envelope, encoding), WEBHOOK_CONTENT_TYPES[encoding]);
}
