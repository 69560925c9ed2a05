// Corpus: webhook payloads declared the standard way (the envelope's base64 `data` with
// contentEncoding, contentMediaType and contentSchema) and compared in the receiver's direction:
// the platform sends, the integrator reads, so the payload may only narrow, like a response.
import { S, type Case, type Json } from './corpus-kit.ts';

const PAYLOAD: Record<string, string> = { paymentFound: 'PaymentWebhookPayload', paymentConfirmed: 'PaymentWebhookPayload', refundProcessed: 'RefundWebhookPayload' };

/** Each webhook's envelope gets its own component whose `data` declares the payload it decodes to. */
export function declarePayloads(d: Json): void {
  for (const [hook, payload] of Object.entries(PAYLOAD)) {
    const envelope = `${hook.charAt(0).toUpperCase()}${hook.slice(1)}Envelope`;
    const copy = structuredClone(d.components.schemas.WebhookEnvelope);
    copy.properties.data = { ...copy.properties.data, contentEncoding: 'base64', contentMediaType: 'application/json', contentSchema: { $ref: `#/components/schemas/${payload}` } };
    d.components.schemas[envelope] = copy;
    for (const media of Object.values(d.webhooks[hook].post.requestBody.content) as Json[]) media.schema = { $ref: `#/components/schemas/${envelope}` };
  }
}

const declared = (change: (d: Json) => void) => (d: Json) => {
  declarePayloads(d);
  change(d);
};
const dropRequired = (s: Json, name: string) => (s.required = s.required.filter((r: string) => r !== name));
const pay = S('PaymentWebhookPayload');
const refund = S('RefundWebhookPayload');
const data = (hook: string, ...rest: string[]) => S(`${hook}Envelope`, 'properties', 'data', ...rest);

export const payloadCases: Case[] = [
  { name: 'payloads declared with no other change: nothing breaks', api: 'merchant', base: declarePayloads, rev: declarePayloads, expect: [] },
  {
    name: 'paymentFound: a payload field removed',
    api: 'merchant',
    base: declarePayloads,
    rev: declared((d) => { delete d.components.schemas.PaymentWebhookPayload.properties.txid; dropRequired(d.components.schemas.PaymentWebhookPayload, 'txid'); }),
    expect: [['webhook-request-property-removed', 'ERR', `${pay}/properties/txid`, `${pay}/properties`]],
  },
  {
    name: 'paymentFound: a payload field retyped (payment_id integer to string)',
    api: 'merchant',
    base: declarePayloads,
    rev: declared((d) => (d.components.schemas.PaymentWebhookPayload.properties.payment_id = { type: 'string', maxLength: 20 })),
    expect: [['webhook-request-type-changed', 'ERR', `${pay}/properties/payment_id`, `${pay}/properties/payment_id`]],
  },
  {
    name: 'paymentConfirmed alone gets a payload without txid',
    api: 'merchant',
    base: declarePayloads,
    rev: declared((d) => {
      const own = structuredClone(d.components.schemas.PaymentWebhookPayload);
      delete own.properties.txid;
      dropRequired(own, 'txid');
      d.components.schemas.PaymentConfirmedPayload = own;
      d.components.schemas.PaymentConfirmedEnvelope.properties.data.contentSchema = { $ref: '#/components/schemas/PaymentConfirmedPayload' };
    }),
    expect: [['webhook-request-property-removed', 'ERR', `${pay}/properties/txid`, `${S('PaymentConfirmedPayload')}/properties`]],
  },
  {
    name: 'refundProcessed: a payload field made optional',
    api: 'merchant',
    base: declarePayloads,
    rev: declared((d) => dropRequired(d.components.schemas.RefundWebhookPayload, 'email')),
    expect: [['webhook-request-property-made-optional', 'ERR', `${refund}/properties/email`, `${refund}/properties/email`]],
  },
  {
    name: 'refundProcessed: a payload field renamed (url to link)',
    api: 'merchant',
    base: declarePayloads,
    rev: declared((d) => {
      const s = d.components.schemas.RefundWebhookPayload;
      s.properties.link = s.properties.url;
      delete s.properties.url;
      s.required = s.required.map((r: string) => (r === 'url' ? 'link' : r));
    }),
    expect: [['webhook-request-property-renamed', 'ERR', `${refund}/properties/url`, `${refund}/properties/link`]],
  },
  {
    name: 'refundProcessed: a new required payload field reaches receivers as a field they ignore',
    api: 'merchant',
    base: declarePayloads,
    rev: declared((d) => {
      d.components.schemas.RefundWebhookPayload.properties.reason = { type: 'string', maxLength: 200 };
      d.components.schemas.RefundWebhookPayload.required.push('reason');
    }),
    expect: [['webhook-request-property-added', 'INFO', refund, `${refund}/properties/reason`]],
  },
  {
    name: 'paymentFound: a payload enum widened (a currency receivers do not know)',
    api: 'merchant',
    base: declarePayloads,
    rev: declared((d) => d.components.schemas.PaymentWebhookPayload.properties.exchange_rate_currency.enum.push('GBP')),
    expect: [['webhook-request-enum-value-added', 'ERR', `${pay}/properties/exchange_rate_currency`, `${pay}/properties/exchange_rate_currency`]],
  },
  {
    name: 'paymentFound: a payload enum narrowed (receivers just never see CAD)',
    api: 'merchant',
    base: declarePayloads,
    rev: declared((d) => (d.components.schemas.PaymentWebhookPayload.properties.exchange_rate_currency.enum = ['USD', 'EUR'])),
    expect: [['webhook-request-enum-value-removed', 'INFO', `${pay}/properties/exchange_rate_currency`, `${pay}/properties/exchange_rate_currency`]],
  },
  {
    name: 'the payload schema declared where the release had none',
    api: 'merchant',
    rev: (d) => {
      d.components.schemas.WebhookEnvelope.properties.data.contentSchema = { $ref: '#/components/schemas/RefundWebhookPayload' };
    },
    expect: [['webhook-request-content-schema-added', 'INFO', S('WebhookEnvelope', 'properties', 'data'), S('WebhookEnvelope', 'properties', 'data', 'contentSchema')]],
  },
  {
    name: 'refundProcessed: the payload schema dropped',
    api: 'merchant',
    base: declarePayloads,
    rev: declared((d) => delete d.components.schemas.RefundProcessedEnvelope.properties.data.contentSchema),
    expect: [['webhook-request-content-schema-removed', 'ERR', data('RefundProcessed', 'contentSchema'), data('RefundProcessed')]],
  },
  {
    name: 'refundProcessed: the payload media type changed',
    api: 'merchant',
    base: declarePayloads,
    rev: declared((d) => (d.components.schemas.RefundProcessedEnvelope.properties.data.contentMediaType = 'application/cbor')),
    expect: [['webhook-request-content-media-type-changed', 'ERR', data('RefundProcessed'), data('RefundProcessed')]],
  },
];

