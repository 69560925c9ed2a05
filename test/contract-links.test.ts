// The runner's stateful flows follow the document's OpenAPI links: with links added to a copy of
// the merchant document (as the documents will carry them), only the linked operations feed each
// other, the fallback table is not used, what a link says was created is read back (200) and what
// a DELETE removed answers 404, with the ids the server gave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, type OpenApiDocument } from '../tools/contract/document.ts';
import { runContract } from '../tools/contract/runner.ts';
import { referenceHandlers, startServer, type RunningServer } from './contract-fixtures.ts';

/** The merchant document with links from the recipient the 201 creates to reading and deleting it. */
function linked(): OpenApiDocument {
  const doc = unlinked();
  const created = (doc.paths['/invoice_recipients']!.post as { responses: Record<string, Record<string, unknown>> }).responses['201']!;
  created.links = {
    ReadRecipient: { operationId: 'getInvoiceRecipient', parameters: { id: '$response.body#/id' } },
    DeleteRecipient: { operationId: 'deleteInvoiceRecipient', parameters: { 'path.id': '$response.body#/id' } },
  };
  return doc;
}

/** The merchant document with every link removed (the documents carry their own). */
function unlinked(): OpenApiDocument {
  const doc = loadDocument('merchant');
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item) as { responses?: Record<string, { links?: unknown }> }[]) for (const r of Object.values(op?.responses ?? {})) delete r.links;
  }
  return doc;
}

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ handlers: referenceHandlers() });
});
afterAll(async () => server?.close());

describe('stateful flows from OpenAPI links', () => {
  it('reads back what was created and finds gone what was deleted, with the ids the links carry', async () => {
    const created: number[] = [];
    const reads: string[] = [];
    const report = await runContract({
      api: 'merchant', baseUrl: server.baseUrl, document: linked(), runs: 10, negativeRuns: 0, seed: 5,
      operations: ['getInvoiceRecipient', 'deleteInvoiceRecipient'], kinds: ['example', 'valid', 'stateful'],
      onCase: (op, c, res) => {
        if (op.operationId === 'createInvoiceRecipient' && res.status === 201) created.push((res.json as { id: number }).id);
        if (c.kind === 'stateful') reads.push(`${c.label}: ${String(c.input.path.id)} -> ${res.status}`);
      },
    });
    // Only the document's links: listInvoiceRecipients (a producer in the fallback table) does not run.
    expect(report.operations.filter((o) => !o.probe).map((o) => o.operationId)).toEqual(['createInvoiceRecipient', 'getInvoiceRecipient', 'deleteInvoiceRecipient']);
    expect(report.operations.flatMap((o) => o.notes).filter((n) => n.includes('fallback'))).toEqual([]);
    const readBack = reads.filter((r) => r.startsWith('read what createInvoiceRecipient produced'));
    expect(readBack).toHaveLength(2);
    for (const r of readBack) expect(r).toMatch(new RegExp(`: (${created.join('|')}) -> 200$`));
    const gone = reads.filter((r) => r.startsWith('read what deleteInvoiceRecipient deleted'));
    expect(gone.length).toBeGreaterThan(0);
    for (const r of gone) expect(r).toMatch(new RegExp(`: (${created.join('|')}) -> 404$`));
    const checks = report.operations.flatMap((o) => o.failures.map((f) => f.check));
    expect(checks).not.toContain('ensure_resource_availability');
    expect(checks).not.toContain('use_after_free');
  }, 120_000);

  it('says when it falls back to its own table (a document without links)', async () => {
    const report = await runContract({ api: 'merchant', baseUrl: server.baseUrl, document: unlinked(), runs: 2, negativeRuns: 0, seed: 5, operations: ['getPayout'], kinds: ['valid'] });
    expect(report.operations[0]!.notes).toContain("the document declares no links: stateful flows follow the runner's fallback table (flows.ts)");
  });
});
