// The contract runner inside `npm test`: all three APIs against an in-process server (createServer
// on 127.0.0.1:0), at least 50 valid and 25 negative cases per operation, a fixed seed. Any
// mismatch fails, except those listed in KNOWN_MISMATCHES, each naming its cause and owner; an
// entry that no longer fails is printed as stale (delete it), without failing the owner's fix.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_IDS, type ApiId } from '../tools/contract/document.ts';
import { formatTable } from '../tools/contract/report.ts';
import type { ApiReport } from '../tools/contract/results.ts';
import { runContract } from '../tools/contract/runner.ts';
import type { ConfigInput } from '../server/config/config.ts';
import { referenceHandlers, startServer, type RunningServer } from './contract-fixtures.ts';

const SEED = 20240601;
const RUNS = 50;
const NEGATIVE_RUNS = 25;
// Payments found and confirmed at once, so refunds meet paid transactions during the run.
const CONFIG: ConfigInput = { merchant: { sandbox: { foundAfterMs: 0, confirmedAfterMs: 20 } } };

/** `operationId check` -> why it fails today and who fixes it. Empty: the documents and the server agree. */
const KNOWN_MISMATCHES: Record<ApiId, Record<string, string>> = { exchange: {}, merchant: {}, partner: {}, sandbox: {} };
const isKnown = (api: ApiId, found: string) => found in KNOWN_MISMATCHES[api];

let server: RunningServer;
const reports: ApiReport[] = [];
const started = performance.now();

beforeAll(async () => {
  server = await startServer({ config: CONFIG, handlers: referenceHandlers(CONFIG) });
});
afterAll(async () => {
  await server?.close();
  const total = reports.reduce((n, r) => n + r.requests, 0);
  console.info(
    `contract in-process: ${reports.map((r) => `${r.api} ${r.requests} requests ${(r.durationMs / 1000).toFixed(1)} s`).join(', ')}; ` +
      `${total} requests, ${((performance.now() - started) / 1000).toFixed(1)} s in all`,
  );
});

describe.each(API_IDS)('contract: %s in process', (api) => {
  let report: ApiReport;
  beforeAll(async () => {
    report = await runContract({ api, baseUrl: server.baseUrl, runs: RUNS, negativeRuns: NEGATIVE_RUNS, seed: SEED });
    reports.push(report);
  }, 180_000);

  it('sends at least 50 valid and 25 negative cases to every operation', () => {
    for (const op of report.operations.filter((o) => !o.probe)) {
      expect(op.cases.valid, op.operationId).toBeGreaterThanOrEqual(RUNS);
      const negatives = op.cases.negative + op.cases.auth;
      // An operation without parameters, body or credentials has nothing to get wrong.
      if (!op.notes.some((n) => n.startsWith('no negative case'))) expect(negatives, op.operationId).toBeGreaterThanOrEqual(NEGATIVE_RUNS);
    }
  });

  it('finds no mismatch between the document and the server', () => {
    const found = report.operations.flatMap((op) => op.failures.map((f) => `${op.operationId} ${f.check}`)).sort();
    const stale = Object.keys(KNOWN_MISMATCHES[api]).filter((k) => !found.includes(k));
    expect(stale, 'fixed: delete from KNOWN_MISMATCHES').toEqual([]);
    expect(found.filter((k) => !isKnown(api, k)), formatTable([report])).toEqual([]);
  });
});
