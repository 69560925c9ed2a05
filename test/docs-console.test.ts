// The try-it console as the server publishes it: /docs/console.js beside the pages, and each
// page carrying the script and its plan (the operations of its document). Browser behaviour:
// test/browser/console.browser.test.ts.
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { documents } from '../contracts/index.ts';
import { createServer } from '../server/app.ts';
import type { ConsolePlan } from '../tools/console/types.ts';
import { bundleConsole } from '../scripts/pipeline/console-bundle.ts';

const app = createServer({ config: { logRequests: false } });

describe('docs try-it console', () => {
  it('/docs/console.js is the generated bundle, as JavaScript', async () => {
    const res = await request(app).get('/docs/console.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.text).toBe(readFileSync(new URL('../docs/console.js', import.meta.url), 'utf8'));
  });

  it.each(documents.map((d) => [d.id, d] as const))('/docs/%s loads the console from its head and carries the plan of every operation', async (id, contract) => {
    const res = await request(app).get(`/docs/${id}`);
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    expect(head).toContain('<script src="console.js" defer></script>');
    const json = /<script id="try-it-plan" type="application\/json">(.*?)<\/script>/.exec(res.text)![1]!;
    const plan = JSON.parse(json) as ConsolePlan;
    expect(plan.api).toBe(id);
    expect(plan.operations.map((o) => o.operationId).sort()).toEqual(Object.keys(contract.operations).sort());
  });
});

describe('docs/console.js, what it is made of', () => {
  it('the package clients and the one X1 implementation; no zod, no server code, no second HMAC', async () => {
    const { code, inputs } = await bundleConsole();
    expect(inputs).toEqual(expect.arrayContaining([
      'client/exchange.ts', 'client/exchange-signing.ts', 'client/merchant.ts', 'client/partner.ts', 'client/sandbox.ts', 'client/transport.ts',
      'contracts/exchange/signing.ts', 'contracts/shared/crypto.ts',
    ]));
    expect(inputs.filter((i) => /node_modules\/(zod|@asteasolutions)\/|^server\/|contracts\/shared\/zod\.ts/.test(i))).toEqual([]);
    // The HMAC is contracts/shared/crypto.ts's (via @noble/hashes): nothing signs through WebCrypto or node:crypto beside it.
    expect(code).not.toMatch(/\bsubtle\b|["']node:/);
    expect(inputs.filter((i) => i.startsWith('tools/')).sort()).toEqual(['tools/console/links.ts', 'tools/console/main.ts', 'tools/console/panel.ts', 'tools/console/send.ts']);
  });
});
