// Corpus: webhook payloads declared the standard way (the envelope's base64 `data` with
// contentEncoding, contentMediaType and contentSchema) and compared in the receiver's direction:
// the platform sends, the integrator reads, so the payload may only narrow, like a response. The
// documents declare them so today: paymentFound and paymentConfirmed post a PaymentWebhookEnvelope
// (data: PaymentWebhookPayload), refundProcessed a RefundWebhookEnvelope (data: RefundWebhookPayload).
import { S, schema, type Case, type Json } from './corpus-kit.ts';

const HOOKS: Record<string, string> = { paymentFound: 'PaymentWebhookEnvelope', paymentConfirmed: 'PaymentWebhookEnvelope', refundProcessed: 'RefundWebhookEnvelope' };

/** Points every media type of a webhook's request body at an envelope component. */
function postEnvelope(d: Json, hook: string, envelope: string): void {
  for (const media of Object.values(d.webhooks[hook].post.requestBody.content) as Json[]) media.schema = { $ref: `#/components/schemas/${envelope}` };
}

/** A webhook gets an envelope of its own, a copy of the one it shares, whose `data` decodes to `payload`. */
function ownEnvelope(d: Json, hook: string, payload: string): string {
  const envelope = `${hook.charAt(0).toUpperCase()}${hook.slice(1)}Envelope`;
  const copy = structuredClone(schema(d, HOOKS[hook]!));
  copy.properties.data.contentSchema = { $ref: `#/components/schemas/${payload}` };
  d.components.schemas[envelope] = copy;
  postEnvelope(d, hook, envelope);
  return envelope;
}

/** The webhooks as the release before payloads were declared: one envelope for all, its `data` base64 JSON of no stated schema. */
function undeclaredPayloads(d: Json): void {
  const released = structuredClone(schema(d, 'PaymentWebhookEnvelope'));
  delete released.properties.data.contentSchema;
  d.components.schemas.WebhookEnvelope = released;
  for (const hook of Object.keys(HOOKS)) postEnvelope(d, hook, 'WebhookEnvelope');
  for (const envelope of new Set(Object.values(HOOKS))) delete d.components.schemas[envelope];
}

const dropRequired = (s: Json, name: string) => (s.required = s.required.filter((r: string) => r !== name));
const pay = S('PaymentWebhookPayload');
const refund = S('RefundWebhookPayload');
const data = (envelope: string, ...rest: string[]) => S(envelope, 'properties', 'data', ...rest);

