// The exchange as Peatio clients call it: the timestamp as `tonce`, POST bodies
// form-encoded with the auth parameters inside, `/orders/multi` in Rack's list form, and POST
// parameters in the URL query with no body. Each request is sent as exact bytes over HTTP on
// 127.0.0.1 to the reference server (validation of requests and responses on), signed with an
// HMAC the test computes itself over the X1 payload it writes out (decisions X1, X-tonce, X-form,
// X-query-body).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, testServer } from '../server/testing.ts';
import { FORM, canonical, formOf, hmac, send, serve, type Served } from './wire-forms-helpers.ts';

const clock = manualClock(1_700_000_000_000);
let server: Served;
let logs: string[] = [];
let t = 0;
/** A fresh nonce within the window (the server clock does not move). */
const tonce = () => String(clock() + ++t);

beforeAll(async () => {
  const built = testServer({ config: { validate: 'all', rateLimit: { enabled: false } }, now: clock });
  logs = built.logs;
  server = await serve(built.app);
});
afterAll(() => server.close());
afterEach(() => expect(logs.splice(0)).toEqual([])); // no 500 went by

const get = (pathAndQuery: string) => send(`${server.url}/api/v1${pathAndQuery}`, 'GET');
const post = (pathAndQuery: string, body?: BodyInit, type = FORM) =>
  send(`${server.url}/api/v1${pathAndQuery}`, 'POST', body, body === undefined ? {} : { 'content-type': type });
const expectError = (reply: { status: number; body: unknown }, status: number, code: number, message: RegExp) => {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect((reply.body as { error: { code: number; message: string } }).error).toEqual({ code, message: expect.stringMatching(message) });
};

describe('tonce, the Peatio name of the nonce (X-tonce)', () => {
  it('signs and verifies a GET with tonce: `tonce=` sorts where tonce sorts', async () => {
    const n = tonce();
    const signature = hmac(`GET|/api/v1/orders|access_key=demo-trader&market=btcusd&tonce=${n}`);
    const reply = await get(`/orders?access_key=demo-trader&market=btcusd&tonce=${n}&signature=${signature}`);
    expect(reply).toEqual({ status: 200, body: [] });
    const balances = await get(`/balances?access_key=demo-trader&tonce=${(n2 => `${n2}&signature=${hmac(`GET|/api/v1/balances|access_key=demo-trader&tonce=${n2}`)}`)(tonce())}`);
    expect(balances.status).toBe(200);
    expect(balances.body).toEqual(expect.arrayContaining([{ currency: 'btc', balance: '1000000.00000000', locked: '0.00000000', available: '1000000.00000000' }]));
  });

  it('signs the name as sent: a signature over `nonce=` does not verify a request that says `tonce=`', async () => {
    const n = tonce();
    const overNonce = hmac(`GET|/api/v1/balances|access_key=demo-trader&nonce=${n}`);
    expectError(await get(`/balances?access_key=demo-trader&tonce=${n}&signature=${overNonce}`), 401, 2005, /^The signature is incorrect/);
  });

  it('one nonce whichever name carried it: tonce=N after nonce=N is a replay (2006)', async () => {
    const n = tonce();
    expect((await get(`/balances?access_key=demo-trader&nonce=${n}&signature=${hmac(`GET|/api/v1/balances|access_key=demo-trader&nonce=${n}`)}`)).status).toBe(200);
    const again = await get(`/balances?access_key=demo-trader&tonce=${n}&signature=${hmac(`GET|/api/v1/balances|access_key=demo-trader&tonce=${n}`)}`);
    expectError(again, 401, 2006, new RegExp(`^The nonce ${n} has already been used`));
  });

  it('both nonce and tonce with one value are one nonce, signed as sent; 2001 for different values and for neither', async () => {
    const n = tonce();
    const both = hmac(`GET|/api/v1/balances|access_key=demo-trader&nonce=${n}&tonce=${n}`);
    expect((await get(`/balances?access_key=demo-trader&nonce=${n}&tonce=${n}&signature=${both}`)).status).toBe(200);
    // One nonce: it is used now, under either name.
    const again = hmac(`GET|/api/v1/balances|access_key=demo-trader&tonce=${n}`);
    expectError(await get(`/balances?access_key=demo-trader&tonce=${n}&signature=${again}`), 401, 2006, /already been used/);
    const m = tonce();
    const differ = hmac(`GET|/api/v1/balances|access_key=demo-trader&nonce=${m}&tonce=${Number(m) + 1}`);
    expectError(await get(`/balances?access_key=demo-trader&nonce=${m}&tonce=${Number(m) + 1}&signature=${differ}`), 401, 2001,
      /^Authorization failed: nonce and tonce given with different values; send one of them/);
    const neither = hmac('GET|/api/v1/balances|access_key=demo-trader');
    expectError(await get(`/balances?access_key=demo-trader&signature=${neither}`), 401, 2001, /^Authorization failed: missing or repeated parameter nonce \(or tonce\)$/);
    expectError(await get(`/balances?access_key=demo-trader&tonce=${n}&tonce=${n}&signature=${neither}`), 401, 2001, /^Authorization failed: missing or repeated parameter tonce$/);
  });
});

