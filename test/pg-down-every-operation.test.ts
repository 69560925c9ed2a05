// PostgreSQL stopped under a running instance: every operation of the three APIs answers in its
// API's error body, a storage failure as 503 (exchange {error: {code: 3001}}, merchant and partner
// {code: "1006"}), never 500. The requests are the contract runner's valid cases and examples, so
// each one reaches its handler (and its storage) rather than stopping at validation.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiId } from '../tools/contract/document.ts';
import { runContract } from '../tools/contract/runner.ts';
import { startInstance, type Instance } from './instances.ts';
import { pgAvailable, startPostgres, type PostgresServer } from './postgres-server.ts';

const APIS: ApiId[] = ['exchange', 'merchant', 'partner'];

/** The error body of a storage failure, per API. */
const storageFailure: Record<string, (body: unknown) => boolean> = {
  exchange: (b) => (b as { error?: { code?: unknown } })?.error?.code === 3001,
  merchant: (b) => (b as { code?: unknown })?.code === '1006',
  partner: (b) => (b as { code?: unknown })?.code === '1006',
};

describe.skipIf(!pgAvailable())('every operation while PostgreSQL is down', () => {
  let pg: PostgresServer;
  let instance: Instance;
  const answers: { api: ApiId; operationId: string; status: number; json: unknown; text: string }[] = [];

  beforeAll(async () => {
    pg = await startPostgres();
    const config = join(mkdtempSync(join(tmpdir(), 'pg-down-')), 'config.json');
    writeFileSync(config, JSON.stringify({ rateLimit: { enabled: false } }));
    instance = await startInstance({ DATABASE_URL: await pg.database(), CONFIG: config });
    await pg.stop();
    for (const api of APIS) {
      await runContract({
        api, baseUrl: instance.base, runs: 2, negativeRuns: 0, seed: 7, shrinkBudget: 0, kinds: ['example', 'valid'],
        onCase: (op, _c, res) => answers.push({ api, operationId: op.operationId, status: res.status, json: res.json, text: res.text }),
      });
    }
  }, 240_000);
  afterAll(async () => {
    await instance?.stop();
    await pg?.stop().catch(() => undefined);
  });

  it('calls every operation of the three APIs', () => {
    for (const api of APIS) {
      const doc = JSON.parse(readFileSync(new URL(`../generated/openapi/${api}.json`, import.meta.url), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
      const documented = new Set(Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => (op.operationId ? [op.operationId] : []))));
      expect(new Set(answers.filter((a) => a.api === api).map((a) => a.operationId)), api).toEqual(documented);
    }
  });

  it('answers no request 500; every 5xx is a 503 in the API error body of a storage failure', () => {
    const wrong = answers.filter((a) => a.status >= 500 && !(a.status === 503 && storageFailure[a.api]!(a.json))).map((a) => `${a.api} ${a.operationId} ${a.status} ${a.text.slice(0, 160)}`);
    expect([...new Set(wrong)]).toEqual([]);
  });

  it('answers the operations that read or write the state 503 (the public exchange reads included)', () => {
    const of = (api: ApiId, id: string) => answers.filter((a) => a.api === api && a.operationId === id).map((a) => a.status);
    for (const [api, id] of [['exchange', 'getTimestamp'], ['exchange', 'getMarkets'], ['exchange', 'createOrder'], ['merchant', 'createPayment'], ['merchant', 'listTransactions']] as const) {
      const statuses = of(api, id);
      expect(statuses.length, `${api} ${id}`).toBeGreaterThan(0);
      expect(new Set(statuses), `${api} ${id}`).toEqual(new Set([503]));
    }
  });
});
