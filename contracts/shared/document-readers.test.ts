import { describe, expect, it } from 'vitest';
import { namedSchemaPointers, requestDefaultsInBodies } from './document-readers.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const body = (schema: unknown) => ({ content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } } });

function sample() {
  return {
    paths: {
      '/payments': { post: { requestBody: body(ref('CreatePayment')), responses: { '201': { description: 'ok', content: { 'application/json': { schema: ref('Payment') } } } } } },
      '/notes': { post: { requestBody: body(ref('Note')), responses: {} } },
    },
    components: {
      schemas: {
        CreatePayment: { type: 'object', properties: { payment: ref('PaymentFields') }, required: ['payment'] },
        PaymentFields: { type: 'object', properties: { network: { type: 'string', default: 'ERC-20' }, currency: ref('Currency') } },
        Currency: { type: 'string', enum: ['USD', 'CAD'] },
        Note: { type: 'object', properties: { text: { type: 'string' } } },
        Payment: { type: 'object', properties: { currency: ref('Currency') } },
      },
    },
  };
}

describe('requestDefaultsInBodies', () => {
  it('writes each component on the way to a defaulted field into the bodies, titled, and drops it from components', () => {
    const doc = sample();
    requestDefaultsInBodies(doc);
    const inline = {
      title: 'CreatePayment',
      type: 'object',
      properties: { payment: { title: 'PaymentFields', type: 'object', properties: { network: { type: 'string', default: 'ERC-20' }, currency: ref('Currency') } } },
      required: ['payment'],
    };
    expect(doc.paths['/payments'].post.requestBody).toEqual(body(inline));
    // Schemas without defaults stay shared: the enum, the note, the response.
    expect(doc.paths['/notes'].post.requestBody).toEqual(body(ref('Note')));
    expect(Object.keys(doc.components.schemas)).toEqual(['Currency', 'Note', 'Payment']);
  });

  it('keeps a defaulted component that a response still refers to', () => {
    const doc = sample();
    doc.components.schemas.Payment.properties = { fields: ref('PaymentFields') } as never;
    requestDefaultsInBodies(doc);
    expect(Object.keys(doc.components.schemas)).toEqual(['PaymentFields', 'Currency', 'Note', 'Payment']);
    expect(doc.paths['/payments'].post.requestBody.content['application/json'].schema).not.toHaveProperty('$ref');
  });

  it('finds a schema by name in components or in the bodies it was written into', () => {
    const doc = sample();
    requestDefaultsInBodies(doc);
    expect(namedSchemaPointers(doc, 'Note')).toEqual(['#/components/schemas/Note']);
    expect(namedSchemaPointers(doc, 'PaymentFields')).toEqual([
      '#/paths/~1payments/post/requestBody/content/application~1json/schema/properties/payment',
      '#/paths/~1payments/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties/payment',
    ]);
    expect(namedSchemaPointers(doc, 'Nothing')).toEqual([]);
  });
});
