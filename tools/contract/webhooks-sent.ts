// Webhooks checked as the sandbox sends them: a receiver on 127.0.0.1 (a free port) gets what the
// merchant sandbox sends for a payment it is made to find and confirm, and for a refund of it, and
// every delivery is checked against the document's `webhooks`: the media type declared, the
// envelope's schema, the signature (HMAC-SHA256 of `<t>.<data>` with the key's signing secret,
// M3), the timestamp within the tolerance, and the decoded `data` against the payload schema (the
// envelope's `contentSchema` where the document declares it, else the `x-payload-schema`
// extension). Refund webhooks go only to https targets, so the refund's is taken from the
// sandbox's delivery log (listen mode) and replayed to the receiver, byte for byte (S-listen).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_DELIVERY } from '../../contracts/merchant/ops-webhooks.ts';
import type { Credentials } from './credentials.ts';
import { eachOperation, requestBodyOf, resolveRef } from '../../contracts/shared/openapi-walk.ts';
import type { JsonSchema, OpenApiDocument } from './document.ts';
import { CONTROL_BASE_PATH } from './sandbox-control.ts';
import { SchemaKit } from './schemas.ts';

/** One webhook the document declares, with what was received of it and what failed. */
export interface WebhookResult {
  event: string;
  received: number;
  failures: string[];
  /** The first delivery that failed, as received (for the report directory). */
  failed?: Delivery;
}

export interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

interface WebhookSpec {
  mediaTypes: string[];
  envelope: JsonSchema;
  payload?: JsonSchema;
}

/** The document's webhooks: each one's media types, envelope schema and payload schema. */
export function webhookSpecs(doc: OpenApiDocument): Map<string, WebhookSpec> {
  const out = new Map<string, WebhookSpec>();
  for (const { path: event, operation: op } of eachOperation(doc, { sections: ['webhooks'], methods: ['post'] })) {
    const content = (requestBodyOf(doc, op)?.content ?? {}) as Record<string, { schema?: JsonSchema }>;
    const encodings = op['x-webhook-encodings'] as Record<string, string> | undefined;
    const mediaTypes = [...new Set([...Object.keys(content), ...Object.values(encodings ?? {})])];
    const envelope = Object.values(content)[0]?.schema ?? {};
    out.set(event, { mediaTypes, envelope, ...payloadSchema(doc, envelope, op['x-payload-schema']) });
  }
  return out;
}

