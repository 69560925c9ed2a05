// Reproductions that reproduce, against a real server: unique values (invoice numbers) are fresh
// on every run of the same seed; --fail-on-unexercised fails a run whose declared statuses were
// never reached and lists them; --report-dir writes each failing request and its response.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractCli } from '../tools/contract/cli.ts';
import { operationsOf, loadDocument } from '../tools/contract/document.ts';
import { OperationTally } from '../tools/contract/results.ts';
import { runContract } from '../tools/contract/runner.ts';
import { startServer, type RunningServer } from './contract-fixtures.ts';
import { startFront } from './contract-front.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('unique values', () => {
  it('are drawn fresh when the same seed runs twice against the same server', async () => {
    const runs: { sent: string[]; taken: number; created: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const run = { sent: [] as string[], taken: 0, created: 0 };
      await runContract({
        api: 'merchant', baseUrl: server.baseUrl, runs: 15, negativeRuns: 0, seed: 5, operations: ['createPayment'], kinds: ['example', 'valid'],
        onCase: (_op, c, res) => {
          const n = (c.input.body as { payment?: { invoice_number?: string } } | undefined)?.payment?.invoice_number;
          if (n !== undefined) run.sent.push(n);
          if (res.status === 422 && (res.json as { code?: string }).code === '2001') run.taken++;
          if (res.status === 201) run.created++;
        },
      });
      runs.push(run);
    }
    expect(runs[0]!.sent.length).toBeGreaterThan(3);
    expect(runs.map((r) => r.taken)).toEqual([0, 0]);
    expect(runs[1]!.created).toBe(runs[0]!.created);
    expect(runs[1]!.sent.filter((n) => runs[0]!.sent.includes(n))).toEqual([]);
  });
});

describe('--fail-on-unexercised', () => {
  it('fails a run whose producer never succeeds and lists what was never reached', async () => {
    // Every createPayment answers "invoice number taken", as a deployment that saw the seed before would.
    const taken = { status: 422, json: { title: 'Unprocessable Entity', code: '2001', details: 'Invoice number is already used', source: [{ 'payment.invoice_number': 'has already been taken' }] } };
    const front = await startFront(server, (req) => (req.method === 'POST' && req.path === '/merchant/v2/payments' ? taken : undefined));
    try {
      const options = { api: 'merchant' as const, baseUrl: front.baseUrl, runs: 3, negativeRuns: 0, seed: 5, operations: ['getPayment'], kinds: ['example', 'valid', 'stateful'] as const };
      const lenient = await runContract({ ...options, kinds: [...options.kinds] });
      expect(lenient.operations.flatMap((o) => o.failures.map((f) => `${o.operationId} ${f.check}: ${f.message}`))).toEqual([]);
      const strict = await runContract({ ...options, kinds: [...options.kinds], failOnUnexercised: true });
      expect(strict.ok).toBe(false);
      expect(strict.unexercised).toEqual(expect.arrayContaining([{ operationId: 'createPayment', status: '201' }, { operationId: 'getPayment', status: '200' }]));
      const dir = mkdtempSync(join(tmpdir(), 'contract-'));
      const junit = join(dir, 'junit.xml');
      const argv = ['--api', 'merchant', '--base-url', front.baseUrl, '--operation', 'getPayment', '--runs', '2', '--quiet', '--keep-rate-limits', '--fail-on-unexercised', '--junit', junit];
      let out = '';
      expect(await contractCli(argv, undefined, { out: (t) => (out += t), err: (t) => (out += t) })).toBe(1);
      expect(out).toContain('contract: MISMATCHES in merchant');
      expect(readFileSync(junit, 'utf8')).toContain('<testcase classname="contract.merchant.createPayment" name="createPayment 201">\n      <failure message="not exercised">createPayment never answered 201</failure>');
    } finally {
      await front.close();
    }
  });

  it('counts a success reached only through Prefer as never reached', () => {
    const op = operationsOf('merchant', loadDocument('merchant')).find((o) => o.operationId === 'getPayment')!;
    const tally = new OperationTally(op);
    const c = { kind: 'valid' as const, label: 'x', input: { path: {}, query: {} }, auth: 'valid' as const, slot: 0, expect: { kind: 'valid' as const } };
    tally.record(c, 404, []);
    tally.record(c, 200, [], undefined, true);
    const rows = Object.fromEntries(tally.statuses().map((r) => [r.status, r]));
    expect([rows['200']!.preferredOnly, rows['404']!.preferredOnly]).toEqual([true, undefined]);
  });
});

describe('--report-dir', () => {
  it('writes the failing request and the response it got', async () => {
    const front = await startFront(server, (req) => (req.method === 'GET' && /^\/merchant\/v2\/payments\/\d+$/.test(req.path) ? { status: 200, json: { id: 'not a number' } } : undefined));
    try {
      const dir = mkdtempSync(join(tmpdir(), 'contract-'));
      const argv = ['--api', 'merchant', '--base-url', front.baseUrl, '--operation', 'getPayment', '--runs', '2', '--negative-runs', '0', '--quiet', '--keep-rate-limits', '--no-shrink', '--report-dir', dir];
      let out = '';
      expect(await contractCli(argv, undefined, { out: (t) => (out += t), err: (t) => (out += t) })).toBe(1);
      expect(out).toMatch(/MISMATCH merchant getPayment \(GET \/payments\/\{payment_id\}\) — response_schema_conformance/);
      const stem = join(dir, 'merchant', 'getPayment--response_schema_conformance');
      const request = JSON.parse(readFileSync(`${stem}.request.json`, 'utf8')) as Record<string, unknown>;
      expect(request).toMatchObject({ api: 'merchant', operationId: 'getPayment', check: 'response_schema_conformance', request: { method: 'GET', path_template: '/payments/{payment_id}' } });
      expect(JSON.stringify(request)).not.toContain('demo-merchant-secret');
      const response = readFileSync(`${stem}.response.txt`, 'utf8');
      expect(response).toMatch(/^HTTP 200\n/);
      expect(response).toContain('content-type: application/json; charset=utf-8');
      expect(response.endsWith('\n\n{"id":"not a number"}\n')).toBe(true);
      const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { ok: boolean; failures: { request: string }[] };
      expect(index.ok).toBe(false);
      expect(index.failures.every((f) => existsSync(f.request))).toBe(true);
    } finally {
      await front.close();
    }
  });
});
