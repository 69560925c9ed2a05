// The try-it console of the reference pages in headless Chromium: on each of the four pages
// (exchange, merchant, partner, sandbox control API), every operation of its document is picked
// in the console and sent to the sandbox serving the page, with the credentials the page fills
// in. Each answer must be a status the document declares for the operation, and a 2xx unless the
// table below says why the example cannot succeed. The operations come from the generated
// documents, so an operation added to a contract is covered once it is generated. Where an
// operation needs state, the test makes it through the pages, as a person would: the sandbox
// page's console advances the test clock or resets the sandbox, the exchange page's console
// places an order that rests. X1 calls must show the canonical payload and a signature that is
// its HMAC-SHA256 under the trader's secret (checked with node:crypto, not the project's code).
import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../contracts/index.ts';
import { operationAnchor } from '../../scripts/pipeline/console-plan.ts';
import { SANDBOX_DEFAULTS } from '../../server/config/defaults.ts';
import { bodyOf, documentOperations, openConsole, pick, send, sendPicked, setBody, type Answer } from './console-page.ts';
import { startHarness, type Harness } from './harness.ts';

/** Operations whose example cannot answer 2xx on a fresh sandbox, and the status it answers instead. */
const NOT_2XX: Record<string, { status: number; why: string }> = {
  'merchant getPayout': { status: 404, why: 'no payout exists in the sandbox (fixtures are not built); payout 801 is the example' },
  'merchant listPayoutTransactions': { status: 404, why: 'the same payout 801' },
};

const [trader] = SANDBOX_DEFAULTS.exchange.keys;
const [merchant] = SANDBOX_DEFAULTS.merchant.keys;
const [partner] = SANDBOX_DEFAULTS.partner.credentials;

let h: Harness;
let control: Page;
beforeAll(async () => {
  // The control API is on, as in `npm start` (decision S-where), so its page can be tried too.
  h = await startHarness({ sandbox: { controlApi: true, exemptRateLimits: false } });
  control = (await h.visit('/docs/sandbox')).page;
  await openConsole(control);
});
afterAll(async () => h?.close());

/** Two advances of the test clock from the sandbox page: a payment is found, then confirmed. */
async function confirmPayments() {
  for (let i = 0; i < 2; i++) {
    await pick(control, 'advanceClock');
    await setBody(control, { seconds: 60 });
    expect((await sendPicked(control)).status).toBe(200);
  }
}

/** What the test does through the pages before sending an operation, when its example needs state. */
const PREPARE: Record<string, (page: Page) => Promise<void>> = {
  // A buy far below the book rests; its id reaches cancelOrder through the document's link.
  'exchange cancelOrder': async (page) => {
    await pick(page, 'createOrder');
    await setBody(page, { ...(await bodyOf(page) as object), price: '100.00' });
    expect((await sendPicked(page)).status).toBe(200);
  },
  // The payment created from the page is found, then confirmed, on the test clock.
  'merchant createRefund': confirmPayments,
  // createRefund refunded all of that payment: a second one, confirmed, and its transaction in the body.
  'merchant createInstantRefund': async (page) => {
    await pick(page, 'createPayment');
    const example = (await bodyOf(page)) as { payment: object };
    await setBody(page, { ...example, payment: { ...example.payment, invoice_number: 'TRYIT2' } }); // the example's number is taken
    const again = await sendPicked(page);
    expect(again.status, again.body).toBe(201);
    await confirmPayments();
    const { transactions } = JSON.parse((await send(page, 'listTransactions')).body) as { transactions: { id: number }[] };
    await pick(page, 'createInstantRefund');
    await setBody(page, { ...(await bodyOf(page) as object), id: transactions[0]!.id });
  },
  // The delivery log needs a delivery: listen mode on for the sandbox merchant, then a confirmed
  // payment loaded (its number not the example's, which loadPayment itself sends later); its held
  // webhooks are logged from id 1 (the partner page reset the sandbox), the examples' delivery id.
  'sandbox getDelivery': async (page) => {
    expect((await send(page, 'setListenMode')).status).toBe(200);
    await pick(page, 'loadPayment');
    const example = (await bodyOf(page)) as { payment: object };
    await setBody(page, { ...example, payment: { ...example.payment, invoice_number: 'TRYITLOG' } });
    const loaded = await sendPicked(page);
    expect(loaded.status, loaded.body).toBe(201);
    await expect.poll(async () => (JSON.parse((await send(page, 'listDeliveries')).body) as { deliveries: unknown[] }).deliveries.length).toBeGreaterThan(0);
  },
  // registerUser's example took the e-mail the application's example uses: start from a clean sandbox.
  'partner createMerchantApplication': async () => expect((await send(control, 'resetSandbox')).status).toBe(200),
};

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** What the panel must show beside the request for each API's authentication. */
function expectAuthShown(api: string, secured: boolean, answer: Answer) {
  if (api === 'exchange' && secured) {
    const url = new URL(answer.request.split('\n')[0]!.split(' ')[1]!);
    const [method] = answer.request.split(' ');
    expect(answer.payload!.startsWith(`${method}|${url.pathname}|`)).toBe(true);
    expect(answer.payload!.split('|')[2]!.split('&')).toEqual(expect.arrayContaining([`access_key=${trader.accessKey}`, `nonce=${url.searchParams.get('nonce')}`]));
    expect(answer.signature).toBe(url.searchParams.get('signature'));
    expect(answer.signature).toBe(hmac(trader.secret, answer.payload!));
  } else {
    expect(answer.payload).toBeUndefined();
  }
  if (api === 'merchant') expect(answer.request).toContain(`authorization: Basic ${btoa(`${merchant.apiKey}:${merchant.secret}`)}`);
  if (api === 'partner') expect(answer.request).toContain(`authorization: Bearer ${partner.bearerKey}`);
}

