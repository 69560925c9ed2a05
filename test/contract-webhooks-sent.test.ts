// Webhooks checked as sent (tools/contract/webhooks-sent.ts) against a sandbox in process: a
// payment found, confirmed and refunded sends every declared webhook to the runner's receiver,
// each as documented. Planted breaks sit between the sandbox and the receiver: a front that drops
// a payload field (and signs the result correctly) and one that sends a wrong signature; each is
// named, and nothing else is.
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeReportDir } from '../tools/contract/artifacts.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../tools/contract/credentials.ts';
import { loadDocument } from '../tools/contract/document.ts';
import { checkSentWebhooks, webhookSpecs } from '../tools/contract/webhooks-sent.ts';
import { startServer, type RunningServer } from './contract-fixtures.ts';

const SECRET = 'demo-signing-secret';
const doc = loadDocument('merchant');
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ config: { sandbox: { controlApi: true } } });
});
afterAll(() => server?.close());

type Envelope = { signature: string; data: string };
/** A front of the receiver that passes each webhook body through `edit` (JSON bodies). */
async function front(edit: (env: Envelope) => Envelope): Promise<{ target: (url: string) => string; close: () => Promise<void> }> {
  let receiver = '';
  const http: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.stringify(edit(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope));
      fetch(receiver, { method: 'POST', headers: { 'content-type': String(req.headers['content-type']) }, body }).then(
        (r) => res.writeHead(r.status).end(),
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/hooks`;
  return {
    target: (r) => ((receiver = r), url),
    close: () => new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    }),
  };
}
const sign = (t: string, data: string) => createHmac('sha256', SECRET).update(`${t}.${data}`).digest('hex');
const run = (target?: (url: string) => string) =>
  checkSentWebhooks({ baseUrl: server.baseUrl, doc, credentials: SANDBOX_CREDENTIALS, signingSecret: SECRET, ...(target ? { target } : {}) });

describe('webhooks checked as sent', () => {
  it('reads the payload schema from contentSchema, else from x-payload-schema', () => {
    expect(webhookSpecs(doc).get('refundProcessed')?.payload).toEqual({ $ref: '#/components/schemas/RefundWebhookPayload' });
    type Doc = typeof doc & { components: { schemas: Record<string, Record<string, Record<string, Record<string, unknown>>>> } };
    // contentSchema wins over the extension...
    const standard = structuredClone(doc) as Doc;
    standard.components.schemas.RefundWebhookEnvelope!.properties!.data!.contentSchema = { $ref: '#/components/schemas/PaymentWebhookPayload' };
    expect(webhookSpecs(standard).get('refundProcessed')?.payload).toEqual({ $ref: '#/components/schemas/PaymentWebhookPayload' });
    // ...and without it (a document of before the standard form) x-payload-schema still names the payload.
    const legacy = structuredClone(doc) as Doc;
    delete legacy.components.schemas.RefundWebhookEnvelope!.properties!.data!.contentSchema;
    expect(webhookSpecs(legacy).get('refundProcessed')?.payload).toEqual({ $ref: '#/components/schemas/RefundWebhookPayload' });
  });

  it('receives every declared webhook of a payment and a refund, each as documented', async () => {
    const results = await run();
    expect(results).toEqual([
      { event: 'paymentFound', received: 1, failures: [] },
      { event: 'paymentConfirmed', received: 1, failures: [] },
      { event: 'refundProcessed', received: 1, failures: [] },
    ]);
    // Only the merchant's clock moved: the global one sets the exchange's time (its nonce window).
    expect(((await (await fetch(`${server.baseUrl}/sandbox/v1/clock`)).json()) as { offset_seconds: number }).offset_seconds).toBe(0);
  });

  it('names a payload field dropped on the way, even correctly signed', async () => {
    const planted = await front((env) => {
      const payload = JSON.parse(Buffer.from(env.data, 'base64').toString('utf8')) as Record<string, unknown>;
      delete payload.txid;
      const data = Buffer.from(JSON.stringify(payload)).toString('base64');
      const t = env.signature.split(',')[0]!.slice(2);
      return { signature: `t=${t},s1=${sign(t, data)}`, data };
    });
    try {
      const results = await run(planted.target);
      expect(results.map((r) => [r.event, r.received, r.failures])).toEqual([
        ['paymentFound', 1, ["paymentFound: payload: (root): must have required property 'txid'"]],
        ['paymentConfirmed', 1, ["paymentConfirmed: payload: (root): must have required property 'txid'"]],
        ['refundProcessed', 1, ["refundProcessed: payload: (root): must have required property 'txid'"]],
      ]);
    } finally {
      await planted.close();
    }
  });

  it('names a wrong signature', async () => {
    const planted = await front((env) => ({ ...env, signature: env.signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }));
    try {
      const results = await run(planted.target);
      expect(results.flatMap((r) => r.failures)).toEqual(['paymentFound', 'paymentConfirmed', 'refundProcessed'].map((e) => `${e}: signature: no s1 is the HMAC-SHA256 of <t>.<data> with the signing secret`));
      // --report-dir: the POST as received, beside what failed.
      const dir = mkdtempSync(join(tmpdir(), 'contract-'));
      writeReportDir(dir, [{ api: 'merchant', baseUrl: server.baseUrl, seed: 1, runs: 1, negativeRuns: 0, durationMs: 0, requests: 0, rateLimitWaitMs: 0, operations: [], webhooks: results, ok: false }]);
      const file = readFileSync(join(dir, 'merchant', 'webhook-refundProcessed.request.txt'), 'utf8');
      expect(file).toMatch(/^refundProcessed: signature: no s1 .*\n\nPOST\n(.+\n)*content-type: application\/json\n(.+\n)*\n\{"signature":"t=\d+,s1=[0-9a-f]{64}","data":"[A-Za-z0-9+/=]+"\}\n$/);
    } finally {
      await planted.close();
    }
  });
});
