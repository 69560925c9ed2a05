// Corpus: schema rules in requests (may only widen) and responses (may only narrow).
import { S, schema, type Case, type Json } from './corpus-kit.ts';

const fields = (d: Json) => schema(d, 'CreatePaymentFields');
const pay = (d: Json) => schema(d, 'Payment');
const F = (p: string) => S('CreatePaymentFields', 'properties', p);
const Pp = (p: string) => S('Payment', 'properties', p);
const refund = (d: Json) => schema(d, 'CreateRefundRequest').properties;
const R = (p: string) => S('CreateRefundRequest', 'properties', p);

export const schemaCases: Case[] = [
  // requests
  { name: 'request property made required', api: 'merchant', rev: (d) => fields(d).required.push('city'), expect: [['request-property-made-required', 'ERR', F('city'), F('city')]] },
  { name: 'request property made optional', api: 'merchant', rev: (d) => (fields(d).required = fields(d).required.filter((r: string) => r !== 'ip')), expect: [['request-property-made-optional', 'INFO', F('ip'), F('ip')]] },
  { name: 'required request property added', api: 'merchant', rev: (d) => { fields(d).properties.region = { type: 'string' }; fields(d).required.push('region'); }, expect: [['request-property-added-required', 'ERR', S('CreatePaymentFields'), F('region')]] },
  { name: 'optional request property added', api: 'merchant', rev: (d) => (fields(d).properties.region = { type: 'string' }), expect: [['request-property-added', 'INFO', S('CreatePaymentFields'), F('region')]] },
  { name: 'request property removed (object open)', api: 'merchant', rev: (d) => delete fields(d).properties.city, expect: [['request-property-removed', 'WARN', F('city'), S('CreatePaymentFields', 'properties')]] },
  { name: 'request property removed and object closed', api: 'merchant', rev: (d) => { delete fields(d).properties.city; fields(d).additionalProperties = false; }, expect: [['request-property-removed', 'ERR', F('city'), S('CreatePaymentFields', 'properties')], ['request-additional-properties-tightened', 'ERR', S('CreatePaymentFields'), S('CreatePaymentFields')]] },
  { name: 'request object opened', api: 'merchant', base: (d) => (fields(d).additionalProperties = false), expect: [['request-additional-properties-loosened', 'INFO', S('CreatePaymentFields'), S('CreatePaymentFields')]] },
  { name: 'request maxLength added (a tightening)', api: 'merchant', rev: (d) => (fields(d).properties.city.maxLength = 64), expect: [['request-max-length-tightened', 'ERR', F('city'), F('city')]] },
  { name: 'request maxLength narrowed', api: 'merchant', base: (d) => (fields(d).properties.city.maxLength = 128), rev: (d) => (fields(d).properties.city.maxLength = 64), expect: [['request-max-length-tightened', 'ERR', F('city'), F('city')]] },
  { name: 'request maxLength widened', api: 'merchant', base: (d) => (fields(d).properties.city.maxLength = 64), rev: (d) => (fields(d).properties.city.maxLength = 128), expect: [['request-max-length-loosened', 'INFO', F('city'), F('city')]] },
  { name: 'request minLength raised', api: 'merchant', rev: (d) => (fields(d).properties.external_id.minLength = 3), expect: [['request-min-length-tightened', 'ERR', F('external_id'), F('external_id')]] },
  { name: 'request pattern changed', api: 'merchant', rev: (d) => (fields(d).properties.first_name.pattern = '^[a-zA-Z]+$'), expect: [['request-pattern-changed', 'ERR', F('first_name'), F('first_name')]] },
  { name: 'request pattern added', api: 'merchant', rev: (d) => (fields(d).properties.external_id.pattern = '^[A-Z]'), expect: [['request-pattern-tightened', 'ERR', F('external_id'), F('external_id')]] },
  { name: 'request pattern removed', api: 'merchant', rev: (d) => delete fields(d).properties.first_name.pattern, expect: [['request-pattern-loosened', 'INFO', F('first_name'), F('first_name')]] },
  { name: 'request format changed', api: 'merchant', base: (d) => (fields(d).properties.email.format = 'email'), rev: (d) => (fields(d).properties.email.format = 'idn-email'), expect: [['request-format-changed', 'ERR', F('email'), F('email')]] },
  { name: 'request format added', api: 'merchant', rev: (d) => (fields(d).properties.city.format = 'hostname'), expect: [['request-format-tightened', 'ERR', F('city'), F('city')]] },
  { name: 'request format removed', api: 'merchant', base: (d) => (fields(d).properties.email.format = 'email'), expect: [['request-format-loosened', 'INFO', F('email'), F('email')]] },
  { name: 'request minimum raised and maximum lowered', api: 'merchant', rev: (d) => Object.assign(refund(d).expires_in, { minimum: 24, maximum: 300 }), expect: [['request-maximum-tightened', 'ERR', R('expires_in'), R('expires_in')], ['request-minimum-tightened', 'ERR', R('expires_in'), R('expires_in')]] },
  { name: 'request exclusiveMinimum added', api: 'merchant', rev: (d) => (refund(d).expires_in.exclusiveMinimum = 12), expect: [['request-exclusive-minimum-tightened', 'ERR', R('expires_in'), R('expires_in')]] },
  { name: 'request multipleOf added', api: 'merchant', rev: (d) => (refund(d).expires_in.multipleOf = 12), expect: [['request-multiple-of-tightened', 'ERR', R('expires_in'), R('expires_in')]] },
  { name: 'request defaults changed', api: 'merchant', rev: (d) => { refund(d).expires_in.default = 48; refund(d).send_email.default = true; }, expect: [['request-default-changed', 'WARN', R('expires_in'), R('expires_in')], ['request-default-changed', 'WARN', R('send_email'), R('send_email')]] },
  { name: 'request enum value removed', api: 'merchant', rev: (d) => (fields(d).properties.currency_iso.enum = ['USD', 'CAD']), expect: [['request-enum-value-removed', 'ERR', F('currency_iso'), F('currency_iso')]] },
  { name: 'request enum value added', api: 'merchant', rev: (d) => fields(d).properties.currency_iso.enum.push('GBP'), expect: [['request-enum-value-added', 'INFO', F('currency_iso'), F('currency_iso')]] },
  { name: 'request enum added', api: 'merchant', rev: (d) => (fields(d).properties.city.enum = ['Toronto']), expect: [['request-enum-added', 'ERR', F('city'), F('city')]] },
  { name: 'request enum removed', api: 'merchant', rev: (d) => delete fields(d).properties.currency_iso.enum, expect: [['request-enum-removed', 'INFO', F('currency_iso'), F('currency_iso')]] },
  { name: 'request property became nullable', api: 'merchant', rev: (d) => (fields(d).properties.city.type = ['string', 'null']), expect: [['request-became-nullable', 'INFO', F('city'), F('city')]] },
  { name: 'request property no longer nullable', api: 'merchant', base: (d) => (fields(d).properties.city.type = ['string', 'null']), expect: [['request-null-removed', 'ERR', F('city'), F('city')]] },
  { name: 'request array minItems raised', api: 'exchange', rev: (d) => (schema(d, 'CreateOrdersRequest').properties.orders.minItems = 2), expect: [['request-min-items-tightened', 'ERR', S('CreateOrdersRequest', 'properties', 'orders'), S('CreateOrdersRequest', 'properties', 'orders')]] },
  { name: 'request array maxItems lowered', api: 'exchange', rev: (d) => (schema(d, 'CreateOrdersRequest').properties.orders.maxItems = 50), expect: [['request-max-items-tightened', 'ERR', S('CreateOrdersRequest', 'properties', 'orders'), S('CreateOrdersRequest', 'properties', 'orders')]] },
  { name: 'request array uniqueItems added', api: 'exchange', rev: (d) => (schema(d, 'CreateOrdersRequest').properties.orders.uniqueItems = true), expect: [['request-unique-items-tightened', 'ERR', S('CreateOrdersRequest', 'properties', 'orders'), S('CreateOrdersRequest', 'properties', 'orders')]] },
  { name: 'request boolean const flipped', api: 'merchant', base: (d) => (refund(d).send_email.const = false), rev: (d) => (refund(d).send_email.const = true), expect: [['request-enum-value-added', 'INFO', R('send_email'), R('send_email')], ['request-enum-value-removed', 'ERR', R('send_email'), R('send_email')]] },
  { name: 'request type narrowed (number to integer)', api: 'merchant', base: (d) => (refund(d).expires_in.type = 'number'), expect: [['request-type-narrowed', 'ERR', R('expires_in'), R('expires_in')]] },
  { name: 'request property deprecated', api: 'merchant', rev: (d) => Object.assign(fields(d).properties.phone, { deprecated: true, 'x-sunset': '2027-06-01' }), expect: [['request-property-deprecated', 'INFO', F('phone'), F('phone')]] },
  { name: 'deprecated request property removed before its sunset', api: 'merchant', base: (d) => Object.assign(fields(d).properties.phone, { deprecated: true, 'x-sunset': '2027-06-01' }), rev: (d) => delete fields(d).properties.phone, expect: [['request-deprecated-property-removed-before-sunset', 'ERR', F('phone'), S('CreatePaymentFields', 'properties')]] },
  { name: 'deprecated request property removed after its sunset', api: 'merchant', base: (d) => Object.assign(fields(d).properties.phone, { deprecated: true, 'x-sunset': '2026-11-01' }), rev: (d) => delete fields(d).properties.phone, expect: [['request-property-removed-after-sunset', 'INFO', F('phone'), S('CreatePaymentFields', 'properties')]] },
  { name: 'request tuple loses a position', api: 'merchant', base: (d) => (fields(d).properties.geo = { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }] }), rev: (d) => (fields(d).properties.geo = { type: 'array', prefixItems: [{ type: 'number' }] }), expect: [['request-tuple-length-changed', 'ERR', F('geo'), F('geo')]] },
  // responses
  { name: 'response enum added', api: 'merchant', rev: (d) => (pay(d).properties.invoice_number.enum = ['INV1001']), expect: [['response-enum-added', 'INFO', Pp('invoice_number'), Pp('invoice_number')]] },
  { name: 'response enum removed', api: 'merchant', rev: (d) => delete pay(d).properties.exchange_rate_currency.enum, expect: [['response-enum-removed', 'ERR', Pp('exchange_rate_currency'), Pp('exchange_rate_currency')]] },
  { name: 'response default changed', api: 'merchant', rev: (d) => (pay(d).properties.txid.default = ''), expect: [['response-default-changed', 'INFO', Pp('txid'), Pp('txid')]] },
  { name: 'response object closed', api: 'merchant', rev: (d) => (pay(d).additionalProperties = false), expect: [['response-additional-properties-tightened', 'INFO', S('Payment'), S('Payment')]] },
  { name: 'response property removed (Payment.url)', api: 'merchant', rev: (d) => { delete pay(d).properties.url; pay(d).required = pay(d).required.filter((r: string) => r !== 'url'); }, expect: [['response-property-removed', 'ERR', Pp('url'), S('Payment', 'properties')]] },
  { name: 'optional response property removed', api: 'exchange', rev: (d) => delete schema(d, 'Order').properties.price, expect: [['response-optional-property-removed', 'WARN', S('Order', 'properties', 'price'), S('Order', 'properties')]] },
  { name: 'response property made optional', api: 'merchant', rev: (d) => (pay(d).required = pay(d).required.filter((r: string) => r !== 'txid')), expect: [['response-property-made-optional', 'ERR', Pp('txid'), Pp('txid')]] },
  { name: 'response property made required', api: 'exchange', rev: (d) => schema(d, 'Order').required.push('price'), expect: [['response-property-made-required', 'INFO', S('Order', 'properties', 'price'), S('Order', 'properties', 'price')]] },
  { name: 'response property added', api: 'merchant', rev: (d) => (pay(d).properties.memo = { type: 'string' }), expect: [['response-property-added', 'INFO', S('Payment'), Pp('memo')]] },
  { name: 'response property became nullable (type list)', api: 'merchant', rev: (d) => (pay(d).properties.txid.type = ['string', 'null']), expect: [['response-became-nullable', 'ERR', Pp('txid'), Pp('txid')]] },
  { name: 'response $ref became nullable (anyOf with null)', api: 'merchant', rev: (d) => (pay(d).properties.status = { anyOf: [{ $ref: '#/components/schemas/PaymentStatus' }, { type: 'null' }] }), expect: [['response-became-nullable', 'ERR', S('PaymentStatus'), Pp('status')]] },
  { name: 'response property no longer nullable', api: 'merchant', rev: (d) => (schema(d, 'Transaction').properties.amount_received = schema(d, 'Transaction').properties.amount_received.anyOf[0]), expect: [['response-null-removed', 'INFO', S('Transaction', 'properties', 'amount_received'), S('Transaction', 'properties', 'amount_received')]] },
  // BlockchainStatus reaches receivers too (the payment webhooks' payload lists blockchain transactions), in the same direction.
  {
    name: 'response enum value added (webhook payloads carry it too)',
    api: 'merchant',
    rev: (d) => schema(d, 'BlockchainStatus').enum.push('Reorged'),
    expect: [
      ['response-enum-value-added', 'ERR', S('BlockchainStatus'), S('BlockchainStatus')],
      ['webhook-request-enum-value-added', 'ERR', S('BlockchainStatus'), S('BlockchainStatus')],
    ],
  },
  {
    name: 'response enum value removed (webhook payloads carry it too)',
    api: 'merchant',
    rev: (d) => schema(d, 'BlockchainStatus').enum.pop(),
    expect: [
      ['response-enum-value-removed', 'INFO', S('BlockchainStatus'), S('BlockchainStatus')],
      ['webhook-request-enum-value-removed', 'INFO', S('BlockchainStatus'), S('BlockchainStatus')],
    ],
  },
  { name: 'response type changed', api: 'merchant', rev: (d) => (pay(d).properties.id.type = 'string'), expect: [['response-type-changed', 'ERR', Pp('id'), Pp('id')]] },
  { name: 'response type widened (integer to number)', api: 'merchant', rev: (d) => (pay(d).properties.id.type = 'number'), expect: [['response-type-widened', 'ERR', Pp('id'), Pp('id')]] },
  { name: 'response type narrowed (number to integer)', api: 'merchant', base: (d) => (pay(d).properties.id.type = 'number'), expect: [['response-type-narrowed', 'INFO', Pp('id'), Pp('id')]] },
  { name: 'response maxLength removed', api: 'merchant', base: (d) => (pay(d).properties.invoice_number.maxLength = 64), rev: (d) => delete pay(d).properties.invoice_number.maxLength, expect: [['response-max-length-loosened', 'ERR', Pp('invoice_number'), Pp('invoice_number')]] },
  { name: 'response maxLength added', api: 'merchant', base: (d) => delete pay(d).properties.invoice_number.maxLength, rev: (d) => (pay(d).properties.invoice_number.maxLength = 64), expect: [['response-max-length-tightened', 'INFO', Pp('invoice_number'), Pp('invoice_number')]] },
  { name: 'response pattern changed', api: 'merchant', rev: (d) => (pay(d).properties.amount.pattern = '^[0-9]+$'), expect: [['response-pattern-changed', 'ERR', Pp('amount'), Pp('amount')]] },
  { name: 'response format removed', api: 'merchant', rev: (d) => delete pay(d).properties.url.format, expect: [['response-format-loosened', 'ERR', Pp('url'), Pp('url')]] },
  { name: 'response minimum lowered', api: 'exchange', rev: (d) => (schema(d, 'Order').properties.id.minimum = 0), expect: [['response-minimum-loosened', 'ERR', S('Order', 'properties', 'id'), S('Order', 'properties', 'id')]] },
  { name: 'response object opened', api: 'merchant', base: (d) => (pay(d).additionalProperties = false), expect: [['response-additional-properties-loosened', 'ERR', S('Payment'), S('Payment')]] },
  { name: 'response additionalProperties schema changed', api: 'partner', rev: (d) => (schema(d, 'ErrorSource').items.additionalProperties = { type: 'integer' }), expect: [['response-type-changed', 'ERR', S('ErrorSource', 'items', 'additionalProperties'), S('ErrorSource', 'items', 'additionalProperties')]] },
  { name: 'response tuple gains a position (prefixItems)', api: 'exchange', rev: (d) => { const p = schema(d, 'PriceLevel'); p.prefixItems.push({ type: 'string' }); p.minItems = 3; p.maxItems = 3; }, expect: [['response-tuple-length-changed', 'ERR', S('PriceLevel'), S('PriceLevel')], ['response-max-items-loosened', 'ERR', S('PriceLevel'), S('PriceLevel')], ['response-min-items-tightened', 'INFO', S('PriceLevel'), S('PriceLevel')]] },
  { name: 'response tuple position pattern changed', api: 'exchange', rev: (d) => (schema(d, 'PriceLevel').prefixItems[0].pattern = '^[0-9]+$'), expect: [['response-pattern-changed', 'ERR', S('PriceLevel', 'prefixItems', 0), S('PriceLevel', 'prefixItems', 0)]] },
  { name: 'response property deprecated', api: 'merchant', rev: (d) => Object.assign(pay(d).properties.txid, { deprecated: true, 'x-sunset': '2027-06-01' }), expect: [['response-property-deprecated', 'INFO', Pp('txid'), Pp('txid')]] },
  { name: 'deprecated response property removed before its sunset', api: 'exchange', base: (d) => Object.assign(schema(d, 'Order').properties.price, { deprecated: true, 'x-sunset': '2027-06-01' }), rev: (d) => delete schema(d, 'Order').properties.price, expect: [['response-deprecated-property-removed-before-sunset', 'ERR', S('Order', 'properties', 'price'), S('Order', 'properties')]] },
  { name: 'deprecated response property removed after its sunset', api: 'exchange', base: (d) => Object.assign(schema(d, 'Order').properties.price, { deprecated: true, 'x-sunset': '2026-01-01' }), rev: (d) => delete schema(d, 'Order').properties.price, expect: [['response-property-removed-after-sunset', 'INFO', S('Order', 'properties', 'price'), S('Order', 'properties')]] },
];