describe.each(documents.map((d) => [d.id] as const))('try-it console on /docs/%s', (api) => {
  it('sends every operation of the document from the page; each answers a declared status', async () => {
    const v = await h.visit(`/docs/${api}`);
    await openConsole(v.page);
    const operations = documentOperations(api);
    const offered = await v.page.locator('[data-tryit="operation"] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(offered.sort()).toEqual(operations.map((o) => o.operationId).sort());
    const contract = documents.find((d) => d.id === api)!;
    const secured = new Set(Object.entries(contract.operations).filter(([, o]) => o.security.some((s) => Object.keys(s).length > 0)).map(([id]) => id));

    const failed: number[] = [];
    for (const op of operations) {
      const key = `${api} ${op.operationId}`;
      await PREPARE[key]?.(v.page);
      // A PREPARE step may have picked and edited the operation already; send it as the page shows it.
      if ((await v.page.locator('[data-tryit="operation"]').inputValue()) !== op.operationId) await pick(v.page, op.operationId);
      const answer = await sendPicked(v.page);
      expect.soft(op.statuses, `${key} answered ${answer.status}: ${answer.body}`).toContain(answer.status);
      // A new operation whose example cannot succeed on a fresh sandbox: add a PREPARE step, or a NOT_2XX row saying why.
      const expected = NOT_2XX[key]?.status ?? (answer.status >= 200 && answer.status < 300 ? answer.status : 'a 2xx');
      expect.soft(answer.status, `${key} (its example from the page): ${answer.body}`).toBe(expected);
      if (answer.status >= 400) failed.push(answer.status);
      expect(answer.request.startsWith(`${op.method} ${h.origin}/`)).toBe(true);
      if (answer.status !== 204) expect(answer.headers).toMatch(/^content-type: application\/json/m);
      expectAuthShown(api, secured.has(op.operationId), answer);
    }
    expect(v.outside, 'requests to other hosts').toEqual([]);
    // Chromium logs every 4xx/5xx a page fetches as "Failed to load resource"; those are the
    // declared error answers above, one line each. Anything else (a script error) fails.
    expect(v.errors, 'console errors').toEqual(failed.map((s) => expect.stringMatching(new RegExp(`^console: Failed to load resource: the server responded with a status of ${s} `))));
  });
});

describe('try-it console, by hand', () => {
  const exchange = documents.find((d) => d.id === 'exchange')!;
  const anchor = (operationId: string) => `#/${operationAnchor(exchange.operations[operationId]!.tags[0]!, operationId)}`;

  it("follows the page's anchor, and a wrong secret shows the 401 beside what was signed", async () => {
    const v = await h.visit(`/docs/exchange${anchor('getBalances')}`);
    await openConsole(v.page);
    const picked = () => v.page.locator('[data-tryit="operation"]').inputValue();
    expect(await picked()).toBe('getBalances');
    await v.page.locator('[data-tryit-credential="secretKey"]').fill('not-the-secret');
    const answer = await sendPicked(v.page);
    expect(answer.status).toBe(401);
    expect(answer.signature).toBe(hmac('not-the-secret', answer.payload!));
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: expect.any(Number) } });
    await v.page.screenshot({ path: 'test-results/console-exchange.png' });

    await v.page.evaluate((hash) => (window.location.hash = hash), anchor('getTicker'));
    await expect.poll(picked).toBe('getTicker');
    expect(v.errors).toEqual([expect.stringMatching(/^console: Failed to load resource: the server responded with a status of 401 /)]);
  });

  it('sends extra headers: Prefer: code=503 from the sandbox answers the declared 503 with its Retry-After', async () => {
    const v = await h.visit('/docs/merchant');
    await openConsole(v.page);
    await pick(v.page, 'listCurrencies');
    await v.page.locator('[data-tryit="headers"]').fill('Prefer: code=503');
    const answer = await sendPicked(v.page);
    expect(answer.status).toBe(503);
    expect(answer.request).toContain('prefer: code=503');
    expect(answer.headers).toMatch(/^retry-after: \d+$/m);
    expect(v.errors).toEqual([expect.stringMatching(/^console: Failed to load resource: the server responded with a status of 503 /)]);
  });
});