describe('form-encoded POST bodies with the auth parameters inside (X-form)', () => {
  it('creates an order from a Peatio form body: access_key, tonce and signature among the fields', async () => {
    const n = tonce();
    const fields = { market: 'btcusd', side: 'buy', volume: '0.01', ord_type: 'limit', price: '100.00', access_key: 'demo-trader', tonce: n };
    const signature = hmac(`POST|/api/v1/orders|${canonical(fields)}`);
    expect(canonical(fields)).toBe(`access_key=demo-trader&market=btcusd&ord_type=limit&price=100.00&side=buy&tonce=${n}&volume=0.01`);
    const body = formOf([...Object.entries(fields), ['signature', signature]]);
    const reply = await post('/orders', body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ side: 'buy', ord_type: 'limit', price: '100.00', volume: '0.01000000', state: 'wait', market: 'btcusd' });
    // The same body again: the nonce is spent.
    expectError(await post('/orders', body), 401, 2006, /has already been used/);
  });

  it('creates two orders from the Rack list form of /orders/multi (brackets percent-encoded, as Faraday sends them)', async () => {
    const n = tonce();
    const wire =
      'market=btcusd' +
      '&orders%5B%5D%5Bside%5D=buy&orders%5B%5D%5Bvolume%5D=0.01&orders%5B%5D%5Bord_type%5D=limit&orders%5B%5D%5Bprice%5D=101.00' +
      '&orders%5B%5D%5Bside%5D=buy&orders%5B%5D%5Bvolume%5D=0.02&orders%5B%5D%5Bord_type%5D=limit&orders%5B%5D%5Bprice%5D=100.50' +
      `&access_key=demo-trader&tonce=${n}`;
    const payload =
      'POST|/api/v1/orders/multi|access_key=demo-trader&market=btcusd' +
      '&orders[][ord_type]=limit&orders[][price]=101.00&orders[][side]=buy&orders[][volume]=0.01' +
      `&orders[][ord_type]=limit&orders[][price]=100.50&orders[][side]=buy&orders[][volume]=0.02&tonce=${n}`;
    const reply = await post('/orders/multi', `${wire}&signature=${hmac(payload)}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.map((o: { price: string; volume: string; side: string }) => [o.side, o.price, o.volume])).toEqual([
      ['buy', '101.00', '0.01000000'],
      ['buy', '100.50', '0.02000000'],
    ]);
  });

  it('validates a form body with the same errors as JSON', async () => {
    const n = tonce();
    const raw = `market=btcusd&orders[][side]=buy&orders[][volume]=0.01&orders[][ord_type]=limit&orders[][price]=1&orders[][side]=up&orders[][volume]=1&orders[][ord_type]=market&access_key=demo-trader&tonce=${n}`;
    const payload = `POST|/api/v1/orders/multi|access_key=demo-trader&market=btcusd&orders[][ord_type]=limit&orders[][price]=1&orders[][side]=buy&orders[][volume]=0.01&orders[][ord_type]=market&orders[][side]=up&orders[][volume]=1&tonce=${n}`;
    expectError(await post('/orders/multi', `${raw}&signature=${hmac(payload)}`), 400, 1001, /^orders\[1\]\.side: must be equal to one of the allowed values: sell, buy$/);
  });

  it('coerces `id` of /order/delete from its canonical text only', async () => {
    const n = tonce();
    const fields = { id: '1.0', access_key: 'demo-trader', tonce: n };
    const reply = await post('/order/delete', formOf([...Object.entries(fields), ['signature', hmac(`POST|/api/v1/order/delete|${canonical(fields)}`)]]));
    expectError(reply, 400, 1001, /^id: must be integer$/);
  });

  it('2001 for an auth parameter both in the query and in the body', async () => {
    const n = tonce();
    const fields = { market: 'btcusd', access_key: 'demo-trader', tonce: n };
    const signature = hmac(`POST|/api/v1/orders/clear|${canonical(fields)}`);
    expectError(await post(`/orders/clear?access_key=demo-trader`, formOf([...Object.entries(fields), ['signature', signature]])), 401, 2001,
      /^Authorization failed: access_key given both in the query and in the body; send each once$/);
  });

  it('400 1001 for a malformed form body, before auth', async () => {
    expectError(await post('/orders', 'market=btc%ZZusd&side=buy'), 400, 1001, /^body: the value of market "btc%ZZusd" is not valid percent-encoded UTF-8$/);
    expectError(await post('/orders', 'orders[][side]=buy&orders[side]=sell'), 400, 1001, /mixes a value, a list and a group/);
    expectError(await post('/orders', new Uint8Array([0x61, 0x3d, 0xff]), `${FORM}; charset=utf-8`), 400, 1001, /^body: not valid UTF-8$/);
    expectError(await post('/orders', 'market=btcusd', 'text/plain'), 415, 1010, /send application\/json or application\/x-www-form-urlencoded/);
  });
});

describe('POST parameters in the URL query, no body (X-query-body)', () => {
  it('creates an order from a POST whose every parameter is in the query', async () => {
    const n = tonce();
    const fields = { access_key: 'demo-trader', market: 'btcusd', nonce: n, ord_type: 'limit', price: '100.00', side: 'buy', volume: '0.01' };
    const url = `/orders?${canonical(fields)}&signature=${hmac(`POST|/api/v1/orders|${canonical(fields)}`)}`;
    const reply = await post(url);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ market: 'btcusd', side: 'buy', price: '100.00', volume: '0.01000000', state: 'wait' });

    // ... and cancels it the same way: `id` from the query, an integer by its canonical text.
    const m = tonce();
    const cancel = { access_key: 'demo-trader', id: String(reply.body.id), tonce: m };
    const cancelled = await post(`/order/delete?${canonical(cancel)}&signature=${hmac(`POST|/api/v1/order/delete|${canonical(cancel)}`)}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ id: reply.body.id, state: 'wait' });
  });

  it('takes the Rack list form from the query too', async () => {
    const n = tonce();
    const query = `access_key=demo-trader&market=ethbtc&orders[][side]=sell&orders[][volume]=1&orders[][ord_type]=limit&orders[][price]=0.05&orders[][side]=sell&orders[][volume]=2&orders[][ord_type]=limit&orders[][price]=0.06&tonce=${n}`;
    const payload = `POST|/api/v1/orders/multi|access_key=demo-trader&market=ethbtc&orders[][ord_type]=limit&orders[][price]=0.05&orders[][side]=sell&orders[][volume]=1&orders[][ord_type]=limit&orders[][price]=0.06&orders[][side]=sell&orders[][volume]=2&tonce=${n}`;
    const reply = await post(`/orders/multi?${query}&signature=${hmac(payload)}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.map((o: { price: string }) => o.price)).toEqual(['0.05000000', '0.06000000']);
  });

  it('400 1001 naming a field given both in the query and in the body (JSON or form)', async () => {
    const n = tonce();
    const json = JSON.stringify({ market: 'btcusd', side: 'buy', ord_type: 'limit', volume: '0.01', price: '100.00' });
    expectError(await post(`/orders?market=btcusd&access_key=demo-trader&nonce=${n}&signature=x`, json, 'application/json'), 400, 1001,
      /^market: is given both in the URL query and in the body; send it once$/);
    expectError(await post(`/orders/clear?side=buy&access_key=demo-trader&nonce=${n}&signature=x`, 'side=sell'), 400, 1001, /^side: is given both in the URL query and in the body/);
  });

  it('still refuses a query parameter that is no body field', async () => {
    const n = tonce();
    const fields = { access_key: 'demo-trader', colour: 'red', nonce: n };
    expectError(await post(`/orders/clear?${canonical(fields)}&signature=${hmac(`POST|/api/v1/orders/clear|${canonical(fields)}`)}`), 400, 1001, /^colour: is not a parameter of this operation$/);
  });
});
