// Receivers for the tests of `webhooks trigger` and `webhooks test`, each a real Express app on
// 127.0.0.1 (a free port) with an effects probe at GET /effects: the package's own webhookHandler,
// and five with one planted bug each, written the way such bugs are written in real receivers.
import express, { type Express, type Request, type Response } from 'express';
import type { AddressInfo } from 'node:net';
import { base64ToBytes } from '../../contracts/shared/base64.ts';
import { encodeWebhookData, parseSignatureHeader } from '../../contracts/merchant/webhook-signature.ts';
import { readWebhookForm } from '../../contracts/merchant/webhook-encoding.ts';
import { PaymentWebhookPayloadSchema, RefundWebhookPayloadSchema } from '../../contracts/merchant/webhooks.ts';
import { webhookEventKey, webhookHandler, verifyWebhook, WebhookVerificationError, type WebhookEvent } from '../../client/webhooks-express.ts';

export const PLANTED = ['no-signature-check', 'no-timestamp-window', 'not-idempotent', 'reserialised-body', 'unknown-event-500'] as const;
export type ReceiverKind = 'webhookHandler' | (typeof PLANTED)[number];

export interface RunningReceiver {
  url: string;
  probe: string;
  /** Every event the receiver acted on, in order. */
  events: WebhookEvent[];
  close(): Promise<void>;
}

const text = express.text({ type: () => true });
const envelopeOf = (req: Request): { signature?: string; data?: string } | null => {
  const body = String(req.body ?? '');
  if (req.is('application/x-www-form-urlencoded')) {
    const form = readWebhookForm(body);
    return 'problem' in form ? null : form;
  }
  try {
    return JSON.parse(body) as { signature?: string; data?: string };
  } catch {
    return null;
  }
};

/** Verifies like the package, then processes once per event key; `verify` is where each bug is planted. */
function handRolled(act: (e: WebhookEvent) => void, verify: (req: Request) => WebhookEvent, onUnknown = 200) {
  const seen = new Set<string>();
  return [text, (req: Request, res: Response) => {
    let event: WebhookEvent;
    try {
      event = verify(req);
    } catch (e) {
      if (e instanceof WebhookVerificationError && e.reason === 'payload_invalid') return void res.status(onUnknown).json({ error: 'unknown event' });
      return void res.status(400).json({ error: (e as WebhookVerificationError).reason ?? 'bad request' });
    }
    const key = webhookEventKey(event);
    if (!seen.has(key)) (seen.add(key), act(event));
    res.status(200).json({ received: true });
  }] as const;
}

const verified = (secret: string | readonly string[], extra: object = {}) => (req: Request) =>
  verifyWebhook({ body: String(req.body ?? ''), contentType: req.headers['content-type'], secret, ...extra });

/** Checks the header's form and its timestamp window, but never computes the HMAC: trusts `data`. */
function trusted(req: Request): WebhookEvent {
  const e = envelopeOf(req);
  const header = typeof e?.signature === 'string' ? parseSignatureHeader(e.signature) : null;
  if (!header) throw new WebhookVerificationError('malformed_header', 'no signature');
  if (Math.abs(Date.now() / 1000 - header.t) > 300) throw new WebhookVerificationError('timestamp_too_old', 'outside the window');
  const bytes = typeof e?.data === 'string' ? base64ToBytes(e.data) : null;
  if (!bytes) throw new WebhookVerificationError('malformed_body', 'no data');
  const payload = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  const payment = PaymentWebhookPayloadSchema.safeParse(payload);
  if (payment.success) return { type: 'payment', payload: payment.data, timestamp: header.t };
  const refund = RefundWebhookPayloadSchema.safeParse(payload);
  if (refund.success) return { type: 'refund', payload: refund.data, timestamp: header.t };
  throw new WebhookVerificationError('payload_invalid', 'unknown');
}

/** Verifies over `data` decoded, parsed and encoded again rather than over the bytes received. */
const reserialised = (secret: string | readonly string[]) => (req: Request) => {
  const e = envelopeOf(req);
  const bytes = typeof e?.data === 'string' ? base64ToBytes(e.data) : null;
  if (!e || typeof e.signature !== 'string' || !bytes) throw new WebhookVerificationError('malformed_body', 'not an envelope');
  const data = encodeWebhookData(JSON.parse(new TextDecoder().decode(bytes)));
  return verifyWebhook({ body: { signature: e.signature, data }, secret });
};

export async function startReceiver(kind: ReceiverKind, secret: string | readonly string[]): Promise<RunningReceiver> {
  const events: WebhookEvent[] = [];
  const act = (e: WebhookEvent) => void events.push(e);
  const app: Express = express();
  app.get('/effects', (_req, res) => void res.json({ effects: events.length }));
  const hook = (...handlers: express.RequestHandler[]) => app.post('/hooks', ...handlers);
  const quiet = { onError: () => {}, onUnknownEvent: () => {} };
  const on = { onPayment: (_p: unknown, e: WebhookEvent) => act(e), onRefund: (_p: unknown, e: WebhookEvent) => act(e) };
  switch (kind) {
    case 'webhookHandler':
      hook(webhookHandler({ secret, ...on, ...quiet }));
      break;
    case 'not-idempotent': // a seen-store that never remembers
      hook(webhookHandler({ secret, ...on, ...quiet, seenStore: { has: () => false, add: () => {} } }));
      break;
    case 'no-timestamp-window':
      hook(...handRolled(act, verified(secret, { toleranceSec: Number.MAX_SAFE_INTEGER })));
      break;
    case 'no-signature-check':
      hook(...handRolled(act, trusted));
      break;
    case 'reserialised-body':
      hook(...handRolled(act, reserialised(secret)));
      break;
    case 'unknown-event-500':
      hook(...handRolled(act, verified(secret), 500));
      break;
  }
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/hooks`, probe: `${base}/effects`, events,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
