// The published docs in a real browser: /docs and each /docs/{api} from a running reference
// server, with requests to any other host blocked. Each page lists every operation of its API,
// logs no console error, and leaves a screenshot in test-results/docs-<page>.png.
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, documents } from '../../contracts/index.ts';
import { SIGNATURE_TEST_VECTORS } from '../../contracts/exchange/signing.ts';
import { readGuides } from '../../scripts/pipeline/guides.ts';
import { startHarness, type Harness, type Visit } from './harness.ts';

const SHOTS = 'test-results';
/** Operations per API, from the contracts: the rendered page must list each of them. */
const OPERATION_COUNTS = Object.fromEntries(contracts.map((c) => [c.id, Object.keys(c.operations).length]));
const CLIENT_FACTORIES = { exchange: 'createExchangeClient', merchant: 'createMerchantClient', partner: 'createPartnerClient' } as const;
/** What each API's curl sample must show: the openssl signature, Basic, Bearer. */
const CURL_MARKERS = { exchange: 'openssl dgst -sha256 -hmac', merchant: "-u 'demo-merchant:", partner: "'Authorization: Bearer " } as const;

let h: Harness;
beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  h = await startHarness();
});
afterAll(async () => h?.close());

/** Nothing fetched from another host and nothing logged as an error. */
function expectClean(v: Visit) {
  expect(v.outside, 'requests to other hosts').toEqual([]);
  expect(v.errors, 'console errors').toEqual([]);
}

/**
 * The operation entries of Redoc's side menu. A tag group shows its operations only while it is
 * expanded, and expanding one collapses the others, so each group is opened in turn and its
 * entries (hrefs under the group's own href) are awaited before they are read: React renders the
 * expanded group after the click returns.
 */
async function menuOperations(page: Page): Promise<string[]> {
  const groups = page.locator('[data-component-name="Menu/MenuItem"].menu-item-type-group > a');
  const operation = '[data-component-name="Menu/MenuItem"].menu-item-type-operation > a';
  const found = new Set<string>();
  for (let i = 0; i < (await groups.count()); i++) {
    const group = groups.nth(i);
    const prefix = `#${await group.getAttribute('href')}/`; // group "/payments", operations "#/payments/<id>"
    const first = page.locator(`${operation}[href^="${prefix}"]`).first();
    // A click on an already open group closes it; a second click opens it again.
    for (let attempt = 0; attempt < 2 && !(await first.isVisible()); attempt++) {
      await group.click();
      await first.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
    }
    const hrefs = await page.$$eval(operation, (els) => els.map((a) => a.getAttribute('href') ?? ''));
    const inGroup = hrefs.filter((href) => href.startsWith(prefix));
    expect(inGroup, `operations under ${prefix}`).not.toEqual([]);
    for (const href of inGroup) found.add(href);
  }
  return [...found].sort();
}

describe('docs index', () => {
  it.each(['/docs', '/docs/'])('%s renders the three APIs with working links', async (entry) => {
    const v = await h.visit(entry);
    expect(v.page.url()).toBe(`${h.origin}/docs/`);
    const text = await v.page.locator('body').innerText();
    for (const c of contracts) {
      expect(text).toContain(c.title);
      expect(text).toContain(`v${c.version}`);
      expect(text).toContain(c.basePath);
    }
    for (const credential of ['demo-trader-secret', 'demo-merchant-secret', 'demo-partner-key', 'demo-signing-secret']) {
      expect(text).toContain(credential);
    }
    expect(text).toContain('npm ci && npm start');
    expect(text).toContain(SIGNATURE_TEST_VECTORS[0]!.signature);

    // Every link resolves from this entry point (the browser resolves relative hrefs).
    const links = await v.page.$$eval('a[href]', (as) => [...new Set(as.map((a) => (a as HTMLAnchorElement).href.split('#')[0]!))]);
    expect(links.sort()).toEqual(
      [
        `${h.origin}/docs/decisions.md`,
        // The three APIs and the sandbox control API: every document the pipeline writes.
        ...documents.flatMap((c) => [`${h.origin}/docs/${c.id}`, `${h.origin}/openapi/${c.id}.yaml`, `${h.origin}/openapi/${c.id}.json`]),
        // Every guide under docs/guides, served beside the references.
        ...readGuides().map((g) => `${h.origin}/docs/guides/${g.name}`),
      ].sort(),
    );
    for (const link of links) expect((await v.page.request.get(link)).status(), link).toBe(200);

    await v.page.getByRole('link', { name: 'API reference' }).first().click();
    await v.page.waitForURL(`${h.origin}/docs/exchange`);
    expectClean(v);
    if (entry === '/docs/') await (await h.visit(entry)).page.screenshot({ path: `${SHOTS}/docs-index.png`, fullPage: true });
  });
});

