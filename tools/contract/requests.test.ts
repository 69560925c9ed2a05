import { describe, expect, it } from 'vitest';
import { basePathOf, declaredResponse, loadDocument, operationsOf, type OpenApiDocument } from './document.ts';
import { coerceParam, exampleRequest, requestProblems } from './requests.ts';
import { SchemaKit } from './schemas.ts';
import { toWire, urlOf } from './wire.ts';

const exchange = loadDocument('exchange');
const kit = new SchemaKit(exchange, 'exchange');
const ops = operationsOf('exchange', exchange);
const byId = (id: string) => ops.find((o) => o.operationId === id)!;

describe('the document as the runner reads it', () => {
  it('takes the base path from servers[0] and flattens operations', () => {
    expect(basePathOf(exchange)).toBe('/api/v1');
    expect(basePathOf({ paths: {}, servers: [{ url: 'https://x.example/partner/v1/' }] } as OpenApiDocument)).toBe('/partner/v1');
    expect(byId('getTimestamp')).toMatchObject({ method: 'get', path: '/timestamp', secured: false });
    expect(byId('createOrder')).toMatchObject({ method: 'post', secured: true, permission: 'trade', body: { required: true } });
    expect(byId('getOrderBook').parameters.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual(['query:market:true', 'query:limit:false']);
  });

  it('finds the declared response of a status, exactly or by range', () => {
    const op = { ...byId('getOrder'), responses: { ...byId('getOrder').responses, '5XX': { mediaTypes: [] } } };
    expect(declaredResponse(op, 404)?.key).toBe('404');
    expect(declaredResponse(op, 502)?.key).toBe('5XX');
    expect(declaredResponse(byId('getOrder'), 418)).toBeUndefined();
  });
});

describe('requests', () => {
  it('starts from the documented example', () => {
    expect(exampleRequest(byId('createOrder'), kit)).toEqual({ path: {}, query: {}, body: byId('createOrder').body!.example });
    const history = byId('getTradeHistory');
    const query = exampleRequest(history, kit)!.query;
    for (const p of history.parameters.filter((x) => x.example !== undefined)) expect(query[p.name]).toEqual(p.example);
    expect(requestProblems(history, kit, { path: {}, query })).toBe(''); // `market` has no example: generated
  });

  it('reads path and query values back as the server does', () => {
    expect(coerceParam({ type: 'integer' }, kit, 12)).toBe(12);
    expect(coerceParam({ type: 'integer' }, kit, 'abc')).toBe('abc');
    expect(coerceParam({ type: 'boolean' }, kit, true)).toBe(true);
    expect(coerceParam({ type: 'string' }, kit, '12')).toBe('12');
  });

  it.each([
    ['valid', { query: { market: 'btcusd', limit: 10 } }, ''],
    ['missing required', { query: {} }, 'query.market: missing'],
    ['enum', { query: { market: 'nope' } }, 'query.market'],
    ['limit', { query: { market: 'btcusd', limit: 5000 } }, 'query.limit'],
    // An empty query value is the empty string, judged by the schema (here an enum without "").
    ['empty value', { query: { market: 'btcusd', order_by: '' } }, 'query.order_by: (root): must be equal to one of the allowed values'],
  ])('query problems: %s', (_n, input, want) => {
    const problems = requestProblems(byId('getTradeHistory'), kit, { path: {}, ...input });
    if (want === '') expect(problems).toBe('');
    else expect(problems).toContain(want);
  });

  it('percent-encodes every reserved character on the wire', () => {
    const wire = toWire(byId('getTradeHistory'), '/api/v1', { path: {}, query: { market: "it's (a) test*!" } });
    expect(urlOf('http://h', wire)).toBe('http://h/api/v1/trade_history?market=it%27s%20%28a%29%20test%2A%21');
  });

  it('can send the path without the base path (a proxy adds it) while keeping it for signing', () => {
    const wire = toWire(byId('getBalances'), '/api/v1', { path: {}, query: {} });
    expect(wire.path).toBe('/api/v1/balances');
    expect(urlOf('http://proxy', wire, (p) => p.slice('/api/v1'.length))).toBe('http://proxy/balances');
  });
});
