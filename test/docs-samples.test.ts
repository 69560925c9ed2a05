// The docs' code samples: built from the contracts (a changed contract changes the samples and
// the pages) and the exchange's curl samples sign correctly in a real shell (the X1 test vectors,
// then the reference server). That every TypeScript sample compiles against the real client is
// checked with the READMEs' blocks, in one TypeScript program (readme-snippets.test.ts).
import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, exchangeContract, merchantContract } from '../contracts/index.ts';
import { SIGNATURE_TEST_VECTORS } from '../contracts/exchange/signing.ts';
import { buildDocument } from '../contracts/shared/contract.ts';
import { CLIENT_IMPORT } from '../scripts/pipeline/code-samples.ts';
import { renderIndexPage } from '../scripts/pipeline/index-page.ts';
import { generateAll } from '../scripts/pipeline/index.ts';
import { pipelineOptions } from '../scripts/pipeline/options.ts';
import { sampleRequest } from '../scripts/pipeline/sample-request.ts';
import { SANDBOX_ORIGIN } from '../scripts/pipeline/sandbox.ts';
import { createServer } from '../server/app.ts';
import { SANDBOX_DEFAULTS } from '../server/config/defaults.ts';
import { documents, samplesOf } from './docs-documents.ts';

const run = promisify(execFile);
type Json = Record<string, unknown>;

const sample = (api: string, operationId: string, label: string) =>
  samplesOf(documents[api]!).get(operationId)!.find((s) => s.label === label)!.source;

describe('x-codeSamples', () => {
  it('every operation and webhook has a TypeScript client sample and a curl sample', () => {
    for (const c of contracts) {
      const ops = samplesOf(documents[c.id]!);
      const hooks = samplesOf(documents[c.id]!, 'webhooks');
      expect([...ops.keys()].sort()).toEqual(Object.keys(c.operations).sort());
      expect([...hooks.keys()].sort()).toEqual(Object.keys(c.webhooks ?? {}).sort());
      for (const samples of [...ops.values(), ...hooks.values()]) {
        expect(samples.map((s) => [s.lang, s.label])).toEqual([['TypeScript', 'TypeScript client'], ['Shell', 'curl']]);
      }
    }
  });

  it.each([
    ['exchange', 'getTicker', { method: 'GET', path: '/tickers/btcusd', pathParams: { market: 'btcusd' }, query: {} }],
    ['exchange', 'getOrder', { method: 'GET', path: '/order', pathParams: {}, query: { id: 42 } }],
    ['merchant', 'getPayment', { method: 'GET', path: '/payments/1001', pathParams: { payment_id: '1001' }, query: { crypto_iso: 'BTC' } }],
  ] as const)('%s.%s: the request comes from the examples of its required parameters', (api, operationId, want) => {
    const contract = contracts.find((c) => c.id === api)!;
    const op = contract.operations[operationId]!;
    const doc = buildDocument(contract);
    const docOp = (doc.paths as Record<string, Record<string, Json>>)[op.path]![op.method]!;
    expect(sampleRequest(doc, docOp, op, operationId)).toEqual({ ...want, pathTemplate: op.path });
  });

  it('samples use the sandbox credentials and each API its own auth', () => {
    expect(sample('exchange', 'getBalances', 'TypeScript client')).toBe(`import { createExchangeClient } from '${CLIENT_IMPORT}';

const ex = createExchangeClient({
  baseUrl: '${SANDBOX_ORIGIN}/api/v1',
  accessKey: 'demo-trader',
  secretKey: 'demo-trader-secret',
});

// The client signs the call: access_key, nonce, signature (X1).
const { data, error } = await ex.GET('/balances');
if (error) throw new Error(JSON.stringify(error));
console.log(data);`);
    expect(sample('merchant', 'getTransaction', 'curl')).toBe(
      `curl '${SANDBOX_ORIGIN}/merchant/v2/transactions/7001' \\\n  -u 'demo-merchant:demo-merchant-secret'`,
    );
    expect(sample('partner', 'registerUser', 'curl')).toContain(`-H 'Authorization: Bearer demo-partner-key'`);
    expect(sample('exchange', 'getTimestamp', 'curl')).toBe(`curl '${SANDBOX_ORIGIN}/api/v1/timestamp'`);
  });
});

