// Exchange auth through real HTTP (X1, X2): the four signature test vectors (contracts/exchange/signing.ts), replay, stale
// and future nonces, a nonce burnt by a bad signature staying usable, the check order, scopes.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sign, signaturePayload, SIGNATURE_TEST_VECTORS } from '../contracts/exchange/signing.ts';
import { manualClock, testServer } from '../server/testing.ts';
import { NOW, createOrderBody, exampleHandlers, signedUrl } from './server-helpers.ts';

function server(clock = manualClock(NOW)) {
  const { app, logs } = testServer({ now: clock, handlers: exampleHandlers, config: { rateLimit: { enabled: false } } });
  return { app, logs, clock };
}

/** The URL of a vector exactly as the test vectors give it: its query plus its published signature. */
function vectorRequest(app: ReturnType<typeof server>['app'], v: (typeof SIGNATURE_TEST_VECTORS)[number]) {
  const qs = new URLSearchParams(Object.entries({ ...v.input.query, signature: v.signature }).map(([k, val]) => [k, String(val)]));
  const url = `${v.input.path}?${qs.toString()}`;
  if (v.input.method === 'GET') return request(app).get(url);
  // A vector with body text (JSON numbers) is sent as that text, byte for byte.
  return v.json === undefined ? request(app).post(url).send(v.input.body as object) : request(app).post(url).set('content-type', 'application/json').send(v.json);
}

describe('exchange signatures (X1) through HTTP', () => {
  it.each(SIGNATURE_TEST_VECTORS.map((v) => [v.payload, v] as const))('accepts the test vector %s', async (_payload, v) => {
    const { app } = server(); // nonce 1700000000000 is "now"; a fresh server per vector (vectors share nonces)
    const res = await vectorRequest(app, v);
    // The JSON-number vectors delete an order the trader does not have: past auth, the handler's 404.
    if (v.json === undefined) expect(res.status, JSON.stringify(res.body)).toBe(200);
    else expect([res.status, res.body.error?.code]).toEqual([404, 2004]);
  });

  it('refuses a vector whose signature is off by one character (2005)', async () => {
    const { app } = server();
    const v = SIGNATURE_TEST_VECTORS[0]!;
    const res = await vectorRequest(app, { ...v, signature: v.signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: 2005, message: expect.stringContaining('signature is incorrect') } });
  });

  it('signs POST body fields: a changed body field after signing is 2005', async () => {
    const { app } = server();
    const url = signedUrl({ method: 'POST', path: '/orders', body: { ...createOrderBody } });
    const res = await request(app).post(url).send({ ...createOrderBody, volume: '9' });
    expect(res.body.error.code).toBe(2005);
  });
});