/** The same rules on a REST request and response field (a string holding encoded JSON). */
const encodedField = (schema: string, prop: string, extra: Json) => (d: Json) => Object.assign(d.components.schemas[schema].properties[prop], extra);
const json = { contentEncoding: 'base64', contentMediaType: 'application/json' };
const obj = { contentSchema: { type: 'object' } };
export const encodedRestCases: Case[] = (
  [
    ['request', 'CreatePaymentFields', 'external_id', 'ERR', 'INFO'],
    ['response', 'Payment', 'url', 'INFO', 'ERR'],
  ] as const
).flatMap(([channel, schema, prop, added, removed]): Case[] => {
  const at = S(schema, 'properties', prop);
  return [
    { name: `${channel} field declares a content schema`, api: 'merchant', base: encodedField(schema, prop, json), rev: encodedField(schema, prop, { ...json, ...obj }), expect: [[`${channel}-content-schema-added`, added, at, `${at}/contentSchema`]] },
    { name: `${channel} field drops its content schema`, api: 'merchant', base: encodedField(schema, prop, { ...json, ...obj }), rev: encodedField(schema, prop, json), expect: [[`${channel}-content-schema-removed`, removed, `${at}/contentSchema`, at]] },
    { name: `${channel} field changes its content encoding`, api: 'merchant', base: encodedField(schema, prop, json), rev: encodedField(schema, prop, { ...json, contentEncoding: 'base32' }), expect: [[`${channel}-content-encoding-changed`, 'ERR', at, at]] },
    { name: `${channel} field changes its content media type`, api: 'merchant', base: encodedField(schema, prop, json), rev: encodedField(schema, prop, { ...json, contentMediaType: 'text/csv' }), expect: [[`${channel}-content-media-type-changed`, 'ERR', at, at]] },
  ];
});
