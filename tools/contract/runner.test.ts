// The runner end to end against a tiny planted server (its own document, Express, Ajv): cases
// planned and sent, checks applied, the failing case shrunk and reproduced from its seed.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from './document.ts';
import { runContract } from './runner.ts';
import { SchemaKit } from './schemas.ts';

const error = { type: 'object', properties: { title: { type: 'string' }, code: { type: 'string' }, details: { type: 'string' } }, required: ['title', 'code', 'details'] };
const thing = {
  type: 'object',
  properties: { name: { type: 'string', pattern: '^[a-z]+$' }, note: { type: 'string', maxLength: 20 }, count: { type: 'integer', minimum: 0, maximum: 100 } },
  required: ['name'],
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const doc = {
  openapi: '3.1.0',
  servers: [{ url: '/t/v1' }],
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        security: [{ BearerAuth: [] }],
        requestBody: { required: true, content: { 'application/json': { schema: thing, example: { name: 'abc', count: 1 } } } },
        responses: {
          '201': { description: 'ok', ...json({ type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] }) },
          '400': { description: 'bad JSON', ...json(error) },
          '401': { description: 'auth', ...json(error) },
          '405': { description: 'method', headers: { Allow: { schema: { type: 'string' } } }, ...json(error) },
          '422': { description: 'invalid', ...json(error) },
        },
      },
    },
  },
  components: { schemas: {}, securitySchemes: { BearerAuth: { type: 'http', scheme: 'bearer' } } },
} as unknown as OpenApiDocument;

/** Answers per the document; `count >= 50` is the planted bug (500). */
function plantedApp(bug: boolean) {
  const kit = new SchemaKit(doc, 'planted');
  const app = express();
  const fail = (res: express.Response, status: number, code: string) => res.status(status).json({ title: 'x', code, details: 'y' });
  app.post('/t/v1/things', express.json({ limit: '100kb' }), (req, res) => {
    if (req.headers.authorization !== 'Bearer demo-partner-key') return void fail(res, 401, '1001');
    if (!kit.valid(thing, req.body)) return void fail(res, 422, '1002');
    if (bug && req.body.count >= 50) return void fail(res, 500, '1005');
    res.status(201).json({ id: 1, name: req.body.name });
  });
  app.all('/t/v1/things', (req, res) => void res.set('Allow', bug ? 'GET, POST' : 'POST').status(405).json({ title: 'x', code: '1009', details: req.method }));
  app.use((err: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => fail(res, err.status === 400 ? 400 : 500, '1011'));
  return app;
}

const servers: { close: () => void }[] = [];
async function listen(bug: boolean): Promise<string> {
  const server = plantedApp(bug).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
afterAll(() => servers.forEach((s) => s.close()));

const run = (baseUrl: string, seed = 5) =>
  runContract({ api: 'partner', document: doc, baseUrl, runs: 60, negativeRuns: 25, seed, credentials: { exchange: { trade: [] }, merchant: { key: { key: 'k', secret: 's' } }, partner: { bearer: 'demo-partner-key' } } });

describe('runContract against a planted server', () => {
  let clean: string;
  let buggy: string;
  beforeAll(async () => {
    clean = await listen(false);
    buggy = await listen(true);
  });

  it('passes a server that follows its document, with the planned number of cases', async () => {
    const report = await run(clean);
    expect(report.ok).toBe(true);
    const [op] = report.operations;
    expect(op!.cases.example).toBe(1);
    expect(op!.cases.valid).toBe(60);
    expect(op!.cases.negative + op!.cases.auth).toBeGreaterThanOrEqual(25);
    expect(op!.statuses.map((s) => `${s.status} ${s.state}`)).toEqual(['201 exercised', '400 exercised', '401 exercised', '405 not exercised', '422 exercised']);
    // Every other method of the path is probed once (405 with Allow), OPTIONS too.
    const probes = report.operations.filter((o) => o.probe);
    expect(probes.map((o) => [o.operationId, o.cases.method, o.statuses.map((s) => `${s.status} ${s.state}`)])).toEqual([['/things (methods)', 5, ['405 exercised']]]);
  });

  it('finds the planted 500, names the operation and shrinks the request to its core', async () => {
    const report = await run(buggy);
    expect(report.ok).toBe(false);
    const op = report.operations[0]!;
    expect(op.operationId).toBe('createThing');
    const failure = op.failures.find((f) => f.check === 'not_a_server_error')!;
    expect(failure).toMatchObject({ kind: 'valid', status: 500, seed: 5 });
    expect(failure.shrinkSteps).toBeGreaterThan(0);
    // The smallest request that still fails: the required name, shortest, and the boundary count.
    expect(failure.request.body).toEqual({ name: 'a', count: 50 });
    expect(op.statuses.find((s) => s.status === '500')).toMatchObject({ declared: false, state: 'mismatched' });
    // The buggy server's Allow names GET, which the path does not have.
    const [probe] = report.operations.find((o) => o.probe)!.failures;
    expect([probe!.check, probe!.message, probe!.request.method]).toEqual(['unsupported_method', 'GET /things answered 405 with Allow: GET, POST (documented: POST; not documented GET)', 'GET']);
  });

  it('reproduces the same failing case from the same seed', async () => {
    const [a, b] = [await run(buggy, 9), await run(buggy, 9)];
    const pick = (r: typeof a) => r.operations[0]!.failures.map((f) => [f.check, f.sampleIndex, f.original.body, f.request.body]);
    expect(pick(a)).toEqual(pick(b));
  });
});