describe('nonces (X2) through HTTP', () => {
  it('refuses a body X1 cannot sign (too deep, a payload over the cap) with 400 1001 naming the field, never a 500', async () => {
    const { app, logs } = server();
    const url = `/api/v1/orders/clear?access_key=demo-viewer&nonce=${NOW}&signature=${'0'.repeat(64)}`;
    const deep = await request(app).post(url).set('content-type', 'application/json').send(`{"x":${'['.repeat(2000)}${']'.repeat(2000)}}`);
    expect(deep.status).toBe(400);
    expect(deep.body).toEqual({ error: { code: 1001, message: expect.stringMatching(/^x\[\]: X1 signs scalars/) } });
    const bomb = await request(app).post(url).send({ ['k'.repeat(20_000)]: Array(20_000).fill(1) });
    expect([bomb.status, bomb.body.error.code]).toEqual([400, 1001]);
    expect(bomb.body.error.message).toMatch(/exceed 1048576 characters/);
    expect(logs.join('\n')).not.toMatch(/RangeError|Maximum call stack/);
  });

  it('signs JSON numbers as their shortest round-trip text (X1): {"id":5.0} signed as id=5 verifies', async () => {
    const { app } = server();
    const sig = (id: string) => sign(`POST|/api/v1/order/delete|access_key=demo-trader&id=${id}&nonce=${NOW}`, 'demo-trader-secret');
    const url = (id: string) => `/api/v1/order/delete?access_key=demo-trader&nonce=${NOW}&signature=${sig(id)}`;
    const asSent = await request(app).post(url('5.0')).set('content-type', 'application/json').send('{"id":5.0}');
    expect([asSent.status, asSent.body.error?.code]).toEqual([401, 2005]);
    const shortest = await request(app).post(url('5')).set('content-type', 'application/json').send('{"id":5.0}');
    // Signature and nonce pass; order 5 does not exist for this trader.
    expect([shortest.status, shortest.body.error?.code]).toEqual([404, 2004]);
  });

  it('refuses an integer beyond 2^53 in a signed body with 400 1001 naming it, not 2005', async () => {
    const { app } = server();
    const url = `/api/v1/order/delete?access_key=demo-trader&nonce=${NOW}&signature=${'0'.repeat(64)}`;
    const res = await request(app).post(url).set('content-type', 'application/json').send('{"id":9007199254740993}');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 1001, message: expect.stringMatching(/^id: a number of magnitude 2\^53 or more cannot be signed/) } });
  });

  it('refuses a replayed nonce (2006), and the same nonce is fine for another key', async () => {
    const { app } = server();
    const url = signedUrl({ method: 'GET', path: '/balances' });
    expect((await request(app).get(url)).status).toBe(200);
    const again = await request(app).get(url);
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe(2006);
    expect((await request(app).get(signedUrl({ method: 'GET', path: '/balances', accessKey: 'demo-trader-2' }))).status).toBe(200);
  });

  it('claims a nonce by its number: the same number zero-padded is a reuse (2006)', async () => {
    const { app } = server();
    expect((await request(app).get(signedUrl({ method: 'GET', path: '/balances' }))).status).toBe(200);
    for (const padded of [`0${NOW}`, `00${NOW}`]) {
      const again = await request(app).get(signedUrl({ method: 'GET', path: '/balances', nonce: padded }));
      expect([again.status, again.body.error?.code]).toEqual([401, 2006]);
    }
    // A padded first use takes the number for good.
    expect((await request(app).get(signedUrl({ method: 'GET', path: '/balances', nonce: `0${NOW + 1}` }))).status).toBe(200);
    expect((await request(app).get(signedUrl({ method: 'GET', path: '/balances', nonce: NOW + 1 }))).body.error?.code).toBe(2006);
  });

  it('refuses the right signature with anything after it or cut short (2005)', async () => {
    const { app } = server();
    const url = signedUrl({ method: 'GET', path: '/balances' });
    const good = new URL(url, 'http://x').searchParams.get('signature')!;
    for (const bad of [`${good}0`, `${good}${good}`, good.slice(0, -1)]) {
      const res = await request(app).get(url.replace(`signature=${good}`, `signature=${bad}`));
      expect([res.status, res.body.error?.code]).toEqual([401, 2005]);
    }
    expect((await request(app).get(url)).status).toBe(200);
  });

  it('refuses a nonce 31 s in the past or the future (2007), naming the server time; 30 s is fine', async () => {
    const { app } = server();
    for (const offset of [-31_000, 31_000]) {
      const res = await request(app).get(signedUrl({ method: 'GET', path: '/balances', nonce: NOW + offset }));
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(2007);
      expect(res.body.error.message).toContain(String(NOW));
    }
    for (const offset of [-30_000, 30_000]) {
      expect((await request(app).get(signedUrl({ method: 'GET', path: '/balances', nonce: NOW + offset }))).status).toBe(200);
    }
  });

  it('keeps a nonce usable after a bad signature tried it (nobody can burn nonces)', async () => {
    const { app } = server();
    const bad = await request(app).get(signedUrl({ method: 'GET', path: '/balances', signature: 'f'.repeat(64) }));
    expect(bad.body.error.code).toBe(2005);
    expect((await request(app).get(signedUrl({ method: 'GET', path: '/balances' }))).status).toBe(200);
  });

  it('remembers a nonce while it is inside the window, and the window refuses it afterwards', async () => {
    const { app, clock } = server();
    const url = signedUrl({ method: 'GET', path: '/balances' });
    expect((await request(app).get(url)).status).toBe(200);
    clock.advance(30_000);
    expect((await request(app).get(url)).body.error.code).toBe(2006);
    clock.advance(1);
    expect((await request(app).get(url)).body.error.code).toBe(2007);
  });

  it('lets exactly one of two concurrent requests with the same nonce through', async () => {
    const { app } = server();
    const url = signedUrl({ method: 'GET', path: '/balances' });
    const statuses = (await Promise.all([request(app).get(url), request(app).get(url), request(app).get(url)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 401, 401]);
  });
});

