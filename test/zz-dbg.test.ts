import { it } from 'vitest';
import { startServer, referenceHandlers } from './contract-fixtures.ts';
import { runContract } from '../scripts/contract/runner.ts';
it('dbg', async () => {
  const s = await startServer({ config: { validate: 'requests' }, handlers: referenceHandlers() });
  await runContract({ api: 'merchant', baseUrl: s.baseUrl, runs: 30, negativeRuns: 25, seed: 11, operations: ['deleteInvoiceRecipient', 'getInvoiceRecipient'], kinds: ['example', 'valid', 'stateful'],
    onCase: (op, c, r) => { if (op.operationId === 'deleteInvoiceRecipient' || c.kind === 'stateful') console.info(`DBG ${op.operationId} ${c.kind} ${c.label} ${JSON.stringify(c.input.path)} entry=${JSON.stringify(c.entry)} -> ${r.status}`); } });
  await s.close();
}, 300000);
