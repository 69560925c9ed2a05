// The form cases planned over the real documents, as they will be once every JSON requestBody also
// declares application/x-www-form-urlencoded with the same schema (added here to a copy).
import { describe, expect, it } from 'vitest';
import { NonceClock, authorize } from './auth.ts';
import { SANDBOX_CREDENTIALS } from './credentials.ts';
import { API_IDS, loadDocument, operationsOf, type ApiId, type OpenApiDocument } from './document.ts';
import { decodeForm } from './form.ts';
import { planCases } from './plan.ts';
import { requestProblems } from './requests.ts';
import { SchemaKit } from './schemas.ts';
import { toWire } from './wire.ts';

/** The document with a form media type beside every JSON request body. */
function withForms(api: ApiId): OpenApiDocument {
  const doc = structuredClone(loadDocument(api));
  for (const item of Object.values(doc.paths)) {
    for (const op of Object.values(item) as { requestBody?: { content?: Record<string, { schema?: unknown }> } }[]) {
      const content = op?.requestBody?.content;
      if (content?.['application/json'] && !content['application/x-www-form-urlencoded']) {
        content['application/x-www-form-urlencoded'] = { schema: content['application/json'].schema };
      }
    }
  }
  return doc;
}

describe('form cases over the real documents', () => {
  it.each(API_IDS)('%s: every operation with a body gets valid and negative form cases that keep their nature', (api) => {
    const doc = withForms(api);
    const kit = new SchemaKit(doc, `${api}-forms`);
    const withBody = operationsOf(api, doc).filter((op) => op.body);
    expect(withBody.length).toBeGreaterThan(0);
    for (const op of withBody) {
      expect(op.body!.form, op.operationId).toBe(true);
      const plan = planCases({ op, kit, credentials: SANDBOX_CREDENTIALS, runs: 12, negativeRuns: 6, seed: 11, pool: [] });
      const forms = plan.cases.filter((c) => c.input.encoding === 'form');
      const positives = forms.filter((c) => c.kind !== 'negative');
      const negatives = forms.filter((c) => c.kind === 'negative');
      expect(positives.length, `${op.operationId}: ${plan.notes.join('; ')}`).toBeGreaterThan(0);
      expect(negatives.length, op.operationId).toBeGreaterThan(1);
      // Rack-style twins read back valid; the one in OpenAPI's default encoding is valid as its JSON twin was.
      for (const c of positives.filter((x) => !x.label.includes("OpenAPI's default"))) expect(requestProblems(op, kit, c.input), `${op.operationId} ${c.label}`).toBe('');
      for (const c of negatives) expect(requestProblems(op, kit, c.input, 'loose'), `${op.operationId} ${c.label}`).not.toBe('');
      // On the wire: the form media type, a Rack-style body, signed (exchange) over what the server parses.
      const wire = toWire(op, '/x', positives[0]!.input);
      authorize(api, op, wire, 'valid', 0, SANDBOX_CREDENTIALS, new NonceClock());
      expect(wire.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(wire.body).toEqual(decodeForm(wire.bodyText!));
    }
  });

  it("sends one twin in OpenAPI's default encoding where the document declares none for an object field, none once it declares deepObject", () => {
    const doc = withForms('merchant');
    const form = (doc.paths['/invoice_recipients']!.post as { requestBody: { content: Record<string, { encoding?: object }> } }).requestBody.content['application/x-www-form-urlencoded']!;
    delete form.encoding; // as the documents were before they declared their form encodings
    const twins = (d: OpenApiDocument) => {
      const op = operationsOf('merchant', d).find((o) => o.operationId === 'createInvoiceRecipient')!;
      const plan = planCases({ op, kit: new SchemaKit(d, 'merchant-forms-default'), credentials: SANDBOX_CREDENTIALS, runs: 4, negativeRuns: 2, seed: 1, pool: [] });
      return plan.cases.filter((c) => c.label.includes("OpenAPI's default"));
    };
    const [twin] = twins(doc);
    expect(twin!.kind).toBe('valid');
    expect(twin!.input.rawBody).not.toContain('invoice_recipient');
    expect(twin!.input.rawBody).toMatch(/(^|&)email=/);
    form.encoding = { invoice_recipient: { style: 'deepObject', explode: true } };
    expect(twins(doc)).toEqual([]);
  });

  it('exchange createOrders sends orders[][k]=v, one run of keys per order', () => {
    const doc = withForms('exchange');
    const kit = new SchemaKit(doc, 'exchange-forms-multi');
    const op = operationsOf('exchange', doc).find((o) => o.operationId === 'createOrders')!;
    const plan = planCases({ op, kit, credentials: SANDBOX_CREDENTIALS, runs: 4, negativeRuns: 2, seed: 1, pool: [] });
    const example = plan.cases.find((c) => c.kind === 'example' && c.input.encoding === 'form')!;
    const text = toWire(op, '/api/v1', example.input).bodyText!;
    const orders = (example.input.body as { orders: Record<string, unknown>[] }).orders;
    expect(orders.length).toBeGreaterThan(1);
    expect(text.match(/orders\[\]\[side\]=/g)).toHaveLength(orders.length);
    expect((decodeForm(text) as { orders: unknown[] }).orders).toEqual(orders.map((o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]))));
  });
});
