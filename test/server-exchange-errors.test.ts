// Every failure of the exchange API answers `{error: {code, message}}` with a fitting status, never
// HTML, a stack trace or a secret.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { exchangeOperations } from '../contracts/exchange/operations.ts';
import { ExchangeDomainError } from '../server/core/errors.ts';
import { notImplementedHandlers } from '../server/api/not-implemented.ts';
import { manualClock, testServer } from '../server/testing.ts';
import { NOW, createOrderBody, exampleHandlers, signedUrl } from './server-helpers.ts';

const make = (handlers = {}) =>
  testServer({ now: manualClock(NOW), config: { rateLimit: { enabled: false }, bodyLimit: '1kb' }, handlers: { exchange: { ...exampleHandlers.exchange, ...handlers } } });

const errorBody = (code: number, message: string | RegExp = /.+/) => ({
  error: { code, message: typeof message === 'string' ? message : expect.stringMatching(message) },
});

describe('exchange error mapping', () => {
  it('400 1001 names the invalid path parameter', async () => {
    const res = await request(make().app).get('/api/v1/tickers/nope');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(1001, /^market: must be equal to one of the allowed values: btcusd, /));
  });

  it('400 1001 names a missing and an invalid query parameter at once', async () => {
    const res = await request(make().app).get('/api/v1/order_book?limit=abc');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/market: is required/);
    expect(res.body.error.message).toMatch(/limit: must be integer/);
  });

  it('400 1001 names an invalid body field of a signed POST (the validator runs after auth)', async () => {
    const body = { ...createOrderBody, side: 'hold' };
    const res = await request(make().app).post(signedUrl({ method: 'POST', path: '/orders', body })).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(1001, /^side: must be equal to one of the allowed values/));
  });

  it('400 1001 names only what is wrong with the order variant ord_type selects, in /orders and inside /orders/multi', async () => {
    const { app } = make();
    let nonce = NOW;
    const post = async (path: string, body: Record<string, unknown>) => (await request(app).post(signedUrl({ method: 'POST', path, body, nonce: nonce++ })).send(body)).body;
    const order = (o: object) => ({ market: 'btcusd', side: 'buy', ord_type: 'limit', volume: '1', price: '100.00', ...o });
    expect(await post('/orders', order({ volume: 'abc' }))).toEqual(errorBody(1001, 'volume: must match pattern "^[0-9]{1,24}(\\.[0-9]+)?$"'));
    expect(await post('/orders', order({ price: undefined }))).toEqual(errorBody(1001, 'price: is required'));
    expect(await post('/orders', order({ ord_type: 'stop' }))).toEqual(errorBody(1001, 'ord_type: must be equal to one of the allowed values: limit, market'));
    expect(await post('/orders', order({ ord_type: 'market' }))).toEqual(errorBody(1001, 'price: must be absent'));
    const multi = { market: 'btcusd', orders: [{ side: 'buy', ord_type: 'limit', volume: '1', price: '1.00' }, { side: 'buy', ord_type: 'limit', volume: 'x', price: '1.00' }] };
    expect(await post('/orders/multi', multi)).toEqual(errorBody(1001, 'orders[1].volume: must match pattern "^[0-9]{1,24}(\\.[0-9]+)?$"'));
  });

  it('400 1001 for malformed JSON (after auth would need the body: it fails first)', async () => {
    const res = await request(make().app).post(signedUrl({ method: 'POST', path: '/orders' })).set('Content-Type', 'application/json').send('{"market":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(1001, /^body: malformed JSON/));
  });

  it('400 1001 for a required body that is missing', async () => {
    const res = await request(make().app).post(signedUrl({ method: 'POST', path: '/order/delete' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody(1001, 'body: is required'));
  });

  it('404 1004 for an unknown route, 405 1009 with Allow for a wrong method', async () => {
    const { app } = make();
    const notFound = await request(app).get('/api/v1/nope?signature=secret-looking');
    expect(notFound.status).toBe(404);
    expect(notFound.body).toEqual(errorBody(1004, 'Unknown route GET /api/v1/nope'));
    const wrongMethod = await request(app).delete('/api/v1/tickers/btcusd');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET, HEAD');
    expect(wrongMethod.body).toEqual(errorBody(1009, /^Method DELETE not allowed/));
  });

  it('415 1010 for a body that is not JSON, 413 1008 over the body limit', async () => {
    const { app } = make();
    const text = await request(app).post(signedUrl({ method: 'POST', path: '/orders' })).set('Content-Type', 'text/plain').send('market=btcusd');
    expect(text.status).toBe(415);
    expect(text.body).toEqual(errorBody(1010, /text\/plain/));
    const big = { ...createOrderBody, note: 'x'.repeat(2000) };
    const large = await request(app).post(signedUrl({ method: 'POST', path: '/orders', body: big })).send(big);
    expect(large.status).toBe(413);
    expect(large.body).toEqual(errorBody(1008, 'Request body exceeds 1kb'));
  });

  it('domain errors keep their code and status (2004 404, 3001 503)', async () => {
    const { app } = make({
      getBalances: () => {
        throw new ExchangeDomainError(3001, 'Exchange is currently undergoing maintenance');
      },
      getOrders: () => {
        throw new ExchangeDomainError(2004, 'Order with id 42 does not exist');
      },
    });
    const maintenance = await request(app).get(signedUrl({ method: 'GET', path: '/balances' }));
    expect([maintenance.status, maintenance.body]).toEqual([503, errorBody(3001, 'Exchange is currently undergoing maintenance')]);
    const missing = await request(app).get(signedUrl({ method: 'GET', path: '/orders', query: { market: 'btcusd' }, nonce: NOW + 1 }));
    expect([missing.status, missing.body]).toEqual([404, errorBody(2004, 'Order with id 42 does not exist')]);
  });

  it('a handler may return a declared error typed, and it goes out as returned', async () => {
    const { app } = make({
      getOrder: () => ({ status: 404, body: { error: { code: 2004, message: 'Order with id 7 does not exist' } } }),
      // 2002 belongs with 400: a declared status with a body the contract allows
      createOrder: () => ({ status: 400, body: { error: { code: 2002, message: 'Failed to create order: insufficient balance' } } }),
    });
    const missing = await request(app).get(signedUrl({ method: 'GET', path: '/order', query: { id: 7 } }));
    expect([missing.status, missing.body]).toEqual([404, errorBody(2004, 'Order with id 7 does not exist')]);
    const refused = await request(app).post(signedUrl({ method: 'POST', path: '/orders', body: createOrderBody, nonce: NOW + 1 })).send(createOrderBody);
    expect([refused.status, refused.body]).toEqual([400, errorBody(2002, 'Failed to create order: insufficient balance')]);
  });

  it('500 1005 for an unexpected exception: no stack, no secret; the cause is logged without the query', async () => {
    const { app, logs } = make({
      getBalances: () => {
        throw new Error('database password is hunter2');
      },
    });
    const res = await request(app).get(signedUrl({ method: 'GET', path: '/balances' }));
    expect(res.status).toBe(500);
    expect(res.body).toEqual(errorBody(1005, 'Internal server error'));
    expect(res.text).not.toMatch(/hunter2|at |\.ts/);
    expect(logs.join('\n')).toContain('hunter2');
    expect(logs.join('\n')).not.toMatch(/signature=|demo-trader-secret/);
  });

  it('500 1005 when a handler answers a body the contract does not allow (response validation)', async () => {
    const { app, logs } = make({ getTicker: () => ({ status: 200, body: { market: 'btcusd' } as never }) });
    const res = await request(app).get('/api/v1/tickers/btcusd');
    expect(res.status).toBe(500);
    expect(res.body).toEqual(errorBody(1005, 'Internal server error'));
    expect(logs.join('\n')).toMatch(/response failed validation.*required property/);
  });

  it('501 1005 for an operation that is not implemented', async () => {
    const { app } = testServer({ handlers: { exchange: notImplementedHandlers(exchangeOperations) } });
    const res = await request(app).get('/api/v1/timestamp');
    expect(res.status).toBe(501);
    expect(res.body).toEqual(errorBody(1005, 'Operation getTimestamp is not implemented by this server'));
  });

  it('answers every error as JSON, never HTML', async () => {
    const { app } = make();
    for (const res of [await request(app).get('/api/v1/%E0%A4%A'), await request(app).get('/api/v1/tickers/%E0%A4%A'), await request(app).options('/api/v1/nope')]) {
      expect(res.status).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.text).not.toMatch(/<html|<pre/i);
    }
  });
});
