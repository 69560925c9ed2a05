// webhookHandler: an Express handler that receives merchant webhooks. It reads the raw body
// itself (streaming it, capped), or takes what a parser already produced: a Buffer
// (express.raw), a string (express.text) or the parsed envelope (express.json), since M3 signs
// `data` rather than the raw bytes; a form body (`signature=..&data=..`, decision M-webhook-form) is
// read by its Content-Type, raw or parsed by express.urlencoded. It verifies (webhooks.ts), skips events already processed
// through a pluggable seen-store, calls onPayment / onRefund, and answers:
//   200 processed, duplicate, no handler for this type, or an authentic event of no known payload
//   400 verification failed (reason in the body)
//   409 the same event is being processed right now          413 body too large   500 the handler threw
// Only a 2xx tells the sender to stop retrying, so an event is marked seen only after its handler
// succeeded. Express is imported for types only: the client has no runtime dependency on it.
// This module is also the package entry `./client/webhooks`: everything a webhook receiver needs.
import type { Request, RequestHandler, Response } from 'express';
import { memorySeenStore, webhookEventKey, type SeenStore } from './seen-store.ts';
import {
  verifyWebhook, WebhookVerificationError, type PaymentWebhookPayload, type RefundWebhookPayload,
  type VerifyWebhookOptions, type WebhookEvent,
} from './webhooks.ts';

export interface WebhookHandlerOptions {
  secret: string | readonly string[];
  onPayment?: (payload: PaymentWebhookPayload, event: Extract<WebhookEvent, { type: 'payment' }>) => unknown;
  onRefund?: (payload: RefundWebhookPayload, event: Extract<WebhookEvent, { type: 'refund' }>) => unknown;
  /** Where processed events are remembered (default: in memory, 10 000 keys). */
  seenStore?: SeenStore;
  toleranceSec?: number;
  now?: () => number;
  /** Largest body read (default 1 MiB). */
  limitBytes?: number;
  /** Told about handler failures (default: one line on console.error). */
  onError?: (error: unknown, event: WebhookEvent) => void;
  /**
   * Told about an authentic delivery whose payload is none of this API version's (an event added
   * later, say), which is answered 200 and otherwise ignored (default: one line on console.warn).
   */
  onUnknownEvent?: (error: WebhookVerificationError) => void;
}

class BodyTooLarge extends Error {}

async function readBody(req: Request, limit: number): Promise<VerifyWebhookOptions['body']> {
  const parsed: unknown = req.body;
  // Express 4 leaves `{}` when no parser matched; Express 5 leaves undefined. Either way the stream is unread.
  const unparsed = parsed === undefined || (typeof parsed === 'object' && parsed !== null && !(parsed instanceof Uint8Array) && Object.keys(parsed).length === 0);
  if (!unparsed) return parsed as VerifyWebhookOptions['body'];
  if (req.readableEnded) return undefined;
  // Plain Uint8Array rather than Buffer (Node's chunks are both), so this entry needs no Node global.
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) (body.set(chunk, at), (at += chunk.length));
  return body;
}

export function webhookHandler(options: WebhookHandlerOptions): RequestHandler {
  const seen = options.seenStore ?? memorySeenStore();
  const limit = options.limitBytes ?? 1024 * 1024;
  // One claim mechanism: the store's own (atomic across processes) when it has one, else a claim
  // local to this process over a store that only knows has/add.
  const local = new Set<string>();
  const claim = seen.claim ? (key: string) => seen.claim!(key) : (key: string) => !local.has(key) && Boolean(local.add(key));
  const release = seen.release ? (key: string) => seen.release!(key) : (key: string) => void local.delete(key);
  const onError = options.onError ?? ((error: unknown, event: WebhookEvent) => console.error(`[webhook] ${event.type} handler failed:`, error));
  const onUnknown = options.onUnknownEvent ?? ((error: WebhookVerificationError) => console.warn(`[webhook] authentic event ignored: ${error.message}`));

  return async function merchantWebhook(req: Request, res: Response): Promise<void> {
    let event: WebhookEvent;
    try {
      const body = await readBody(req, limit);
      event = verifyWebhook({ body, contentType: req.headers['content-type'], secret: options.secret, ...pick(options) });
    } catch (error) {
      if (error instanceof BodyTooLarge) return void res.status(413).json({ error: 'body_too_large', message: `The webhook body exceeds ${limit} bytes.` });
      // Authentic (signature and timestamp verified) but no payload of this API version: an event this
      // receiver does not know. A refusal would only be retried six times; acknowledge and ignore it.
      if (error instanceof WebhookVerificationError && error.reason === 'payload_invalid') {
        onUnknown(error);
        return void res.status(200).json({ received: true, ignored: true, unknown_event: true });
      }
      if (error instanceof WebhookVerificationError) return void res.status(400).json({ error: error.reason, message: error.message });
      throw error;
    }
    const key = webhookEventKey(event);
    const duplicate = () => void res.status(200).json({ received: true, duplicate: true, key });
    if (await seen.has(key)) return duplicate();
    const handler = event.type === 'payment' ? options.onPayment : options.onRefund;
    if (!handler) return void res.status(200).json({ received: true, ignored: true, key });
    // Only the claimant runs the handler; a copy meanwhile gets 409, or 200 once it was processed.
    if (!(await claim(key))) {
      if (await seen.has(key)) return duplicate();
      return void res.status(409).json({ received: true, key, message: 'This event is being processed; retry later.' });
    }
    try {
      try {
        await (handler as (p: unknown, e: WebhookEvent) => unknown)(event.payload, event);
      } catch (error) {
        onError(error, event);
        return void res.status(500).json({ error: 'handler_failed', key, message: 'The receiver failed to process the event; it will be redelivered.' });
      }
      await seen.add(key);
      res.status(200).json({ received: true, key });
    } finally {
      // Processed (has() now answers) or failed (a redelivery may claim it): the claim is done either way.
      await release(key);
    }
  };
}

function pick(o: WebhookHandlerOptions): Pick<VerifyWebhookOptions, 'toleranceSec' | 'now'> {
  return { ...(o.toleranceSec !== undefined ? { toleranceSec: o.toleranceSec } : {}), ...(o.now ? { now: o.now } : {}) };
}

export * from './webhooks.ts';
export { memorySeenStore, webhookEventKey, type SeenStore, type MemorySeenStore, type MemorySeenStoreOptions } from './seen-store.ts';
