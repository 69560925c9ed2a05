import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createMerchantClient } from './merchant.ts';
import { clientFetch, initFrom, rememberedBody, TextBodyRequest, urlInitFetch } from './transport.ts';

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
    expect(calls[0]!.init).toMatchObject({ method: 'POST', body: '{"a":1}', redirect: 'follow' });
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

  it('clientFetch uses a given fetch as is', () => {
    const given = async () => new Response('x');
    expect(clientFetch(given)).toBe(given);
    expect(clientFetch(undefined)).not.toBe(given);
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
