// The contract runner against the sandbox control API in process (`npm run contract -- --api
// sandbox`), with the merchant sandbox's default handlers, so the delivery log (S-listen) has a
// merchant sandbox behind it: every operation of the fourth document, no mismatch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTable } from '../tools/contract/report.ts';
import type { ApiReport } from '../tools/contract/results.ts';
import { runContract } from '../tools/contract/runner.ts';
import { createMerchantClient, unwrap } from '../client/merchant.ts';
import { createSandboxClient } from '../client/sandbox.ts';
import { createPaymentBody } from '../contracts/merchant/examples.ts';
import { startServer, type RunningServer } from './contract-fixtures.ts';
import { webhookReceiver } from './sandbox-helpers.ts';

let server: RunningServer;
let report: ApiReport;

beforeAll(async () => {
  server = await startServer({ config: { sandbox: { controlApi: true } } });
  // A logged delivery to read and replay (id 1, the document's example): a payment's webhooks to a receiver.
  const hooks = await webhookReceiver();
  const merchant = createMerchantClient({ baseUrl: server.baseUrl, apiKey: 'demo-merchant', apiSecret: 'demo-merchant-secret', retry: false });
  await unwrap(merchant.POST('/payments', { body: { payment: { ...createPaymentBody.payment, amount: '10.00', webhook_url: hooks.url } } }));
  await unwrap(createSandboxClient({ baseUrl: server.baseUrl }).POST('/clock/advance', { body: { seconds: 6 } }));
  expect(hooks.received).toHaveLength(2);
  await hooks.close();
  report = await runContract({ api: 'sandbox', baseUrl: server.baseUrl, runs: 50, negativeRuns: 25, seed: 20240601 });
  console.info(`contract sandbox in-process: ${report.requests} requests, ${(report.durationMs / 1000).toFixed(1)} s`);
  if (process.env.SHOW_TABLE) console.info(formatTable([report]));
}, 180_000);
afterAll(() => server?.close());

describe('contract: sandbox in process', () => {
  it('exercises every operation, the delivery log included', () => {
    const ids = report.operations.filter((o) => !o.probe).map((o) => o.operationId).sort();
    expect(ids).toEqual(expect.arrayContaining(['getDelivery', 'listDeliveries', 'replayDelivery', 'setListenMode', 'streamDeliveries']));
    for (const op of report.operations.filter((o) => !o.probe)) expect(op.cases.valid, op.operationId).toBeGreaterThanOrEqual(50);
    const exercised = (id: string) => report.operations.find((o) => o.operationId === id)!.statuses.filter((s) => s.state === 'exercised').map((s) => s.status);
    expect([exercised('getDelivery'), exercised('replayDelivery'), exercised('streamDeliveries')]).toEqual([
      expect.arrayContaining(['200', '404']), expect.arrayContaining(['201', '404', '422']), expect.arrayContaining(['200', '404']),
    ]);
  });

  it('finds no mismatch between the document and the server', () => {
    const found = report.operations.flatMap((op) => op.failures.map((f) => `${op.operationId} ${f.check}`));
    expect(found, formatTable([report])).toEqual([]);
  });
});
