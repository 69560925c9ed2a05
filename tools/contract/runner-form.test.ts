// The runner drives the form-encoded media type of an operation that declares one (positive and
// negative cases, Rack-style bodies), and says what it is doing while a rate limit holds it up.
// Real servers on 127.0.0.1 with their own small document.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from './document.ts';
import { coerceForm, decodeForm } from './form.ts';
import { runContract, type RunOptions } from './runner.ts';
import { SchemaKit } from './schemas.ts';

const error = { type: 'object', properties: { title: { type: 'string' }, code: { type: 'string' }, details: { type: 'string' } }, required: ['title', 'code', 'details'] };
const batch = {
  type: 'object',
  properties: {
    name: { type: 'string', pattern: '^[a-z]+$' },
    count: { type: 'integer', minimum: 0, maximum: 100 },
    items: {
      type: 'array', minItems: 1, maxItems: 3,
      items: { type: 'object', properties: { side: { type: 'string', enum: ['buy', 'sell'] }, price: { type: 'string', pattern: '^\\d{1,3}\\.\\d{2}$' } }, required: ['side', 'price'], additionalProperties: false },
    },
  },
  required: ['name', 'items'],
  additionalProperties: false,
};
const json = (schema: object) => ({ content: { 'application/json': { schema } } });
const doc = {
  openapi: '3.1.0',
  servers: [{ url: '/t/v1' }],
  paths: {
    '/batches': {
      post: {
        operationId: 'createBatch',
        security: [{ BearerAuth: [] }],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: batch, example: { name: 'abc', items: [{ side: 'buy', price: '1.00' }, { side: 'sell', price: '2.00' }] } },
            'application/x-www-form-urlencoded': { schema: batch },
          },
        },
        responses: {
          '201': { description: 'ok', ...json({ type: 'object', properties: { items: { type: 'integer' } }, required: ['items'] }) },
          '400': { description: 'bad body', ...json(error) },
          '401': { description: 'auth', ...json(error) },
          '422': { description: 'invalid', ...json(error) },
          '429': { description: 'rate limited', ...json(error) },
        },
      },
    },
  },
  components: { schemas: {}, securitySchemes: { BearerAuth: { type: 'http', scheme: 'bearer' } } },
} as unknown as OpenApiDocument;

type FormParsing = 'rack' | 'qs' | 'none';
interface Seen { contentType: string; body: string }

/** A server that follows the document; `forms` says how it reads form bodies (rack: right; qs: merges repeated keys; none: 415). */
function app(forms: FormParsing, seen: Seen[], rateLimitFirst = 0) {
  const kit = new SchemaKit(doc, 'form-runner');
  let limited = rateLimitFirst;
  const a = express();
  const fail = (res: express.Response, status: number, code: string) => res.status(status).json({ title: 'x', code, details: 'y' });
  a.post('/t/v1/batches', express.text({ type: () => true }), (req, res) => {
    const contentType = String(req.headers['content-type'] ?? '');
    const text = typeof req.body === 'string' ? req.body : '';
    seen.push({ contentType, body: text });
    if (limited-- > 0) return void res.status(429).set('Retry-After', '1').json({ title: 'x', code: '1007', details: 'slow down' });
    if (req.headers.authorization !== 'Bearer demo-partner-key') return void fail(res, 401, '1001');
    let body: unknown;
    try {
      if (text === '') body = {}; // as express.json: an empty body is no fields
      else if (contentType.startsWith('application/json')) body = JSON.parse(text);
      else if (contentType.startsWith('application/x-www-form-urlencoded') && forms !== 'none') {
        body = forms === 'rack' ? coerceForm(kit, batch, decodeForm(text), 'strict') : qsLike(text);
      } else return void fail(res, 415, '1010');
    } catch {
      return void fail(res, 400, '1011');
    }
    if (!kit.valid(batch, body)) return void fail(res, 422, '1002');
    res.status(201).json({ items: (body as { items: unknown[] }).items.length });
  });
  return a;
}

/** express.urlencoded({ extended: true })'s reading of `items[][k]`: one element, per-field arrays (a known trap: docs/guides/architecture.md). */
function qsLike(text: string): unknown {
  const out: Record<string, unknown> = {};
  const item: Record<string, string[]> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    const m = /^items\[\]\[(\w+)\]$/.exec(k);
    if (m) (item[m[1]!] ??= []).push(v);
    else out[k] = k === 'count' ? Number(v) : v;
  }
  if (Object.keys(item).length > 0) out.items = [Object.fromEntries(Object.entries(item).map(([k, v]) => [k, v.length === 1 ? v[0] : v]))];
  return out;
}