/** `data.contentSchema` of the envelope (JSON Schema 2020), else the schema the extension names. */
function payloadSchema(doc: OpenApiDocument, envelope: JsonSchema, extension: unknown): { payload?: JsonSchema } {
  const flat = resolveRef(doc, envelope);
  const allOf = Array.isArray(flat.allOf) ? (flat.allOf as JsonSchema[]).map((s) => resolveRef(doc, s)) : [];
  for (const s of [flat, ...allOf]) {
    const data = (s.properties as Record<string, JsonSchema> | undefined)?.data;
    const content = data ? resolveRef(doc, data).contentSchema : undefined;
    if (content && typeof content === 'object') return { payload: content as JsonSchema };
  }
  return typeof extension === 'string' ? { payload: { $ref: `#/components/schemas/${extension}` } } : {};
}

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Everything wrong with one delivery of `event`, checked against the document ([] when none). */
export function deliveryProblems(kit: SchemaKit, spec: WebhookSpec, delivery: Delivery, secret: string, nowMs: number): string[] {
  const problems: string[] = [];
  const mediaType = String(delivery.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!spec.mediaTypes.includes(mediaType)) problems.push(`content-type ${mediaType || '(none)'} is not declared (${spec.mediaTypes.join(', ')})`);
  let envelope: unknown;
  try {
    envelope = mediaType === 'application/x-www-form-urlencoded' ? Object.fromEntries(new URLSearchParams(delivery.body)) : JSON.parse(delivery.body);
  } catch {
    return [...problems, `the body is not ${mediaType}: ${delivery.body.slice(0, 120)}`];
  }
  const envelopeProblem = kit.explain(spec.envelope, envelope);
  if (envelopeProblem) problems.push(`envelope: ${envelopeProblem}`);
  const { signature, data } = (envelope ?? {}) as { signature?: unknown; data?: unknown };
  if (typeof signature !== 'string' || typeof data !== 'string') return problems;
  const parts = signature.split(',').map((p) => p.split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const s1 = parts.filter(([k]) => k === 's1').map(([, v]) => v ?? '');
  const expected = createHmac('sha256', secret).update(`${parts.find(([k]) => k === 't')?.[1] ?? ''}.${data}`).digest('hex');
  if (!s1.some((v) => sameHex(v, expected))) problems.push('signature: no s1 is the HMAC-SHA256 of <t>.<data> with the signing secret');
  if (!Number.isInteger(t)) problems.push(`signature: no integer t in "${signature.slice(0, 80)}"`);
  else if (Math.abs(nowMs / 1000 - t) > WEBHOOK_DELIVERY.toleranceSeconds) problems.push(`timestamp: t=${t} is ${Math.round(nowMs / 1000 - t)} s from now (tolerance ${WEBHOOK_DELIVERY.toleranceSeconds} s)`);
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
  } catch {
    return [...problems, 'data: not base64 of JSON'];
  }
  if (!spec.payload) problems.push('the document names no payload schema (contentSchema or x-payload-schema)');
  else {
    const payloadProblem = kit.explain(spec.payload, payload);
    if (payloadProblem) problems.push(`payload: ${payloadProblem}`);
  }
  return problems;
}

