import { describe, expect, it } from 'vitest';
import { fakeFetch, json } from './fake-fetch.ts';

describe('fakeFetch', () => {
  it('records requests with readable bodies and answers in order, repeating the last', async () => {
    const f = fakeFetch([json({ a: 1 }), new Response(null, { status: 503 })]);
    const r1 = await f.fetch(new Request('http://h/x', { method: 'POST', body: '{"b":2}' }));
    expect(await r1.json()).toEqual({ a: 1 });
    expect((await f.fetch(new Request('http://h/y'))).status).toBe(503);
    expect((await f.fetch(new Request('http://h/z'))).status).toBe(503);
    expect(f.requests.map((r) => r.url)).toEqual(['http://h/x', 'http://h/y', 'http://h/z']);
    expect(await f.requests[0]!.text()).toBe('{"b":2}');
    expect(f.last().url).toBe('http://h/z');
  });

  it('throws a given error and accepts a function', async () => {
    await expect(fakeFetch([new TypeError('fetch failed')]).fetch(new Request('http://h/'))).rejects.toThrow('fetch failed');
    const f = fakeFetch((req, i) => json({ url: req.url, i }));
    expect(await (await f.fetch(new Request('http://h/q'))).json()).toEqual({ url: 'http://h/q', i: 0 });
    expect(() => fakeFetch().last()).toThrow(/no request/);
  });
});
