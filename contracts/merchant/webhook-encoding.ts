// The two encodings of a webhook body (decision M-webhook-form). The envelope `{signature, data}`
// and its signature (M3) are the same in both; only the bytes on the wire differ:
//   json  `{"signature":"t=..,s1=..","data":"<base64>"}`       application/json (the default)
//   form  `signature=t%3D..%2Cs1%3D..&data=<base64, %-encoded>`  application/x-www-form-urlencoded,
//         for receivers that read form fields (the shop plugins' `$_POST['signature']`, `$_POST['data']`).
// Pure and browser-safe (URLSearchParams, no node:*): the server encodes with it, the client decodes.
import type { WebhookEnvelope } from './webhooks.ts';

export const WEBHOOK_ENCODINGS = ['json', 'form'] as const;
export type WebhookEncoding = (typeof WEBHOOK_ENCODINGS)[number];

export const WEBHOOK_CONTENT_TYPES: Record<WebhookEncoding, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
};

/** The body bytes (as text) of an envelope in an encoding. */
export function encodeWebhookBody(envelope: WebhookEnvelope, encoding: WebhookEncoding): string {
  if (encoding === 'json') return JSON.stringify(envelope);
  // URLSearchParams percent-encodes `+`, `/` and `=` of the base64, so a form parser gives `data` back byte for byte.
  return new URLSearchParams({ signature: envelope.signature, data: envelope.data }).toString();
}

/** The encoding a Content-Type header names, or undefined for anything else. */
export function webhookEncodingOf(contentType: string | undefined | null): WebhookEncoding | undefined {
  const type = contentType?.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return undefined;
}

/**
 * The fields of a form-encoded body: each of `signature` and `data` exactly once (a repeated field
 * is ambiguous: which one did the sender sign?); other fields are ignored. A problem otherwise.
 */
export function readWebhookForm(text: string): { signature: string; data: string } | { problem: string } {
  const form = new URLSearchParams(text);
  const one = (name: string) => {
    const values = form.getAll(name);
    return values.length === 1 ? values[0]! : values.length === 0 ? undefined : null;
  };
  const signature = one('signature');
  const data = one('data');
  if (signature === null || data === null) return { problem: 'a repeated `signature` or `data` field' };
  if (data === undefined) return { problem: 'no `data` field' };
  if (signature === undefined) return { problem: 'no `signature` field' };
  return { signature, data };
}
