// Planted bugs: copies of the reference handlers, each broken one way, served by createServer.
// The runner must catch every one and name the operation: a required response field missing, a
// field of the wrong type, a 500, and an invalid body accepted (a planted app). The CLI
// must exit non-zero against such a server and name the operation too.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiId } from '../scripts/contract/document.ts';
import type { CheckId } from '../scripts/contract/checks.ts';
import { runContract } from '../scripts/contract/runner.ts';
import type { ServerHandlers } from '../server/app.ts';
import type { ConfigInput } from '../server/config.ts';
import { referenceHandlers, startServer, type RunningServer } from './contract-fixtures.ts';

type Result = { status: number; body?: unknown };
type Loose = (input: unknown) => Result | Promise<Result>;

/** The reference handlers of `api` with one replaced by `plant(original)`. */
function planted(api: ApiId, operationId: string, plant: (original: Loose) => Loose): ServerHandlers {
  const handlers = referenceHandlers() as unknown as Record<ApiId, Record<string, Loose>>;
  const original = handlers[api][operationId]!;
  return { ...handlers, [api]: { ...handlers[api], [operationId]: plant(original) } } as unknown as ServerHandlers;
}

/** Answers as the original does, then edits the 2xx body. */
const editBody = (edit: (body: Record<string, unknown>) => void) => (original: Loose): Loose => async (input) => {
  const result = await original(input);
  if (result.status < 300 && result.body && typeof result.body === 'object') edit(result.body as Record<string, unknown>);
  return result;
};

interface Bug {
  name: string;
  api: ApiId;
  operationId: string;
  plant: (original: Loose) => Loose;
  /** `requests`: the server does not check its own responses, so the broken body reaches the client. */
  validate: 'requests';
  check: CheckId;
}

const BUGS: Bug[] = [
  {
    name: 'a required response field missing',
    api: 'merchant', operationId: 'createInvoiceRecipient', validate: 'requests', check: 'response_schema_conformance',
    plant: editBody((body) => delete body.email),
  },
  {
    name: 'a field of the wrong type',
    api: 'exchange', operationId: 'getTicker', validate: 'requests', check: 'response_schema_conformance',
    plant: editBody((body) => void (body.last = Number(body.last))),
  },
  {
    name: 'a 500',
    api: 'partner', operationId: 'registerUser', validate: 'requests', check: 'not_a_server_error',
    plant: (original) => async (input) => {
      const body = (input as { body: { registration: { first_name: string } } }).body;
      if (body.registration.first_name.length > 4) throw new Error('planted: long first names crash');
      return original(input);
    },
  },
];

/** Partner's createMerchantApplication with auth and JSON parsing but no validation: 201 for any body. */
function acceptEverything(): express.Express {
  const app = express();
  const error = (res: express.Response, status: number, code: string) => res.status(status).json({ title: 'Error', code, details: 'planted' });
  app.post('/partner/v1/merchant_applications', express.json({ limit: '100kb' }), (req, res) => {
    if (req.headers.authorization !== 'Bearer demo-partner-key' && req.headers.authorization !== `Basic ${Buffer.from('demo-partner:demo-partner-secret').toString('base64')}`) {
      return void error(res, 401, '1001');
    }
    res.status(201).json({ success: true, message: 'accepted whatever it was' });
  });
  app.use((err: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) =>
    err.status === 413 ? error(res, 413, '1008') : error(res, 400, '1011'),
  );
  return app;
}

async function listen(app: express.Express): Promise<{ url: string; close: () => void }> {
  const s = app.listen(0, '127.0.0.1');
  await new Promise((r) => s.once('listening', r));
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, close: () => s.close() };
}

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the runner catches planted bugs', () => {
  it.each(BUGS)('$name ($api $operationId)', async (bug) => {
    const config: ConfigInput = { validate: bug.validate };
    server = await startServer({ config, handlers: planted(bug.api, bug.operationId, bug.plant) });
    const report = await runContract({ api: bug.api, baseUrl: server.baseUrl, runs: 30, negativeRuns: 25, seed: 11, operations: [bug.operationId] });
    expect(report.ok).toBe(false);
    const op = report.operations.find((o) => o.operationId === bug.operationId)!;
    expect(op.failures.map((f) => f.check)).toContain(bug.check);
    // Only the planted operation fails (producers of its ids run too, and stay clean).
    expect(report.operations.filter((o) => o.failures.length > 0).map((o) => o.operationId)).toEqual([bug.operationId]);
  });

  it('an invalid body accepted (partner createMerchantApplication)', async () => {
    // createServer validates twice (OpenAPI, then the handlers' Zod schemas), so a handler alone
    // cannot accept an invalid body: a planted app without validation stands in for the server.
    const base = await listen(acceptEverything());
    const report = await runContract({ api: 'partner', baseUrl: base.url, runs: 30, negativeRuns: 25, seed: 11, operations: ['createMerchantApplication'] });
    base.close();
    const op = report.operations[0]!;
    expect(op.operationId).toBe('createMerchantApplication');
    expect(op.failures.map((f) => f.check)).toEqual(['negative_data_rejection']);
    expect(op.failures[0]!.message).toBe('invalid request was accepted with 201');
  });

  it('shrinks the planted 500 to the smallest registration that crashes', async () => {
    const bug = BUGS.find((b) => b.check === 'not_a_server_error')!;
    server = await startServer({ config: { validate: 'requests' }, handlers: planted(bug.api, bug.operationId, bug.plant) });
    const report = await runContract({ api: 'partner', baseUrl: server.baseUrl, runs: 30, negativeRuns: 0, seed: 11, operations: ['registerUser'] });
    const failure = report.operations[0]!.failures.find((f) => f.check === 'not_a_server_error')!;
    const registration = (failure.request.body as { registration: Record<string, string> }).registration;
    expect(registration.first_name).toHaveLength(5);
    expect(failure.shrinkSteps).toBeGreaterThan(0);
  });
});

describe('the CLI', () => {
  it('exits 1 against a server with a broken response and names the operation', async () => {
    const bug = BUGS[0]!;
    server = await startServer({ config: { validate: bug.validate }, handlers: planted(bug.api, bug.operationId, bug.plant) });
    const run = promisify(execFile)('npx', ['tsx', 'scripts/contract.ts', '--api', 'merchant', '--base-url', server.baseUrl, '--runs', '5', '--seed', '3', '--operation', bug.operationId, '--quiet']);
    const failure = (await run.then(() => undefined, (e: unknown) => e)) as { code: number; stdout: string } | undefined;
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('MISMATCH merchant createInvoiceRecipient (POST /invoice_recipients) — response_schema_conformance, status 201');
    expect(failure?.stdout).toContain("must have required property 'email'");
  });
});
