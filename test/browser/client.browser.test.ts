// The typed clients in a real browser: test/browser/client-app.ts bundled by esbuild for the
// browser (as bench/bundle.ts bundles the entries), served from one origin, calling the sandbox
// server on another (both 127.0.0.1, different ports), so every call goes through real CORS:
// a Basic-auth merchant call, signed exchange calls (X1, HMAC computed in the page), and a wrong
// secret refused by the server's signature check.
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundle } from '../../bench/bundle.ts';
import { createPaymentBody } from '../../contracts/merchant/examples.ts';
import { createServer } from '../../server/app.ts';
import type { BrowserResults } from './client-app.ts';
import { launchChromium } from './harness.ts';

const listen = (server: Server) =>
  new Promise<string>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
const close = (server: Server | undefined) => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

let api: Server;
let page: Server;
let browser: Browser;
let apiOrigin: string;
let pageOrigin: string;
/** Every request the sandbox received: method, path and the Origin header. */
const seen: { method: string; path: string; origin: string | undefined }[] = [];

beforeAll(async () => {
  const sandbox = createServer({ config: { logRequests: false } });
  api = createHttpServer((req: IncomingMessage, res) => {
    seen.push({ method: req.method!, path: req.url!.split('?')[0]!, origin: req.headers.origin });
    sandbox(req, res);
  });
  apiOrigin = await listen(api);
  const app = await bundle({ name: 'browser test app', contents: `import './test/browser/client-app.ts';` });
  page = createHttpServer((req, res) => {
    if (req.url === '/app.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(app.code);
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>clients</title><script type="module" src="/app.js"></script>');
  });
  pageOrigin = await listen(page);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await close(page);
  await close(api);
});

describe('the clients in headless Chromium', () => {
  it('make a Basic-auth merchant call and signed exchange calls to the sandbox across origins', async () => {
    const context = await browser.newContext();
    const tab = await context.newPage();
    const errors: string[] = [];
    tab.on('console', (msg) => void (msg.type() === 'error' && errors.push(msg.text())));
    tab.on('pageerror', (err) => errors.push(err.message));
    await tab.goto(`${pageOrigin}/`, { waitUntil: 'load' });
    await tab.waitForFunction(() => 'runClients' in globalThis);

    const results = await tab.evaluate(
      ([origin, body]) => (globalThis as unknown as { runClients: (o: string, b: unknown) => Promise<BrowserResults> }).runClients(origin, body),
      [apiOrigin, createPaymentBody] as const,
    );
    await context.close();

    expect(results).toEqual({
      merchantPayment: { id: expect.any(Number), invoiceNumber: createPaymentBody.payment.invoice_number, blockchainStatus: 'Pending' },
      merchantTransactions: expect.any(Number),
      exchangeBalances: expect.arrayContaining(['btc', 'usd']),
      exchangeOrder: { id: expect.any(Number), side: 'buy', state: 'wait' },
      wrongSecretCode: 2005,
    });
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
    // The calls came from the page's origin, each credentialed one after a CORS preflight.
    const fromPage = seen.filter((r) => r.origin === pageOrigin);
    expect(fromPage.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'OPTIONS /merchant/v2/payments', 'POST /merchant/v2/payments', 'OPTIONS /merchant/v2/transactions', 'GET /merchant/v2/transactions',
        'GET /api/v1/balances', 'OPTIONS /api/v1/orders', 'POST /api/v1/orders',
      ]),
    );
  });
});