describe('check order and scopes (X2)', () => {
  const cases: [string, () => string, number][] = [
    ['no auth parameters', () => '/api/v1/balances', 2001],
    ['unknown key (with a stale nonce and a bad signature)', () => signedUrl({ method: 'GET', path: '/balances', accessKey: 'nobody', nonce: 1, signature: 'x' }), 2008],
    ['stale nonce (with a bad signature)', () => signedUrl({ method: 'GET', path: '/balances', nonce: NOW - 60_000, signature: 'x' }), 2007],
    ['non-numeric nonce', () => '/api/v1/balances?access_key=demo-trader&nonce=abc&signature=x', 2007],
    ['bad signature', () => signedUrl({ method: 'GET', path: '/balances', signature: 'x' }), 2005],
    ['trading without the trade scope', () => signedUrl({ method: 'POST', path: '/orders', accessKey: 'demo-viewer', body: createOrderBody }), 2011],
  ];
  it.each(cases)('%s', async (_name, url, code) => {
    const { app } = server();
    const u = url();
    const res = u.includes('/orders') ? await request(app).post(u).send(createOrderBody) : await request(app).get(u);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe(code);
  });

  it('checks replay before scope: a reused nonce of a viewer on a trading call is 2006', async () => {
    const { app } = server();
    expect((await request(app).get(signedUrl({ method: 'GET', path: '/balances', accessKey: 'demo-viewer' }))).status).toBe(200);
    const res = await request(app).post(signedUrl({ method: 'POST', path: '/orders', accessKey: 'demo-viewer', body: createOrderBody })).send(createOrderBody);
    expect(res.body.error.code).toBe(2006);
  });

  it('lets a viewer read (no scope needed) and hides the auth parameters from validation', async () => {
    const { app } = server();
    const res = await request(app).get(signedUrl({ method: 'GET', path: '/orders', accessKey: 'demo-viewer', query: { market: 'btcusd', limit: 10 } }));
    expect(res.status).toBe(200);
  });

  it('refuses auth parameters on a public operation as unknown parameters (400 1001)', async () => {
    const { app } = server();
    const res = await request(app).get('/api/v1/tickers/btcusd?access_key=demo-trader&nonce=1&signature=x');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^access_key: /);
  });

  it('reads the auth parameters from a form body and hides them from validation and the handler', async () => {
    const seen: unknown[] = [];
    const handlers = { ...exampleHandlers, exchange: { ...exampleHandlers.exchange, createOrder: ({ body }: { body: unknown }) => (seen.push(body), exampleHandlers.exchange.createOrder()) } };
    const { app } = testServer({ now: manualClock(NOW), handlers, config: { rateLimit: { enabled: false } } });
    const order = Object.fromEntries(Object.entries(createOrderBody).map(([k, v]) => [k, String(v)]));
    const fields = { ...order, access_key: 'demo-trader', nonce: String(NOW) };
    const signature = sign(signaturePayload({ method: 'POST', path: '/api/v1/orders', query: {}, body: fields }), 'demo-trader-secret');
    const res = await request(app).post('/api/v1/orders').type('form').send({ ...fields, signature });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(seen).toEqual([order]);
    // The same fields as JSON: never auth parameters (X-form), so nothing authenticates the request.
    const json = await request(app).post('/api/v1/orders').send({ ...fields, nonce: String(NOW + 1), signature });
    expect([json.status, json.body.error?.code]).toEqual([401, 2001]);
  });
});
