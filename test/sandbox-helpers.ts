// Test support for the sandbox tests: the reference server with the merchant and partner reference
// handlers plugged in, manual timers, supertest clients per key, and a real local webhook receiver.
import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { resolveConfig, type ConfigInput } from '../server/config/config.ts';
import { ManualTimers, createMerchantSandbox, merchantReferenceHandlers, type MerchantSandboxOptions } from '../server/merchant/reference/index.ts';
import { partnerReferenceHandlers, createPartnerSandbox } from '../server/partner/reference/index.ts';
import { testServer } from '../server/testing.ts';

export const START = Date.UTC(2026, 0, 1);

export function sandboxServer(options: { config?: ConfigInput; merchant?: Partial<Omit<MerchantSandboxOptions, 'config' | 'timers'>> } = {}) {
  const timers = new ManualTimers(START);
  const logs: string[] = [];
  const configInput: ConfigInput = { logRequests: false, rateLimit: { enabled: false }, ...options.config };
  const config = resolveConfig(configInput);
  const merchant = createMerchantSandbox({ config, timers, log: (l) => logs.push(l), ...options.merchant });
  const partner = createPartnerSandbox({ now: timers.now });
  const { app, logs: serverLogs } = testServer({
    config: configInput,
    now: timers.now,
    handlers: { merchant: merchantReferenceHandlers({ sandbox: merchant }), partner: partnerReferenceHandlers({ sandbox: partner }) },
  });
  const as = (key = 'demo-merchant') => {
    const auth = <T extends request.Test>(t: T) => t.auth(key, `${key}-secret`);
    const base = '/merchant/v2';
    return {
      get: (path: string) => auth(request(app).get(base + path)),
      post: (path: string, body: object) => auth(request(app).post(base + path)).send(body),
      patch: (path: string, body: object) => auth(request(app).patch(base + path)).send(body),
      delete: (path: string) => auth(request(app).delete(base + path)),
    };
  };
  const partnerPost = (path: string, body: object) => request(app).post(`/partner/v1${path}`).set('Authorization', 'Bearer demo-partner-key').send(body);
  return { app, timers, merchant, partner, logs, serverLogs, as, partnerPost };
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local http receiver on 127.0.0.1; answers each request with the next status of `statuses` (then 200). */
export async function webhookReceiver(statuses: number[] = []) {
  const received: Received[] = [];
  const queue = [...statuses];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body, at: Date.now() });
      res.statusCode = queue.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const paymentBody = (overrides: Record<string, unknown> = {}) => ({
  payment: {
    amount: '10.00', external_id: 'order-1', currency_iso: 'USD', crypto_iso: 'BTC', confirmations_required: '3', ip: '203.0.113.7',
    invoice_number: 'INV1', first_name: 'Jane', last_name: 'Doe', email: 'jane@example.com', ...overrides,
  },
});
