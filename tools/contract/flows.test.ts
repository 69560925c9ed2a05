import { describe, expect, it } from 'vitest';
import { loadDocument, operationsOf, type ApiId } from './document.ts';
import { edgesFor, FALLBACK, withoutLinks } from './flows.ts';

describe('the fallback links', () => {
  it.each<ApiId>(['exchange', 'merchant'])('%s: every link names operations and parameters of the document', (api) => {
    const ops = withoutLinks(operationsOf(api, loadDocument(api)));
    const { edges } = edgesFor(api, ops);
    // edgeOf throws on an unknown operation or parameter; and nothing of the table is dropped.
    expect(edges).toHaveLength(FALLBACK[api].reduce((n, f) => n + f.links.length, 0));
  });

  it('give way to the links the documents declare', () => {
    for (const api of ['exchange', 'merchant'] as const) expect(edgesFor(api, operationsOf(api, loadDocument(api))).source).toBe('document');
  });

  it('are used only when the document declares no links', () => {
    const ops = withoutLinks(operationsOf('merchant', loadDocument('merchant')));
    expect(edgesFor('merchant', ops).source).toBe('fallback');
    const create = ops.find((o) => o.operationId === 'createInvoiceRecipient')!;
    create.responses['201']!.links = [{ name: 'read', operationId: 'getInvoiceRecipient', parameters: { id: '$response.body#/id' } }];
    expect(edgesFor('merchant', ops)).toEqual({
      source: 'document',
      edges: [{ from: 'createInvoiceRecipient', status: '201', name: 'read', to: 'getInvoiceRecipient', bind: { 'path.id': '$response.body#/id' } }],
    });
  });

  it('binds what getPayment needs from the payment created and the request that created it', () => {
    const ops = withoutLinks(operationsOf('merchant', loadDocument('merchant')));
    const edge = edgesFor('merchant', ops).edges.find((e) => e.from === 'createPayment')!;
    expect(edge).toEqual({
      from: 'createPayment', status: '2XX', name: 'createPayment->getPayment', to: 'getPayment',
      bind: { 'path.payment_id': '$response.body#/id', 'query.crypto_iso': '$request.body#/payment/crypto_iso' },
    });
  });
});
