import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDocument, operationsOf } from './document.ts';
import { bindEntry, FLOWS, runOrder, withPool, type Consumer } from './flows.ts';

describe('runOrder', () => {
  const order = (api: 'exchange' | 'merchant') => runOrder(operationsOf(api, loadDocument(api)), FLOWS[api]).map((o) => o.operationId);
  const before = (ids: string[], a: string, b: string) => expect(ids.indexOf(a), `${a} before ${b}`).toBeLessThan(ids.indexOf(b));

  it('runs every operation once, producers before consumers, destructive ones last', () => {
    const merchant = order('merchant');
    expect(new Set(merchant).size).toBe(operationsOf('merchant', loadDocument('merchant')).length);
    before(merchant, 'createPayment', 'getPayment');
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

  it('names only operations of the documents', () => {
    for (const api of ['exchange', 'merchant'] as const) {
      const ids = new Set(operationsOf(api, loadDocument(api)).map((o) => o.operationId));
      const named = [...FLOWS[api].producers, ...FLOWS[api].consumers].map((x) => x.operationId);
      expect(named.filter((id) => !ids.has(id))).toEqual([]);
    }
  });
});

describe('pools', () => {
  const getPayment: Consumer = { operationId: 'getPayment', pool: 'payment', bind: { 'path.payment_id': 'id', 'query.crypto_iso': 'crypto_iso' } };
  const entry = { values: { id: '77', crypto_iso: 'ETH' } };

  it('writes pooled values at their places', () => {
    expect(bindEntry({ path: { payment_id: 'x' }, query: { crypto_iso: 'BTC' } }, getPayment, entry)).toEqual({ path: { payment_id: '77' }, query: { crypto_iso: 'ETH' } });
  });

  it('leaves an optional body field absent when the request has none', () => {
    const c: Consumer = { operationId: 'createInvoice', pool: 'recipient', bind: { 'body.invoice.invoice_recipient_id': 'id' }, ifPresent: true };
    expect(bindEntry({ path: {}, query: {}, body: { invoice: { amount: '1' } } }, c, { values: { id: 5 } }).body).toEqual({ invoice: { amount: '1' } });
    expect(bindEntry({ path: {}, query: {}, body: { invoice: { invoice_recipient_id: 1 } } }, c, { values: { id: 5 } }).body).toEqual({ invoice: { invoice_recipient_id: 5 } });
  });

  it('uses pooled ids for most requests and keeps some generated ones', () => {
    const arb = withPool(fc.constant({ path: { payment_id: 'gen' }, query: { crypto_iso: 'BTC' } }), getPayment, [entry]);
    const ids = fc.sample(arb, { seed: 3, numRuns: 200 }).map((s) => s.input.path.payment_id);
    const pooled = ids.filter((id) => id === '77').length;
    expect(pooled).toBeGreaterThan(120);
    expect(pooled).toBeLessThan(200);
  });
});
