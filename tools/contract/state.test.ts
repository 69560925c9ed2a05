import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDocument, operationsOf, type OperationSpec } from './document.ts';
import { edgesFor, withoutLinks } from './flows.ts';
import type { LinkEdge } from './links.ts';
import { bindEntry, isDestructive, LinkState, runOrder, withPool, withProducers } from './state.ts';
import type { WireResponse } from './wire.ts';

/** Over the fallback table (fixed here; the documents' own links are tested in test/contract-links.test.ts). */
const merchantOps = () => withoutLinks(operationsOf('merchant', loadDocument('merchant')));

describe('runOrder', () => {
  const order = (api: 'exchange' | 'merchant') => {
    const ops = withoutLinks(operationsOf(api, loadDocument(api)));
    return runOrder(ops, edgesFor(api, ops).edges).map((o) => o.operationId);
  };
  const before = (ids: string[], a: string, b: string) => expect(ids.indexOf(a), `${a} before ${b}`).toBeLessThan(ids.indexOf(b));

  it('runs every operation once, producers before what their links lead to, destructive ones last', () => {
    const merchant = order('merchant');
    expect(new Set(merchant).size).toBe(merchantOps().length);
    before(merchant, 'createPayment', 'getPayment');
    before(merchant, 'createPayment', 'listTransactions');
    before(merchant, 'createInvoiceRecipient', 'getInvoiceRecipient');
    before(merchant, 'updateInvoiceRecipient', 'deleteInvoiceRecipient');
    before(merchant, 'listTransactions', 'createRefund');
    before(merchant, 'createRefund', 'getRefund');
    before(merchant, 'listPayouts', 'getPayout');
    expect(merchant.at(-1)).toBe('deleteInvoiceRecipient');
    const exchange = order('exchange');
    before(exchange, 'createOrder', 'getOrder');
    expect(exchange.slice(-2)).toEqual(['cancelOrder', 'clearOrders']);
  });

  it('calls DELETE and paths ending in delete, cancel or clear destructive', () => {
    const op = (method: OperationSpec['method'], path: string) => ({ method, path }) as OperationSpec;
    expect([op('delete', '/x/{id}'), op('post', '/order/delete'), op('post', '/orders/clear'), op('post', '/orders'), op('get', '/cancellations')].map(isDestructive)).toEqual([
      true, true, true, false, false,
    ]);
  });

  it('adds the operations that feed those asked for', () => {
    const { edges } = edgesFor('merchant', merchantOps());
    expect([...withProducers(['getPayout'], edges)].sort()).toEqual(['getPayout', 'listPayouts']);
    // Transitively: a refund needs a transaction, which an invoice gives, which may name a recipient.
    expect([...withProducers(['getRefund'], edges)].sort()).toEqual([
      'createInvoice', 'createInvoiceRecipient', 'createRefund', 'getRefund', 'listInvoiceRecipients', 'listTransactionRefunds', 'listTransactions',
    ]);
  });
});

describe('pools', () => {
  const edge = (from: string, to: string, bind: Record<string, unknown>, status = '201'): LinkEdge => ({ from, status, name: to, to, bind });
  const edges = [
    edge('createThing', 'getThing', { 'path.id': '$response.body#/id' }),
    edge('createThing', 'deleteThing', { 'path.id': '$response.body#/id' }),
    edge('createThing', 'useThing', { 'body.thing_id': '$response.body#/id' }),
  ];
  const create = { operationId: 'createThing' } as OperationSpec;
  const answer = (status: number, json: unknown): WireResponse => ({ status, contentType: 'application/json', headers: {}, text: '', json, ms: 1 });
  const request = { path: {}, query: {}, body: {} };

  it('fills the pools of every operation a link leads to, on the status the link is declared on', () => {
    const state = new LinkState(edges, { useThing: [{ 'body.thing_id': 1 }] });
    expect(state.produce(create, '200', request, answer(200, { id: 5 }), 0)).toEqual([]);
    const added = state.produce(create, '201', request, answer(201, { id: 5 }), 1);
    expect(added.map((a) => [a.target, a.entry.values, a.entry.slot])).toEqual([
      ['getThing', { 'path.id': 5 }, 1], ['deleteThing', { 'path.id': 5 }, 1], ['useThing', { 'body.thing_id': 5 }, 1],
    ]);
    expect(state.pool('useThing').map((e) => e.values)).toEqual([{ 'body.thing_id': 1 }, { 'body.thing_id': 5 }]);
  });

  it('forgets everything of a deleted resource and says what must now be gone', () => {
    const state = new LinkState(edges);
    state.produce(create, '201', request, answer(201, { id: 5 }), 0);
    state.produce(create, '201', request, answer(201, { id: 6 }), 0);
    const used = state.pool('deleteThing')[0]!;
    const gone = state.consume(used);
    expect(gone.map((g) => `${g.target} ${g.entry.values['path.id'] ?? g.entry.values['body.thing_id']}`)).toEqual(['getThing 5', 'deleteThing 5', 'useThing 5']);
    expect(state.pool('getThing').map((e) => e.values['path.id'])).toEqual([6]);
    expect(state.consume({ values: {} })).toEqual([]);
  });

  it('writes pooled values at their places, an optional body field only where the request has it', () => {
    expect(bindEntry({ path: { payment_id: 'x' }, query: { crypto_iso: 'BTC' } }, { values: { 'path.payment_id': '77', 'query.crypto_iso': 'ETH' } })).toEqual({
      path: { payment_id: '77' }, query: { crypto_iso: 'ETH' },
    });
    const entry = { values: { 'body.invoice.invoice_recipient_id': 5 } };
    expect(bindEntry({ path: {}, query: {}, body: { invoice: { amount: '1' } } }, entry).body).toEqual({ invoice: { amount: '1' } });
    expect(bindEntry({ path: {}, query: {}, body: { invoice: { invoice_recipient_id: 1 } } }, entry).body).toEqual({ invoice: { invoice_recipient_id: 5 } });
  });

  it('uses pooled ids for most requests and keeps some generated ones', () => {
    const arb = withPool(fc.constant({ path: { id: 'gen' }, query: {} }), [{ values: { 'path.id': '77' } }]);
    const pooled = fc.sample(arb, { seed: 3, numRuns: 200 }).filter((s) => s.input.path.id === '77').length;
    expect(pooled).toBeGreaterThan(120);
    expect(pooled).toBeLessThan(200);
  });
});