/** A receiver on 127.0.0.1 that acknowledges every POST with 200 and keeps it. */
export async function startReceiver(): Promise<{ url: string; received: Delivery[]; close: () => Promise<void> }> {
  const received: Delivery[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST') received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export interface SentWebhookOptions {
  baseUrl: string;
  doc: OpenApiDocument;
  credentials: Credentials;
  /** The signing secret of the merchant key (the sandbox keys': demo-signing-secret). */
  signingSecret: string;
  /** Where the sandbox is told to send: the receiver's URL, or a front of it (tests plant breaks there). */
  target?: (receiverUrl: string) => string;
  fetch?: typeof fetch;
}

/**
 * Has the sandbox send every webhook the document declares and checks each delivery. Needs the
 * control API (clock, delivery log); throws when a step of the drive fails (not a webhook problem).
 */
export async function checkSentWebhooks(o: SentWebhookOptions): Promise<WebhookResult[]> {
  const f = o.fetch ?? fetch;
  const key = o.credentials.merchant.key;
  const auth = `Basic ${Buffer.from(`${key.key}:${key.secret}`).toString('base64')}`;
  const root = o.baseUrl.replace(/\/+$/, '');
  const basePath = String((o.doc.servers as { url: string }[] | undefined)?.[0]?.url ?? '/merchant/v2');
  const call = async (path: string, method = 'GET', body?: unknown): Promise<Record<string, unknown>> => {
    const res = await f(`${root}${path}`, {
      method, headers: { authorization: auth, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`webhooks: ${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const api = (path: string, method?: string, body?: unknown) => call(`${basePath}${path}`, method, body);
  const control = (path: string, method?: string, body?: unknown) => call(`${CONTROL_BASE_PATH}${path}`, method, body);

  const receiver = await startReceiver();
  const target = o.target?.(receiver.url) ?? receiver.url;
  const specs = webhookSpecs(o.doc);
  const kit = new SchemaKit(o.doc, 'merchant-webhooks');
  const byEvent = new Map<string, Delivery[]>();
  let sandboxNow = Date.now();
  try {
    // A payment sent to the receiver, found and confirmed by the test clock: paymentFound, paymentConfirmed.
    const invoice = `WH${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const payment = await api('/payments', 'POST', {
      payment: { amount: '10.00', currency_iso: 'USD', crypto_iso: 'BTC', external_id: invoice, confirmations_required: '3', ip: '203.0.113.7', invoice_number: invoice, first_name: 'Webhook', last_name: 'Check', email: 'webhooks@example.com', webhook_url: target },
    });
    // The merchant's own clock: the global one would move the exchange's time too (its nonce window).
    const merchantClock = `/merchants/${encodeURIComponent(key.key)}/clock`;
    await control(`${merchantClock}/advance`, 'POST', { seconds: 6 });
    // The refund's webhook is held (listen mode: no https target here) and replayed to the receiver.
    const tx = ((await api(`/transactions?invoice_number=${invoice}`)) as { transactions?: { id: number }[] }).transactions?.[0];
    if (!tx) throw new Error(`webhooks: no transaction for payment ${String(payment.id)}`);
    await control(`/merchants/${encodeURIComponent(key.key)}/listen`, 'POST', { enabled: true });
    try {
      const refund = await api(`/transactions/${tx.id}/refunds`, 'POST', { email: 'webhooks@example.com', amount_to_refund_fiat: '1.00' });
      await control(`${merchantClock}/advance`, 'POST', { seconds: 6 });
      const held = ((await control(`/deliveries?refund_id=${String(refund.id)}`)) as { deliveries: { id: number; event: string }[] }).deliveries;
      for (const d of held) await control(`/deliveries/${d.id}/replay`, 'POST', { url: target });
    } finally {
      await control(`/merchants/${encodeURIComponent(key.key)}/listen`, 'POST', { enabled: false });
    }
    // Each received body, named by the attempt the log holds with the same bytes.
    const logged = [
      ...((await control(`/deliveries?payment_id=${String(payment.id)}&limit=100`)) as { deliveries: { event: string; body: string }[] }).deliveries,
      ...((await control(`/deliveries?merchant=${encodeURIComponent(key.key)}&event=refundProcessed&limit=100`)) as { deliveries: { event: string; body: string }[] }).deliveries,
    ];
    // The sandbox signs with the merchant's test clock: the timestamp is checked against that clock.
    sandboxNow = Date.parse(String((await control(merchantClock)).now));
    for (const d of receiver.received) {
      const event = logged.find((l) => l.body === d.body)?.event ?? guessEvent(d);
      byEvent.set(event, [...(byEvent.get(event) ?? []), d]);
    }
  } finally {
    await receiver.close();
  }
  const now = sandboxNow;
  const results: WebhookResult[] = [];
  for (const [event, spec] of specs) {
    const got = byEvent.get(event) ?? [];
    const problems = got.map((d) => ({ d, found: deliveryProblems(kit, spec, d, o.signingSecret, now) }));
    const failures = got.length === 0 ? [`${event} was never received`] : problems.flatMap((p) => p.found.map((f) => `${event}: ${f}`));
    const failed = problems.find((p) => p.found.length > 0)?.d;
    results.push({ event, received: got.length, failures: [...new Set(failures)], ...(failed ? { failed } : {}) });
  }
  for (const [event, got] of byEvent) if (!specs.has(event)) results.push({ event, received: got.length, failures: [`${event}: received, but the document declares no such webhook`] });
  return results;
}

/** A delivery whose bytes the log does not hold (changed on the way): named by its payload. */
function guessEvent(d: Delivery): string {
  try {
    const env = (d.body.startsWith('{') ? JSON.parse(d.body) : Object.fromEntries(new URLSearchParams(d.body))) as { data?: string };
    const payload = JSON.parse(Buffer.from(env.data ?? '', 'base64').toString('utf8')) as Record<string, unknown>;
    if ('refund_id' in payload || 'amount_to_refund' in payload || 'amount_to_refund_fiat' in payload) return 'refundProcessed';
    return payload.transaction_status === 'pending_confirmation' ? 'paymentFound' : 'paymentConfirmed';
  } catch {
    return '(unreadable)';
  }
}