export const payloadCases: Case[] = [
  {
    name: 'each webhook given an envelope of its own, same payloads: nothing breaks',
    api: 'merchant',
    rev: (d) => {
      ownEnvelope(d, 'paymentFound', 'PaymentWebhookPayload');
      ownEnvelope(d, 'paymentConfirmed', 'PaymentWebhookPayload');
      ownEnvelope(d, 'refundProcessed', 'RefundWebhookPayload');
    },
    expect: [],
  },
  {
    name: 'paymentFound: a payload field removed',
    api: 'merchant',
    rev: (d) => {
      delete d.components.schemas.PaymentWebhookPayload.properties.txid;
      dropRequired(d.components.schemas.PaymentWebhookPayload, 'txid');
    },
    expect: [['webhook-request-property-removed', 'ERR', `${pay}/properties/txid`, `${pay}/properties`]],
  },
  {
    name: 'paymentFound: a payload field retyped (payment_id integer to string)',
    api: 'merchant',
    rev: (d) => (d.components.schemas.PaymentWebhookPayload.properties.payment_id = { type: 'string', maxLength: 20 }),
    expect: [['webhook-request-type-changed', 'ERR', `${pay}/properties/payment_id`, `${pay}/properties/payment_id`]],
  },
  {
    name: 'paymentConfirmed alone gets a payload without txid',
    api: 'merchant',
    rev: (d) => {
      const own = structuredClone(d.components.schemas.PaymentWebhookPayload);
      delete own.properties.txid;
      dropRequired(own, 'txid');
      d.components.schemas.PaymentConfirmedPayload = own;
      ownEnvelope(d, 'paymentConfirmed', 'PaymentConfirmedPayload');
    },
    expect: [['webhook-request-property-removed', 'ERR', `${pay}/properties/txid`, `${S('PaymentConfirmedPayload')}/properties`]],
  },
  {
    name: 'refundProcessed: a payload field made optional',
    api: 'merchant',
    rev: (d) => dropRequired(d.components.schemas.RefundWebhookPayload, 'email'),
    expect: [['webhook-request-property-made-optional', 'ERR', `${refund}/properties/email`, `${refund}/properties/email`]],
  },
  {
    name: 'refundProcessed: a payload field renamed (url to link)',
    api: 'merchant',
    rev: (d) => {
      const s = d.components.schemas.RefundWebhookPayload;
      s.properties.link = s.properties.url;
      delete s.properties.url;
      s.required = s.required.map((r: string) => (r === 'url' ? 'link' : r));
    },
    expect: [['webhook-request-property-renamed', 'ERR', `${refund}/properties/url`, `${refund}/properties/link`]],
  },
  {
    name: 'refundProcessed: a new required payload field reaches receivers as a field they ignore',
    api: 'merchant',
    rev: (d) => {
      d.components.schemas.RefundWebhookPayload.properties.reason = { type: 'string', maxLength: 200 };
      d.components.schemas.RefundWebhookPayload.required.push('reason');
    },
    expect: [['webhook-request-property-added', 'INFO', refund, `${refund}/properties/reason`]],
  },
  {
    name: 'paymentFound: a payload enum widened (a currency receivers do not know)',
    api: 'merchant',
    rev: (d) => d.components.schemas.PaymentWebhookPayload.properties.exchange_rate_currency.enum.push('GBP'),
    expect: [['webhook-request-enum-value-added', 'ERR', `${pay}/properties/exchange_rate_currency`, `${pay}/properties/exchange_rate_currency`]],
  },
  {
    name: 'paymentFound: a payload enum narrowed (receivers just never see CAD)',
    api: 'merchant',
    rev: (d) => (d.components.schemas.PaymentWebhookPayload.properties.exchange_rate_currency.enum = ['USD', 'EUR']),
    expect: [['webhook-request-enum-value-removed', 'INFO', `${pay}/properties/exchange_rate_currency`, `${pay}/properties/exchange_rate_currency`]],
  },
  {
    name: 'the payload schemas declared where the release had none',
    api: 'merchant',
    base: undeclaredPayloads,
    expect: [
      ['webhook-request-content-schema-added', 'INFO', data('WebhookEnvelope'), data('PaymentWebhookEnvelope', 'contentSchema')],
      ['webhook-request-content-schema-added', 'INFO', data('WebhookEnvelope'), data('RefundWebhookEnvelope', 'contentSchema')],
    ],
  },
  {
    name: 'refundProcessed: the payload schema dropped',
    api: 'merchant',
    rev: (d) => delete d.components.schemas.RefundWebhookEnvelope.properties.data.contentSchema,
    expect: [['webhook-request-content-schema-removed', 'ERR', data('RefundWebhookEnvelope', 'contentSchema'), data('RefundWebhookEnvelope')]],
  },
  {
    name: 'refundProcessed: the payload media type changed',
    api: 'merchant',
    rev: (d) => (d.components.schemas.RefundWebhookEnvelope.properties.data.contentMediaType = 'application/cbor'),
    expect: [['webhook-request-content-media-type-changed', 'ERR', data('RefundWebhookEnvelope'), data('RefundWebhookEnvelope')]],
  },
];

/** The same rules on a REST request and response field (a string holding encoded JSON). */
const encodedField = (name: string, prop: string, extra: Json) => (d: Json) => Object.assign(schema(d, name).properties[prop], extra);
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
