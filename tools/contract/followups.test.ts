import { describe, expect, it } from 'vitest';
import { loadDocument, operationsOf } from './document.ts';
import { FollowUps, MAX_READS } from './followups.ts';
import { SchemaKit } from './schemas.ts';

describe('FollowUps', () => {
  const doc = loadDocument('merchant');
  const ops = operationsOf('merchant', doc);
  const byId = new Map(ops.map((o) => [o.operationId, o]));
  const fresh = () => new FollowUps(byId, new SchemaKit(doc, 'merchant'), 1);
  const create = byId.get('createInvoiceRecipient')!;
  const del = byId.get('deleteInvoiceRecipient')!;
  const entry = { values: { 'path.id': 41 }, slot: 0, resource: 1 };
  const produced = [
    { target: 'getInvoiceRecipient', entry },
    { target: 'updateInvoiceRecipient', entry },
    { target: 'deleteInvoiceRecipient', entry },
  ];

  it('reads back what a producer made (only reads: GET), with the link values bound', () => {
    const reads = fresh().plan(create, produced, 'produced');
    expect(reads.map((r) => [r.target.operationId, r.c.kind, r.c.input.path, r.c.expect])).toEqual([
      ['getInvoiceRecipient', 'stateful', { id: 41 }, { kind: 'available', producer: 'createInvoiceRecipient' }],
    ]);
  });

  it('reads what a DELETE removed, expecting 404', () => {
    const reads = fresh().plan(del, produced, 'deleted');
    expect(reads.map((r) => [r.target.operationId, r.c.expect])).toEqual([['getInvoiceRecipient', { kind: 'freed', deleter: 'deleteInvoiceRecipient' }]]);
  });

  it(`checks a pair at most ${MAX_READS} times a run`, () => {
    const f = fresh();
    const counts = [1, 2, 3, 4].map(() => f.plan(create, produced, 'produced').length);
    expect(counts).toEqual([1, 1, 0, 0]);
  });
});
