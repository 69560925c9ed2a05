// `contract --prefer` against a server configured as `npm start` configures it (the control API
// on, the rate limiter on, sandbox keys exempted through the control API as the README says):
// every (operation, declared status) pair of the four documents is exercised, none mismatched
// A declared answer without an example, or a handler that cannot reach a
// status, shows here as a gap in the coverage table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxClient } from '../client/sandbox.ts';
import { unwrap } from '../client/errors.ts';
import { API_IDS, type ApiId } from '../tools/contract/document.ts';
import { formatTable } from '../tools/contract/report.ts';
import { runContract } from '../tools/contract/runner.ts';
import { startServer, type RunningServer } from './contract-fixtures.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ config: { sandbox: { controlApi: true }, rateLimit: { enabled: true } } });
  await unwrap(createSandboxClient({ baseUrl: server.baseUrl }).POST('/rate-limits', { body: { sandbox_keys_exempt: true } }));
});
afterAll(() => server?.close());

describe.each([...API_IDS, 'sandbox'] as ApiId[])('contract --prefer: %s', (api) => {
  it('leaves no declared (operation, status) pair unexercised and finds no mismatch', async () => {
    const report = await runContract({ api, baseUrl: server.baseUrl, runs: 3, negativeRuns: 3, seed: 18, prefer: true });
    const rows = report.operations.flatMap((op) => op.statuses.map((s) => ({ op: op.operationId, ...s })));
    for (const op of report.operations.filter((o) => !o.probe)) expect(op.statuses.length, op.operationId).toBeGreaterThanOrEqual(7);
    const gaps = rows.filter((r) => r.state !== 'exercised').map((r) => `${r.op} ${r.status} ${r.state}`);
    expect(gaps, formatTable([report])).toEqual([]);
    expect(report.operations.flatMap((op) => op.failures.map((f) => `${op.operationId} ${f.check}: ${f.message}`))).toEqual([]);
  }, 120_000);
});
