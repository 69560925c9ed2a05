// Cross-tenant checks (tools/contract/tenants.ts) against a real server: what demo-merchant
// creates is refused to demo-merchant-norefund on every operation its links lead to, and the
// lists of one never show the other's records. The planted break is a front that gives the
// second merchant's requests the first merchant's identity: the runner names the operations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiReport } from '../tools/contract/results.ts';
import { runContract, type RunOptions } from '../tools/contract/runner.ts';
import { startServer, type RunningServer } from './contract-fixtures.ts';
import { startFront } from './contract-front.ts';

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
const OWNER = basic('demo-merchant', 'demo-merchant-secret');
const OTHER = basic('demo-merchant-norefund', 'demo-merchant-norefund-secret');
const OPERATIONS = ['getPayment', 'getInvoiceRecipient', 'updateInvoiceRecipient', 'deleteInvoiceRecipient', 'listInvoiceRecipients'];

let server: RunningServer;
let front: RunningServer;
beforeAll(async () => {
  server = await startServer();
  front = await startFront(server, (req) => (req.headers.authorization === OTHER ? { ...req, headers: { ...req.headers, authorization: OWNER } } : undefined));
});
afterAll(async () => {
  await front?.close();
  await server?.close();
});

async function run(baseUrl: string, extra: Partial<RunOptions> = {}) {
  const asked: { operationId: string; label: string; status: number }[] = [];
  const report = await runContract({
    api: 'merchant', baseUrl, runs: 4, negativeRuns: 0, seed: 11, operations: OPERATIONS, kinds: ['example', 'valid', 'stateful'], shrinkBudget: 0,
    onCase: (op, c, res) => void (c.auth === 'other-tenant' && asked.push({ operationId: op.operationId, label: c.label, status: res.status })),
    ...extra,
  });
  return { report, asked };
}
const isolationFailures = (report: ApiReport) =>
  report.operations.flatMap((o) => o.failures.filter((f) => f.check === 'cross_tenant_isolation').map((f) => o.operationId)).sort();

describe('cross-tenant checks', () => {
  it('asks as the other merchant for everything the links lead to, reads and writes, and gets 404', async () => {
    const { report, asked } = await run(server.baseUrl);
    expect(isolationFailures(report)).toEqual([]);
    expect(report.ok).toBe(true);
    const byId = (id: string) => asked.filter((a) => a.operationId === id && a.label.startsWith('another tenant asks'));
    for (const id of ['getPayment', 'getInvoiceRecipient', 'updateInvoiceRecipient', 'deleteInvoiceRecipient']) {
      expect(byId(id).length, id).toBeGreaterThan(0);
      expect(new Set(byId(id).map((a) => a.status)), id).toEqual(new Set([404]));
    }
    expect(asked.filter((a) => a.label === 'another tenant lists listInvoiceRecipients').map((a) => a.status)).toEqual([200]);
  });

  it('names every operation where a front hands the other merchant the owner identity', async () => {
    const { report } = await run(front.baseUrl);
    expect(report.ok).toBe(false);
    expect(new Set(isolationFailures(report))).toEqual(new Set(OPERATIONS));
    const leak = report.operations.find((o) => o.operationId === 'listInvoiceRecipients')!.failures.find((f) => f.check === 'cross_tenant_isolation')!;
    expect(leak.message).toMatch(/^listInvoiceRecipients shows another tenant \d+ record\(s\) credential #0 created: InvoiceRecipient \d+/);
    const read = report.operations.find((o) => o.operationId === 'getPayment')!.failures.find((f) => f.check === 'cross_tenant_isolation')!;
    expect(read).toMatchObject({ status: 200, request: { auth: 'other-tenant', method: 'GET', path_template: '/payments/{payment_id}' } });
    expect(read.message).toMatch(/^what createPayment created for one tenant answers 200 to another, expected 404 or 401/);
  });

  it('is skipped, with a note, when no second tenant is given', async () => {
    const { report, asked } = await run(front.baseUrl, { tenants: false });
    expect(asked).toEqual([]);
    expect(isolationFailures(report)).toEqual([]);
    expect(report.operations[0]!.notes).toContain('no second tenant among the credentials: cross-tenant checks skipped');
  });
});
