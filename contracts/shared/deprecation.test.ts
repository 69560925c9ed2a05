// Deprecation end to end on a small contract: the document (deprecated + x-sunset on operation,
// parameter and property; the two headers declared), the generated types (@deprecated), the
// server's Deprecation/Sunset headers, and the client's one warning per process and operation.
import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMerchantClient } from '../../client/merchant.ts';
import { renderTypes } from '../../scripts/pipeline/types.ts';
import type { ApiModule } from '../../server/api/module.ts';
import { serverRouter } from '../../server/http/api-router.ts';
import { loadApiValidator } from '../../server/validation/document-validator.ts';
import { buildDocument, type ApiContract } from './contract.ts';
import { deprecatedParameter, deprecatedProperty, deprecationHeaders } from './deprecation.ts';
import { defineOperations } from './operation.ts';
import { z } from './zod.ts';

const gone = { since: '2026-12-01', sunset: '2027-06-01' };
const Widget = z.object({ id: z.string(), old_name: deprecatedProperty(z.string().optional(), '2027-03-01') }).openapi('Widget');
const operations = defineOperations({
  getWidget: {
    method: 'get',
    path: '/widgets/{id}',
    summary: 'A widget',
    description: 'Old.',
    tags: ['Widgets'],
    security: [],
    deprecated: gone,
    request: { params: z.object({ id: z.string() }), query: z.object({ legacy: deprecatedParameter(z.string().optional(), '2027-02-01') }) },
    responses: { 200: { description: 'The widget', schema: Widget } },
  },
});
const contract: ApiContract = { id: 'partner', title: 'Widgets', version: '1.0.0', description: 'x', basePath: '/w', tags: [{ name: 'Widgets', description: 'w' }], securitySchemes: {}, operations, decisions: [] };
const doc = buildDocument(contract) as { paths: Record<string, Record<string, Record<string, unknown>>>; components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
const op = doc.paths['/widgets/{id}']!.get!;

describe('deprecation', () => {
  it('marks operation, parameter and property in the document, with x-sunset, and declares the headers', () => {
    expect(op.deprecated).toBe(true);
    expect(op['x-sunset']).toBe('2027-06-01');
    expect((op.parameters as Record<string, unknown>[]).find((p) => p.name === 'legacy')).toMatchObject({ in: 'query', deprecated: true, 'x-sunset': '2027-02-01' });
    expect(doc.components.schemas.Widget!.properties.old_name).toEqual({ type: 'string', deprecated: true, 'x-sunset': '2027-03-01' });
    expect((op.responses as Record<string, { headers: Record<string, unknown> }>)['200']!.headers).toEqual({
      Deprecation: { description: 'RFC 9745: deprecated since 2026-12-01 (`@<unix seconds>`)', schema: { type: 'string' } },
      Sunset: { description: 'RFC 8594: may be removed after 2027-06-01 (an HTTP-date)', schema: { type: 'string' } },
    });
  });

  it('types mark the operation and the property @deprecated', async () => {
    const types = await renderTypes(doc);
    expect(types).toMatch(/\/\*\*[^/]*@deprecated[^/]*\*\/\s*get: operations\["getWidget"\]/);
    expect(types).toMatch(/@deprecated\s*\*\/\s*old_name\?: string;/);
  });

  it('the server answers the operation with Deprecation (@unix seconds) and Sunset (HTTP-date)', async () => {
    expect(deprecationHeaders(gone)).toEqual({ Deprecation: '@1796083200', Sunset: 'Tue, 01 Jun 2027 00:00:00 GMT' });
    const api = { id: 'partner', basePath: '/w', operations, render: () => ({ status: 500, body: {} }), clientKey: () => 'k' } as unknown as ApiModule;
    const app = express().use('/w', serverRouter({ api, auth: () => undefined, bodyLimit: '1kb', log: () => undefined, validator: loadApiValidator(doc, { requests: true, responses: true }) }, { getWidget: async () => ({ status: 200, body: { id: 'a' } }) }));
    const res = await request(app).get('/w/widgets/a');
    expect(res.status).toBe(200);
    expect(res.headers.deprecation).toBe('@1796083200');
    expect(res.headers.sunset).toBe('Tue, 01 Jun 2027 00:00:00 GMT');
  });

  describe('the client', () => {
    afterEach(() => vi.restoreAllMocks());
    it('warns once per process and operation when an answer says Deprecation', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const answer = () => new Response(JSON.stringify({ currencies: [] }), { headers: { 'content-type': 'application/json', ...deprecationHeaders(gone) } });
      const client = createMerchantClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', apiSecret: 's', fetch: async () => answer() });
      for (let i = 0; i < 3; i++) expect((await client.GET('/currencies')).response.status).toBe(200);
      expect(warn.mock.calls).toEqual([['[cryptopay merchant] GET /currencies is deprecated (Deprecation: @1796083200); it may be removed after Tue, 01 Jun 2027 00:00:00 GMT. See the API\'s changelog.']]);
      const quiet = createMerchantClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', apiSecret: 's', fetch: async () => new Response('{"payouts":[]}', { headers: { 'content-type': 'application/json' } }) });
      await quiet.GET('/payouts');
      expect(warn).toHaveBeenCalledTimes(1);
    });
  });
});
