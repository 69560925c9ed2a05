import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sign, signaturePayload } from '../contracts/exchange/signing.ts';
import { createExchangeClient } from './exchange.ts';
import { fakeFetch } from './fake-fetch.ts';
import { createMerchantClient } from './merchant.ts';
import { clientTransport, initFrom, rememberedBody, TextBodyRequest, urlInitFetch } from './transport.ts';

describe('TextBodyRequest', () => {
  it('remembers a string body and whether a signal was given', () => {
    const withBody = new TextBodyRequest('http://h/x', { method: 'POST', body: '{"a":1}' });
    expect(rememberedBody(withBody)).toBe('{"a":1}');
    expect(initFrom(withBody, 'b')).not.toHaveProperty('signal');
    const signal = new AbortController().signal;
    const withSignal = new TextBodyRequest('http://h/x', { signal });
    expect(rememberedBody(withSignal)).toBeUndefined();
    expect(initFrom(withSignal, undefined).signal).toBe(withSignal.signal);
  });

  it('forwards the signal of a Request built elsewhere (it may be the caller\'s)', () => {
    const plain = new Request('http://h/x');
    expect(initFrom(plain, undefined).signal).toBe(plain.signal);
    expect(rememberedBody(plain)).toBeUndefined();
  });
});

describe('urlInitFetch', () => {
  it('calls fetch with url + init, the remembered body and the headers', async () => {
    const calls: { input: unknown; init: RequestInit | undefined }[] = [];
    const f = urlInitFetch(async (input, init) => (calls.push({ input, init }), new Response('ok')));
    await f(new TextBodyRequest('http://h/x?q=1', { method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } }));
    expect(calls[0]!.input).toBe('http://h/x?q=1');
    expect(calls[0]!.init).toEqual({ method: 'POST', body: '{"a":1}', headers: expect.any(Headers) });
    expect(new Headers(calls[0]!.init!.headers).get('content-type')).toBe('application/json');
  });

  it('reads the body of a Request built elsewhere, and sends none for a GET', async () => {
    const bodies: unknown[] = [];
    const f = urlInitFetch(async (_input, init) => (bodies.push(init?.body), new Response('ok')));
    await f(new Request('http://h/x', { method: 'POST', body: 'abc' }));
    await f(new Request('http://h/x'));
    expect(new TextDecoder().decode(bodies[0] as ArrayBuffer)).toBe('abc');
    expect(bodies[1]).toBeUndefined();
  });

  it('clientTransport without a step uses a given fetch as is', () => {
    const given = async () => new Response('x');
    expect(clientTransport(given)).toBe(given);
    expect(clientTransport(undefined)).not.toBe(given);
  });

  it('a caller\'s signal still aborts a request through the default transport', async () => {
    const server = createServer(() => {}); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const m = createMerchantClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'k', apiSecret: 's' });
      const controller = new AbortController();
      const pending = m.GET('/currencies', { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

/** A local server that records the URL and body of every request and answers `[]`. */
async function recordingServer() {
  const seen: { method: string; url: string; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, body });
      res.setHeader('Content-Type', 'application/json').end('[]');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { seen, origin, close };
}

/** The X1 signature of a sent URL (path + query without the signature) and body, with the demo secret. */
function expectedSignature(method: string, sentUrl: string, body: string) {
  const url = new URL(sentUrl, 'http://x');
  const query = Object.fromEntries(url.searchParams);
  delete query.signature;
  return sign(signaturePayload({ method, path: url.pathname, query, body: body ? JSON.parse(body) : undefined }), 'secret');
}

describe('the exchange client: one signing step, in the transport, after every middleware', () => {
  it('signs with the default fetch: the server gets url + body, signed over both', async () => {
    const { seen, origin, close } = await recordingServer();
    try {
      const ex = createExchangeClient({ baseUrl: origin, accessKey: 'key', secretKey: 'secret', now: () => 1_700_000_000_000 });
      await ex.POST('/orders', { body: { market: 'btcusd', side: 'buy', volume: '1', ord_type: 'market' } });
      await ex.GET('/tickers/{market}', { params: { path: { market: 'btcusd' } } });
      expect(seen.map((r) => r.url.replace(/signature=[0-9a-f]{64}/, 'signature=S'))).toEqual([
        '/api/v1/orders?access_key=key&nonce=1700000000000&signature=S',
        '/api/v1/tickers/btcusd',
      ]);
      expect(seen[0]!.url).toContain(`signature=${expectedSignature('POST', seen[0]!.url, seen[0]!.body)}`);
      expect(seen[0]!.body).toBe('{"market":"btcusd","side":"buy","volume":"1","ord_type":"market"}');
    } finally {
      await close();
    }
  });

  it('signs what a middleware changed: a query parameter it adds is covered by the signature', async () => {
    const { seen, origin, close } = await recordingServer();
    try {
      const ex = createExchangeClient({ baseUrl: origin, accessKey: 'key', secretKey: 'secret' });
      ex.use({
        onRequest({ request }) {
          const url = new URL(request.url);
          url.searchParams.set('trace', 'abc');
          return new Request(url, request);
        },
      });
      await ex.GET('/orders', { params: { query: { market: 'btcusd' } } });
      const sent = seen[0]!.url;
      expect(sent).toMatch(/^\/api\/v1\/orders\?market=btcusd&trace=abc&access_key=key&nonce=\d+&signature=[0-9a-f]{64}$/);
      expect(sent).toContain(`signature=${expectedSignature('GET', sent, '')}`);
    } finally {
      await close();
    }
  });

  it('hands a given fetch the signed Request, body intact; public operations as built', async () => {
    const f = fakeFetch();
    const ex = createExchangeClient({ baseUrl: 'http://h', accessKey: 'key', secretKey: 'secret', fetch: f.fetch, now: () => 5 });
    await ex.POST('/orders/clear', { body: { market: 'btcusd' } });
    await ex.GET('/markets');
    const [signed, open] = f.requests;
    expect(signed!.url).toBe(`http://h/api/v1/orders/clear?access_key=key&nonce=5&signature=${expectedSignature('POST', signed!.url, '{"market":"btcusd"}')}`);
    expect(await signed!.text()).toBe('{"market":"btcusd"}');
    expect(signed!.headers.get('content-type')).toBe('application/json');
    expect(open!.url).toBe('http://h/api/v1/markets');
  });
});
