// Test support for the client end-to-end tests: the reference server (exchange engine, merchant and
// partner sandboxes, request and response validation on) served on 127.0.0.1:0, one manual clock
// for server, sandbox and clients, and a webhook receiver built with the client's webhookHandler,
// to which the merchant sandbox delivers every webhook (refund targets must be https, so the
// sandbox's transport is pointed at the receiver whatever the target URL).
import express from 'express';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createExchangeClient, createMerchantClient, createNonceSource, createPartnerClient, type NonceSource,
} from '../client/index.ts';
import { webhookHandler, type WebhookEvent } from '../client/webhooks-express.ts';
import { resolveConfig, type ConfigInput } from '../server/config/config.ts';
import { createExchangeReference } from '../server/exchange/reference/index.ts';
import { ManualTimers, createMerchantSandbox, merchantReferenceHandlers, type WebhookTransport } from '../server/merchant/reference/index.ts';
import { createPartnerSandbox, partnerReferenceHandlers } from '../server/partner/reference/index.ts';
import { testServer } from '../server/testing.ts';

export const START = Date.UTC(2026, 0, 1);

/** `api METHOD /template` of every operation the clients called in this test file (coverage check). */
export const called = new Set<string>();
const record = (api: string) => ({
  onRequest({ request, schemaPath }: { request: Request; schemaPath: string }) {
    called.add(`${api} ${request.method} ${schemaPath}`);
    return undefined;
  },
});
function recorded<C extends { use(m: ReturnType<typeof record>): void }>(api: string, client: C): C {
  client.use(record(api));
  return client;
}

/** Every operation of a contract as `api METHOD /template`. */
export const operationsOf = (api: string, ops: Record<string, { method: string; path: string }>) =>
  Object.values(ops).map((op) => `${api} ${op.method.toUpperCase()} ${op.path}`).sort();
export const SIGNING_SECRET = 'demo-signing-secret';

async function listen(app: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createHttpServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export async function e2e(config: ConfigInput = {}) {
  const timers = new ManualTimers(START);
  const now = timers.now;
  const input: ConfigInput = { logRequests: false, validate: 'all', rateLimit: { enabled: false }, ...config };
  const resolved = resolveConfig(input);

  // The webhook receiver, as a merchant would write it with the client.
  const events: WebhookEvent[] = [];
  const deliveries: { status: number; body: unknown }[] = [];
  const receiverApp = express();
  receiverApp.post(
    '/hooks',
    webhookHandler({
      secret: SIGNING_SECRET,
      now,
      onPayment: (_payload, event) => void events.push(event),
      onRefund: (_payload, event) => void events.push(event),
    }),
  );
  const receiver = await listen(receiverApp);
  const hookUrl = `${receiver.url}/hooks`;
  const transport: WebhookTransport = async (_url, body) => {
    const res = await fetch(hookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    deliveries.push({ status: res.status, body: await res.json() });
    return { status: res.status };
  };

  const exchange = createExchangeReference(resolved, { now });
  const merchant = createMerchantSandbox({ config: resolved, timers, log: () => {}, transport });
  const partner = createPartnerSandbox({ now });
  const { app, logs } = testServer({
    config: input,
    now,
    handlers: {
      exchange: exchange.handlers,
      merchant: merchantReferenceHandlers({ sandbox: merchant }),
      partner: partnerReferenceHandlers({ sandbox: partner }),
    },
  });
  const api = await listen(app);
  const baseUrl = api.url;
  // One nonce source per access key, shared by every client of that key (else two clients on one
  // frozen clock would send the same nonce, and the server answers 2006).
  const nonces = new Map<string, NonceSource>();
  const noncesOf = (key: string) => nonces.get(key) ?? nonces.set(key, createNonceSource({ now })).get(key)!;

  return {
    baseUrl,
    timers,
    engine: exchange.engine,
    merchant,
    logs,
    noncesOf,
    events,
    deliveries,
    hookUrl,
    /** An exchange client for a sandbox user, its nonces on the server's clock. */
    trader: (user: 'demo-trader' | 'demo-trader-2' | 'demo-viewer' = 'demo-trader', secretKey = `${user}-secret`) =>
      recorded('exchange', createExchangeClient({ baseUrl, accessKey: user, secretKey, nonces: noncesOf(user) })),
    publicExchange: () => recorded('exchange', createExchangeClient({ baseUrl: `${baseUrl}/api/v1` })),
    merchantClient: (apiKey = 'demo-merchant', apiSecret = `${apiKey}-secret`) => recorded('merchant', createMerchantClient({ baseUrl, apiKey, apiSecret })),
    partnerBearer: (apiKey = 'demo-partner-key') => recorded('partner', createPartnerClient({ baseUrl, apiKey })),
    partnerBasic: () =>
      recorded('partner', createPartnerClient({ baseUrl: `${baseUrl}/partner/v1`, username: 'demo-partner', password: 'demo-partner-secret' })),
    close: async () => {
      await close(api.server);
      await close(receiver.server);
    },
  };
}

export type E2E = Awaited<ReturnType<typeof e2e>>;

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}
