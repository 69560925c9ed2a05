// One webhook attempt on the wire and what the delivery log keeps of it (decisions M3, S-listen):
// the envelope signed with the attempt's own `t` and encoded once, the POST timed, its failure
// described for the log, and the request fields the log records (body, headers, signature).
import { encodeWebhookBody, WEBHOOK_CONTENT_TYPES, type WebhookEncoding } from '../../../contracts/merchant/webhook-encoding.ts';
import { formatSignatureHeader, webhookSignature } from '../../../contracts/merchant/webhook-signature.ts';
import { WebhookEnvelopeSchema } from '../../../contracts/merchant/webhooks.ts';
import type { DeliveryRecord } from '../../ports/merchant-records.ts';
import { webhookHeaders, type WebhookTransport } from './webhook-transport.ts';

/** The body of an attempt signed at unix time `t`, and its signature. */
export function signedBody(secret: string, t: number, data: string, encoding: WebhookEncoding): { signature: string; body: string } {
  const envelope = WebhookEnvelopeSchema.parse({ signature: formatSignatureHeader(t, [webhookSignature(secret, t, data)]), data });
  return { signature: envelope.signature, body: encodeWebhookBody(envelope, encoding) };
}

/** The request fields the log keeps of an attempt (S-listen). */
export function sentFields(subject: string, encoding: WebhookEncoding, signed: { signature: string; body: string }): Required<Pick<DeliveryRecord, 'subject' | 'encoding' | 'signature' | 'body' | 'headers' | 'replay_of'>> {
  return { subject, encoding, ...signed, headers: webhookHeaders(WEBHOOK_CONTENT_TYPES[encoding]), replay_of: null };
}

/** One POST of `body`: the answer's status or why it failed, and the wall time it took (ms). */
export async function postAttempt(
  transport: WebhookTransport, url: string, body: string, contentType: string, timeoutMs: number,
): Promise<{ status: number | null; error: string | null; duration_ms: number }> {
  const started = performance.now();
  let status: number | null = null;
  let error: string | null = null;
  try {
    status = (await transport(url, body, timeoutMs, contentType)).status;
    if (status < 200 || status > 299) error = `answered HTTP ${status}`;
  } catch (e) {
    error = describe(e);
  }
  return { status, error, duration_ms: Math.round(performance.now() - started) };
}

/** Why an attempt failed, for the log: the error and its cause's code (ECONNREFUSED), or the timeout. */
export function describe(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = (e as { cause?: { code?: string; message?: string } }).cause;
  if (e.name === 'TimeoutError') return 'no answer within the attempt timeout';
  return cause ? `${e.message} (${cause.code ?? cause.message})` : e.message;
}

/** A target URL for the log: its query string (a receiver's token, often) and credentials left out, as the request log does. */
export function withoutQuery(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return '(unparseable URL)';
  }
}
