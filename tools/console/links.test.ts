import { describe, expect, it } from 'vitest';
import { atPointer, carriedBy, evaluate, withCarried } from './links.ts';
import type { ConsoleOperation } from './types.ts';

const op = (over: Partial<ConsoleOperation>): ConsoleOperation => ({
  operationId: 'x', method: 'GET', pathTemplate: '/x', summary: '', anchor: 'x/x', statuses: [200], secured: true, pathParams: {}, query: {}, links: {}, ...over,
});

describe('console links', () => {
  it('reads JSON pointers, with array indexes and ~1 ~0 escapes', () => {
    const body = { transactions: [{ id: 7 }], 'a/b': { '~c': 'v' } };
    expect(atPointer(body, '/transactions/0/id')).toBe(7);
    expect(atPointer(body, '/a~1b/~0c')).toBe('v');
    expect(atPointer(body, '/transactions/1/id')).toBeUndefined();
    expect(atPointer(body, '')).toBe(body);
  });

  it('evaluates $response.body expressions to scalars only', () => {
    expect(evaluate('$response.body#/id', { id: 3 })).toBe(3);
    expect(evaluate('$response.body#/id', { id: { nested: 1 } })).toBeUndefined();
    expect(evaluate('$request.path.id', { id: 3 })).toBeUndefined();
  });

  it('carries a link whole, for the answer status it is declared on', () => {
    const producer = op({
      operationId: 'createPayment',
      links: { '201': [{ operationId: 'getPayment', parameters: { payment_id: '$response.body#/id', crypto_iso: '$response.body#/crypto/iso' }, requestBody: {} }] },
    });
    expect(carriedBy(producer, 201, { id: 5, crypto: { iso: 'BTC' } })).toEqual({
      getPayment: { from: 'createPayment', parameters: { payment_id: 5, crypto_iso: 'BTC' }, requestBody: {} },
    });
    expect(carriedBy(producer, 200, { id: 5, crypto: { iso: 'BTC' } })).toEqual({});
    expect(carriedBy(producer, 201, { id: 5 })).toEqual({}); // crypto_iso missing: not carried at all
  });

  it('puts carried values in the path, the query or the body in place of the examples', () => {
    const target = op({ pathTemplate: '/payments/{payment_id}', pathParams: { payment_id: 1 }, query: { limit: 10 }, body: { id: 1, note: 'n' } });
    const carried = { from: 'p', parameters: { payment_id: 9, crypto_iso: 'BTC' }, requestBody: { id: 9 } };
    expect(withCarried(target, carried)).toEqual({ pathParams: { payment_id: 9 }, query: { limit: 10, crypto_iso: 'BTC' }, body: { id: 9, note: 'n' } });
    expect(withCarried(target, undefined)).toEqual({ pathParams: { payment_id: 1 }, query: { limit: 10 }, body: { id: 1, note: 'n' } });
  });
});
