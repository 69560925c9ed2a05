// Browser test harness: the reference server in-process on 127.0.0.1:0 (serving the committed
// docs/ and generated/ files), headless Debian Chromium through playwright-core, and pages that
// record every request to another host (aborted) and every console error.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createServer } from '../../server/app.ts';
import type { ConfigInput } from '../../server/config/config.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Debian's Chromium, headless; never a downloaded browser. */
export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

export interface Visit {
  page: Page;
  /** Requests the page attempted to any other origin; each was aborted. */
  outside: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
}

export interface Harness {
  origin: string;
  visit(path: string): Promise<Visit>;
  close(): Promise<void>;
}

/** `config` on top of the defaults (request log off); e.g. the sandbox control API on. */
export async function startHarness(config: ConfigInput = {}): Promise<Harness> {
  const server: Server = await new Promise((resolve, reject) => {
    const s = createServer({ config: { ...config, logRequests: false } }).listen(0, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser: Browser = await launchChromium();
  const contexts: BrowserContext[] = [];

  async function visit(path: string): Promise<Visit> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 960 } });
    contexts.push(context);
    const page = await context.newPage();
    const outside: string[] = [];
    const errors: string[] = [];
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === origin || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
      outside.push(url.href);
      return route.abort('blockedbyclient');
    });
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => errors.push(`page: ${err.message}`));
    const response = await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    if (!response || response.status() !== 200) throw new Error(`GET ${path} answered ${response?.status()}`);
    return { page, outside, errors };
  }

  async function close() {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  return { origin, visit, close };
}