describe('index page', () => {
  it('lists every sandbox credential of the server defaults, and links relative to /docs/', () => {
    const html = renderIndexPage(contracts);
    const d = SANDBOX_DEFAULTS;
    const secrets = [
      ...d.exchange.keys.flatMap((k) => [k.accessKey, k.secret]),
      ...d.merchant.keys.flatMap((k) => [k.apiKey, k.secret, k.webhookSigningSecret]),
      ...d.partner.credentials.flatMap((c) => [c.bearerKey, c.basicKey, c.basicSecret]),
    ];
    for (const s of secrets) expect(html).toContain(`<code>${s}</code>`);
    const hrefs = [...new Set([...html.matchAll(/href="([^"#]*)/g)].map((m) => m[1]))].sort();
    expect(hrefs).toEqual([
      '../openapi/exchange.json', '../openapi/exchange.yaml', '../openapi/merchant.json', '../openapi/merchant.yaml', '../openapi/partner.json', '../openapi/partner.yaml',
      'decisions.md', 'exchange', 'merchant', 'partner']);
  });
});

describe('a contract change reaches the samples and the page', () => {
  it('a new body example shows in x-codeSamples and in docs/exchange.html', async () => {
    const op = exchangeContract.operations.createOrder;
    const example = { ...(op.request.body.example as Json), volume: '0.75' };
    const changed = {
      ...exchangeContract,
      operations: { ...exchangeContract.operations, createOrder: { ...op, request: { ...op.request, body: { ...op.request.body, example } } } },
    };
    const files = Object.fromEntries((await generateAll([changed], pipelineOptions)).map((f) => [f.path, f.content]));
    for (const content of [files['generated/openapi/exchange.yaml']!, files['docs/exchange.html']!]) {
      expect(content).toContain("volume: '0.75'"); // TypeScript sample
      expect(content).toContain('&side=buy&volume=0.75'); // signed payload of the curl sample
      expect(content).not.toContain("volume: '0.5'");
    }
  });
});

describe('exchange curl samples in a shell', () => {
  /** Runs a sample with the nonce fixed at the vectors' and `curl` printing its arguments. */
  async function dryRun(source: string): Promise<string> {
    const stubs = `node() { echo ${String(SIGNATURE_TEST_VECTORS[0]!.input.query!.nonce)}; }\ncurl() { printf '%s\\n' "$@"; }\n`;
    return (await run('bash', ['-euc', stubs + source])).stdout;
  }

  it.each([
    ['getBalances', SIGNATURE_TEST_VECTORS[0]!],
    ['createOrder', SIGNATURE_TEST_VECTORS[1]!],
  ])('%s signs as the test vector', async (operationId, vector) => {
    const out = await dryRun(sample('exchange', operationId, 'curl'));
    expect(out).toContain(`&signature=${vector.signature}`);
  });

  describe('against the reference server', () => {
    // The operations under test answer their contract example, so the status says whether auth
    // and validation accepted the request whatever the reference handlers do with it.
    const CASES = [
      ['exchange', 'getBalances'],
      ['exchange', 'createOrder'],
      ['merchant', 'listTransactions'],
      ['partner', 'createMerchantApplication'],
    ] as const;
    const success = (api: string, operationId: string) => {
      const op = contracts.find((c) => c.id === api)!.operations[operationId]!;
      const status = Number(Object.keys(op.responses).find((s) => s.startsWith('2')));
      return { status, body: op.responses[status]!.example };
    };
    let server: Server;
    let origin: string;
    beforeAll(async () => {
      const handlers: Record<string, Record<string, () => Promise<unknown>>> = {};
      for (const [api, operationId] of CASES) (handlers[api] ??= {})[operationId] = async () => success(api, operationId);
      server = await new Promise((resolve) => {
        const s = createServer({ config: { logRequests: false }, handlers: handlers as never }).listen(0, '127.0.0.1', () => resolve(s));
      });
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it.each(CASES)('%s.%s: the curl sample is accepted', async (api, operationId) => {
      const source = sample(api, operationId, 'curl').replaceAll(SANDBOX_ORIGIN, origin);
      const { stdout } = await run('bash', ['-euc', `curl() { command curl -sS -o /dev/null -w '%{http_code}' "$@"; }\n${source}`]);
      expect(Number(stdout), `${api}.${operationId}`).toBe(success(api, operationId).status);
    });
  });
});

describe('merchant webhook samples', () => {
  it('the curl test delivery is signed so that verifyWebhook accepts it', async () => {
    const { verifyWebhook } = await import('../client/webhooks-express.ts');
    const source = samplesOf(documents.merchant!, 'webhooks').get('paymentFound')![1]!.source;
    const { stdout } = await run('bash', ['-euc', `curl() { printf '%s' "\${@: -1}"; }\n${source}`]);
    const event = verifyWebhook({ body: stdout, secret: 'demo-signing-secret' });
    expect(event.type).toBe('payment');
    expect(Object.keys(merchantContract.webhooks)).toContain('paymentFound');
  });
});
