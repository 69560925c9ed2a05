// Real sandbox responses to feed the generated zod schemas: the contract runner (which reads only
// the documents) drives every operation of each API against an in-process server (createServer on
// 127.0.0.1:0, the reference handlers, fresh state), with a fixed seed, and every JSON answer it
// gets is kept with its operation and status.
import { runContract } from '../../tools/contract/runner.ts';
import type { ConfigInput } from '../../server/config/config.ts';
import { referenceHandlers, startServer } from '../contract-fixtures.ts';
import { API_IDS, type Api } from './generate.ts';

export interface RealResponse {
  api: Api;
  operationId: string;
  status: number;
  /** The parsed JSON body. */
  body: unknown;
}

const SEED = 20261125;
// Payments found and confirmed at once, so refunds meet paid transactions during the run.
const CONFIG: ConfigInput = { merchant: { sandbox: { foundAfterMs: 0, confirmedAfterMs: 20 } }, sandbox: { controlApi: true } };

export async function collectResponses(): Promise<RealResponse[]> {
  const server = await startServer({ config: CONFIG, handlers: referenceHandlers(CONFIG) });
  const responses: RealResponse[] = [];
  try {
    for (const api of API_IDS) {
      await runContract({
        api,
        baseUrl: server.baseUrl,
        // Partner has two operations: more runs there, so each generator checks at least 20 of its answers.
        runs: api === 'partner' ? 20 : 3,
        negativeRuns: 2,
        seed: SEED,
        shrinkBudget: 0,
        onCase: (op, c, response) => {
          // A method probe asks the path for a method it lacks (405): no operation, so no generated schema.
          if (c.kind === 'method') return;
          if (response.json !== undefined) responses.push({ api, operationId: op.operationId, status: response.status, body: response.json });
        },
      });
    }
  } finally {
    await server.close();
  }
  return responses;
}
