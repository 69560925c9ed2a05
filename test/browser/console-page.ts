// Driving the try-it console of a reference page as a person would: pick an operation, edit a
// field, press Send, read what the panel shows. Used by console.browser.test.ts.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

export interface DocOperation {
  operationId: string;
  method: string;
  path: string;
  statuses: number[];
}

/** Every operation of a generated document, in document order, with the statuses it declares. */
export function documentOperations(api: string): DocOperation[] {
  const doc = JSON.parse(readFileSync(new URL(`../../generated/openapi/${api}.json`, import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => typeof op === 'object' && op !== null && typeof op.operationId === 'string')
      .map(([method, op]) => ({ operationId: op.operationId!, method: method.toUpperCase(), path, statuses: Object.keys(op.responses ?? {}).map(Number) })),
  );
}

export interface Answer {
  status: number;
  /** The panel's "Request": `METHOD URL`, header lines, blank line, body. */
  request: string;
  /** The response header lines, `name: value`. */
  headers: string;
  body: string;
  /** X1 only: the canonical payload and the signature the panel shows. */
  payload?: string;
  signature?: string;
}

/** The console of `page`, opened. */
export async function openConsole(page: Page) {
  await page.locator('[data-tryit="toggle"]').click();
  await page.locator('#try-it').waitFor({ state: 'visible' });
}

export async function pick(page: Page, operationId: string) {
  await page.locator('[data-tryit="operation"]').selectOption(operationId);
}

/** Replaces the JSON of the body field. */
export async function setBody(page: Page, body: unknown) {
  await page.locator('[data-tryit="body"]').fill(JSON.stringify(body));
}

export async function bodyOf(page: Page): Promise<unknown> {
  return JSON.parse(await page.locator('[data-tryit="body"]').inputValue());
}

/** Presses Send (on the operation picked, as its fields are) and reads the answer shown. */
export async function sendPicked(page: Page): Promise<Answer> {
  const result = page.locator('[data-tryit="result"]');
  await page.locator('[data-tryit="send"]').click();
  const shown = result.locator('[data-tryit="status"], [data-tryit="error"]');
  await shown.waitFor({ state: 'visible' });
  const text = await shown.innerText();
  const code = /^(\d{3}) /.exec(text);
  if (!code) throw new Error(`not sent: ${text}`);
  const read = async (name: string) => {
    const at = result.locator(`[data-tryit="${name}"]`);
    return (await at.count()) > 0 ? at.innerText() : undefined;
  };
  const [request, headers, body, payload, signature] = await Promise.all(['request', 'response-headers', 'response-body', 'payload', 'signature'].map(read));
  return {
    status: Number(code[1]),
    request: request!,
    headers: headers!,
    body: body ?? '',
    ...(payload !== undefined ? { payload } : {}),
    ...(signature !== undefined ? { signature } : {}),
  };
}

export async function send(page: Page, operationId: string): Promise<Answer> {
  await pick(page, operationId);
  return sendPicked(page);
}