const servers: { close: () => void }[] = [];
async function listen(forms: FormParsing, rateLimitFirst = 0) {
  const seen: Seen[] = [];
  const server = app(forms, seen, rateLimitFirst).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}
afterAll(() => servers.forEach((s) => s.close()));

const credentials: RunOptions['credentials'] = { exchange: { trade: [] }, merchant: { key: { key: 'k', secret: 's' } }, partner: { bearer: 'demo-partner-key' } };
const run = (baseUrl: string, extra: Partial<RunOptions> = {}) =>
  runContract({ api: 'partner', document: doc, baseUrl, runs: 20, negativeRuns: 10, seed: 3, credentials, shrinkBudget: 10, ...extra });

const FORM = 'application/x-www-form-urlencoded';

describe('the runner and form-encoded bodies', () => {
  it('sends valid and invalid Rack-style form bodies, and passes a server that reads them as Rack does', async () => {
    const { url, seen } = await listen('rack');
    const labels: string[] = [];
    const report = await run(url, { onCase: (_op, c, res) => void (c.input.encoding === 'form' && labels.push(`${c.kind} ${res.status} ${c.label}`)) });
    expect(report.operations[0]!.failures).toEqual([]);
    expect(labels).toContain('example 201 form: documented example');
    expect(labels.filter((l) => /^valid 201 form: generated #\d+$/.test(l))).toHaveLength(5); // a quarter of the 20
    expect(labels).toEqual(expect.arrayContaining([
      'negative 422 form: body: empty (required)',
      'negative 422 form: body.items[0].price: missing',
      'negative 422 form: body.items[0].side: enum -> "BUY"',
      'negative 422 form: body.count: type -> "not-a-number"',
      'negative 400 form: body: not a form (Rack: an array and an object under one key)',
    ]));
    // A number or boolean in a form is its text, so a wrong-type string that is a number's text is no negative.
    expect(labels.filter((l) => l.startsWith('negative') && / -> "?1"?$/.test(l))).toEqual([]);
    const forms = seen.filter((s) => s.contentType === FORM);
    // The documented example, as a Peatio-style client writes it.
    expect(forms.map((s) => s.body)).toContain('name=abc&items[][side]=buy&items[][price]=1.00&items[][side]=sell&items[][price]=2.00');
    expect(forms.length).toBeGreaterThanOrEqual(1 + 5 + 8);
    // Positive and negative: the server answered both 201 and 422/400 to form bodies.
    const decoded = forms.map((s) => { try { return decodeForm(s.body); } catch { return 'malformed'; } });
    expect(decoded).toContain('malformed');
    expect(forms.some((s) => s.body === '')).toBe(true);
    expect(decoded.some((d) => typeof d === 'object' && (d as { items?: unknown[] }).items?.length === 2)).toBe(true);
  });

  it('reports a server that merges repeated keys into per-field arrays, and one that refuses forms', async () => {
    for (const forms of ['qs', 'none'] as const) {
      const { url } = await listen(forms);
      const report = await run(url);
      const failure = report.operations[0]!.failures.find((f) => f.check === (forms === 'qs' ? 'positive_data_acceptance' : 'status_code_conformance'));
      expect(failure, forms).toBeDefined();
      expect(failure!.request.encoding).toBe('form');
      if (forms === 'qs') expect((failure!.request.body as { items: unknown[] }).items.length).toBeGreaterThan(1);
    }
  });

  it('prints a progress line while it waits on Retry-After instead of going silent', async () => {
    const { url, seen } = await listen('rack', 1);
    const lines: string[] = [];
    const report = await run(url, { runs: 2, negativeRuns: 1, rateLimitBudgetMs: 5000, log: (l) => lines.push(l), operations: ['createBatch'] });
    expect(report.rateLimitWaitMs).toBe(1000);
    expect(lines[0]).toMatch(/^rate limited by partner: waiting 1 s \(Retry-After\) — 0\/\d+ requests done \(planned so far; operation 1\/1, createBatch\)$/);
    expect(seen[0]!.body).toBe(seen[1]!.body); // the same request again after the wait
    expect(report.operations[0]!.failures).toEqual([]);
  });
});
