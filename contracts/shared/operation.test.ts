// Rules every operation of the three contracts keeps, whatever its API.
import { describe, expect, it } from 'vitest';
import { contracts } from '../index.ts';
import { buildDocument } from './contract.ts';
import { FORM_MEDIA_TYPE, type OperationSpec } from './operation.ts';

const all = contracts.flatMap((c) => Object.entries(c.operations as Record<string, OperationSpec>).map(([id, op]) => [`${c.id}.${id}`, op] as const));

describe('optional request bodies', () => {
  const optional = all.filter(([, op]) => op.request?.body?.required === false);

  it('exist where the document makes every body field optional (exchange orders/clear)', () => {
    expect(optional.map(([id]) => id)).toEqual(['exchange.clearOrders']);
  });

  it.each(optional)('%s: the schema accepts {} (what the server hands the handler when the body is left out)', (_id, op) => {
    expect(op.request!.body!.schema.safeParse({}).success).toBe(true);
  });
});

describe('form-encoded bodies in the documents (X-form, M-form, P-form)', () => {
  const documents = contracts.map((c) => [c.id, buildDocument(c as never)] as const);

  it.each(documents)('%s: every operation body declares JSON and the form encoding with the same schema; decisions recorded', (id, doc) => {
    const bodies: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>)) {
      for (const [method, op] of Object.entries(item)) {
        if (!op.requestBody) continue;
        bodies.push(`${method} ${path}`);
        const { content } = op.requestBody;
        expect(Object.keys(content), `${method} ${path}`).toEqual(['application/json', FORM_MEDIA_TYPE]);
        expect(content[FORM_MEDIA_TYPE]).toMatchObject({ schema: content['application/json']!.schema, encoding: expect.any(Object) });
      }
    }
    expect(bodies.length).toBe(all.filter(([key, op]) => key.startsWith(`${id}.`) && op.request?.body).length);
    const decisions = [...((doc.info as { description: string }).description).matchAll(/- \*\*([A-Za-z0-9-]+): /g)].map((m) => m[1]);
    const prefix = { exchange: 'X', merchant: 'M', partner: 'P' }[id];
    expect(decisions).toContain(`${prefix}-form`);
    if (id === 'exchange') expect(decisions).toEqual(expect.arrayContaining(['X-tonce', 'X-query-body']));
    else expect(decisions).toContain(`${prefix}-lenient-scalars`);
  });
});

describe('form-encoded webhooks in the merchant document (M-webhook-form)', () => {
  it('declares each webhook body as JSON and as a form of the same envelope (signature, data)', () => {
    const merchant = contracts.find((c) => c.id === 'merchant')!;
    const doc = buildDocument(merchant as never);
    const hooks = doc.webhooks as Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    expect(Object.keys(hooks).sort()).toEqual(['paymentConfirmed', 'paymentFound', 'refundProcessed']);
    const envelopes = { paymentFound: 'PaymentWebhookEnvelope', paymentConfirmed: 'PaymentWebhookEnvelope', refundProcessed: 'RefundWebhookEnvelope' };
    for (const [name, hook] of Object.entries(hooks)) {
      const { content } = hook.post.requestBody;
      const envelope = { $ref: `#/components/schemas/${envelopes[name as keyof typeof envelopes]}` };
      expect(Object.keys(content), name).toEqual(['application/json', FORM_MEDIA_TYPE]);
      expect(content[FORM_MEDIA_TYPE], name).toEqual({
        schema: envelope,
        encoding: { signature: { style: 'form', explode: true }, data: { style: 'form', explode: true } },
      });
      expect(content['application/json']!.schema, name).toEqual(envelope);
    }
  });
});
