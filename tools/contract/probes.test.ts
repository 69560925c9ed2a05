import { describe, expect, it } from 'vitest';
import { loadDocument, operationsOf } from './document.ts';
import { methodProbes } from './probes.ts';
import { SchemaKit } from './schemas.ts';

describe('methodProbes', () => {
  const doc = loadDocument('merchant');
  const ops = operationsOf('merchant', doc);
  const probes = methodProbes(ops, new SchemaKit(doc, 'merchant'), 3);

  it('probes every method a path does not document, and OPTIONS, expecting the documented Allow', () => {
    const recipient = probes.filter((p) => p.op.path === '/invoice_recipients/{id}');
    expect(recipient.map((p) => p.op.operationId)).toEqual(['PUT /invoice_recipients/{id}', 'POST /invoice_recipients/{id}', 'OPTIONS /invoice_recipients/{id}']);
    for (const p of recipient) expect(p.c.expect).toEqual({ kind: 'method', allow: ['GET', 'PATCH', 'DELETE'] });
    // The path's id is filled (a valid one: the answer is about the method), no query, no body.
    expect(recipient[0]!.c.input.path.id).toEqual(expect.any(Number));
    expect(recipient[0]!.c.input.query).toEqual({});
    expect(recipient[0]!.c.input.body).toBeUndefined();
  });

  it('probes each path of the document with the 6 methods it lacks or OPTIONS', () => {
    const paths = new Set(ops.map((o) => o.path));
    const documented = ops.length;
    expect(probes).toHaveLength(paths.size * 6 - documented);
    expect(probes.every((p) => p.c.kind === 'method' && p.c.method === p.op.method && p.op.secured)).toBe(true);
  });

  it('declares for a probe the 405 the path declares, and nothing when it declares none', () => {
    const mine = { mediaTypes: ['application/json'] };
    const withDeclared = methodProbes(ops.map((o) => (o.path === '/payments' ? { ...o, responses: { ...o.responses, '405': mine } } : o)), new SchemaKit(doc, 'merchant'), 3);
    expect(withDeclared.find((p) => p.op.path === '/payments')!.op.responses).toEqual({ '405': mine });
    const without = methodProbes(ops.map((o) => ({ ...o, responses: Object.fromEntries(Object.entries(o.responses).filter(([k]) => k !== '405')) })), new SchemaKit(doc, 'merchant'), 3);
    expect(without.find((p) => p.op.path === '/payments')!.op.responses).toEqual({});
  });
});
