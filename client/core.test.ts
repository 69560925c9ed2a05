import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import type { paths } from '../generated/types/exchange.ts';
import { enhanceClient } from './core.ts';
import { apiOf, ExchangeApiError, unwrap } from './errors.ts';
import { fakeFetch, json } from './fake-fetch.ts';
import { resolveRetry } from './retry.ts';

const base = (answers: Parameters<typeof fakeFetch>[0]) => {
  const f = fakeFetch(answers);
  return { f, client: createClient<paths>({ baseUrl: 'http://h/api/v1', fetch: f.fetch }) };
};

describe('enhanceClient', () => {
  it('tags every error response with its API, through each method and `request`', async () => {
    const { client } = base([json({ error: { code: 3001, message: 'm' } }, 503)]);
    const c = enhanceClient(client, { api: 'exchange' });
    const viaGet = await c.GET('/timestamp');
    const viaRequest = await c.request('get', '/markets');
    expect(apiOf(viaGet.response)).toBe('exchange');
    expect(apiOf(viaRequest.response)).toBe('exchange');
    await expect(unwrap(c.GET('/currencies'))).rejects.toBeInstanceOf(ExchangeApiError);
  });

  it('retries the whole call, running middleware again on each attempt', async () => {
    const { f, client } = base([json({}, 503), json(1)]);
    let ran = 0;
    client.use({ onRequest: () => void ran++ });
    const c = enhanceClient(client, { api: 'exchange', retry: resolveRetry({ sleep: async () => {} }) });
    expect((await c.GET('/timestamp')).data).toBe(1);
    expect(ran).toBe(2);
    expect(f.requests).toHaveLength(2);
  });

  it('keeps use and eject', async () => {
    const { f, client } = base([json(1)]);
    const c = enhanceClient(client, { api: 'exchange' });
    const mw = { onRequest: ({ request }: { request: Request }) => new Request(request.url, { headers: { 'X-Mark': '1' } }) };
    c.use(mw);
    await c.GET('/timestamp');
    c.eject(mw);
    await c.GET('/timestamp');
    expect(f.requests.map((r) => r.headers.get('x-mark'))).toEqual(['1', null]);
  });
});