describe.each(contracts.map((c) => [c.id, c] as const))('docs/%s', (id, contract) => {
  it('lists every operation in the side menu, without console errors or outside requests', async () => {
    const v = await h.visit(`/docs/${id}`);
    await v.page.screenshot({ path: `${SHOTS}/docs-${id}.png` });

    const operationIds = Object.keys(contract.operations);
    expect(operationIds).toHaveLength(OPERATION_COUNTS[id]!);
    const webhooks = Object.keys(contract.webhooks ?? {});
    const entries = await menuOperations(v.page);
    const ids = entries.map((href) => href.split('/').pop()!);
    expect(ids.filter((x) => !webhooks.some((w) => w.toLowerCase() === x))).toHaveLength(OPERATION_COUNTS[id]!);
    expect(ids.sort()).toEqual([...operationIds, ...webhooks].map((x) => x.toLowerCase()).sort());
    expectClean(v);
  });

  it('shows the decisions and, on an operation, a TypeScript and a curl sample', async () => {
    const v = await h.visit(`/docs/${id}#/section/decisions-on-what-the-document-leaves-open`);
    const main = v.page.locator('main');
    for (const d of contract.decisions) await expect.poll(() => main.innerText()).toContain(`${d.id}: `);

    // The first authenticated operation: its TypeScript sample first, then curl from the language switch.
    const [operationId, op] = Object.entries(contract.operations).find(([, o]) => o.security.length > 0)!;
    const anchor = `${slug(op.tags[0]!)}/${operationId.toLowerCase()}`;
    await v.page.goto(`${h.origin}/docs/${id}#/${anchor}`, { waitUntil: 'networkidle' });
    const samples = v.page.locator(`[id="${anchor}"] .panel-request-samples`);
    await expect.poll(() => samples.innerText()).toContain(CLIENT_FACTORIES[id]);
    await samples.getByRole('button', { name: 'TypeScript client' }).click();
    // The language menu opens in a portal, outside the panel.
    await v.page.getByRole('menuitem', { name: 'curl', exact: true }).filter({ visible: true }).click();
    await expect.poll(() => samples.innerText()).toContain(CURL_MARKERS[id]);
    await v.page.screenshot({ path: `${SHOTS}/docs-${id}-operation.png` });
    expectClean(v);
  });
});

describe('guides', () => {
  it('the exchange page explains signing with the four test vectors', async () => {
    const v = await h.visit('/docs/exchange#/section/authentication');
    const main = v.page.locator('main');
    for (const t of SIGNATURE_TEST_VECTORS) {
      await expect.poll(() => main.innerText()).toContain(t.payload);
      expect(await main.innerText()).toContain(t.signature);
    }
    await v.page.goto(`${h.origin}/docs/exchange#/section/signing-step-by-step`, { waitUntil: 'networkidle' });
    await expect.poll(() => main.innerText()).toContain('openssl dgst -sha256 -hmac');
    expect(await main.innerText()).toContain(SIGNATURE_TEST_VECTORS[0]!.signature);
    await v.page.screenshot({ path: `${SHOTS}/docs-exchange-signing.png` });
    expectClean(v);
  });

  it('the merchant page explains webhook verification, with verifyWebhook and openssl', async () => {
    const v = await h.visit('/docs/merchant#/section/verifying-webhooks');
    const main = v.page.locator('main');
    await expect.poll(() => main.innerText()).toContain('verifyWebhook({ body: req.body');
    const text = await main.innerText();
    expect(text).toContain('HMAC-SHA256 of <t>.<data>');
    expect(text).toContain("openssl dgst -sha256 -hmac 'demo-signing-secret'");
    await v.page.screenshot({ path: `${SHOTS}/docs-merchant-webhooks.png` });
    expectClean(v);
  });
});

const slug = (tag: string) => tag.toLowerCase().replace(/\s+/g, '-');
