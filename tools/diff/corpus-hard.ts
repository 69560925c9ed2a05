// Corpus: the hard cases. $refs renamed, inlined or extracted; fields moved into allOf; unions
// that gain, lose, reorder or change branches; equivalent nullable spellings; reorderings and
// prose edits; a recursive schema.
import { P, S, renameSchema, reverseKeys, schema, type Case, type Json } from './corpus-kit.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const pay = (d: Json) => schema(d, 'Payment');

/**
 * The recipient body written into each of its media types (JSON and form) instead of shared through
 * `$ref`s, as the documents write a request schema that has defaults; `city` gets `maxLength` in both copies.
 */
function recipientBodiesInline(d: Json, maxLength?: number): void {
  const content = d.paths['/invoice_recipients'].post.requestBody.content;
  for (const media of Object.values(content) as Json[]) {
    media.schema = structuredClone(schema(d, 'CreateInvoiceRecipientRequest'));
    media.schema.properties.invoice_recipient = structuredClone(schema(d, 'InvoiceRecipientFields'));
    if (maxLength !== undefined) media.schema.properties.invoice_recipient.properties.city.maxLength = maxLength;
  }
}
const recipientJson = P('/invoice_recipients', 'post', 'requestBody', 'content', 'application/json', 'schema', 'properties', 'invoice_recipient');

/** Payment as allOf [PaymentCore(id, amount), the rest]; `drop` leaves a field out of the rest. */
function splitPayment(d: Json, drop?: string): void {
  const p = pay(d);
  const core = ['id', 'amount'];
  d.components.schemas.PaymentCore = { type: 'object', properties: Object.fromEntries(core.map((k) => [k, p.properties[k]])), required: core };
  const rest = Object.keys(p.properties).filter((k) => !core.includes(k) && k !== drop);
  d.components.schemas.Payment = {
    description: p.description,
    allOf: [ref('PaymentCore'), { type: 'object', properties: Object.fromEntries(rest.map((k) => [k, p.properties[k]])), required: rest }],
  };
}

const stopOrder = (d: Json) => {
  const limit = structuredClone(schema(d, 'LimitOrderRequest'));
  limit.properties.ord_type = { type: 'string', enum: ['stop'] };
  d.components.schemas.StopOrderRequest = limit;
  schema(d, 'CreateOrderRequest').oneOf.push(ref('StopOrderRequest'));
};

/** Edits every description and summary, drops every example; property names are left alone. */
function walkProse(v: Json, names = false): void {
  if (Array.isArray(v)) return v.forEach((x) => walkProse(x));
  if (!v || typeof v !== 'object') return;
  for (const k of Object.keys(v)) {
    if (names) walkProse(v[k]);
    else if ((k === 'description' || k === 'summary') && typeof v[k] === 'string') v[k] = `${v[k]} (edited)`;
    else if (k === 'example') delete v[k];
    else walkProse(v[k], k === 'properties');
  }
}

export const hardCases: Case[] = [
  { name: '$ref renamed, schema identical', api: 'merchant', rev: (d) => renameSchema(d, 'Payment', 'DirectPayment'), expect: [] },
  { name: '$ref renamed and a property removed', api: 'merchant', rev: (d) => { renameSchema(d, 'Payment', 'DirectPayment'); delete schema(d, 'DirectPayment').properties.url; }, expect: [['response-property-removed', 'ERR', S('Payment', 'properties', 'url'), S('DirectPayment', 'properties')]] },
  { name: 'two $refs renamed (request and shared enum)', api: 'exchange', rev: (d) => { renameSchema(d, 'CreateOrderRequest', 'NewOrder'); renameSchema(d, 'Side', 'OrderSide'); }, expect: [] },
  { name: '$ref inlined', api: 'merchant', rev: (d) => (pay(d).properties.status = structuredClone(schema(d, 'PaymentStatus'))), expect: [] },
  { name: 'inline schema extracted into a component', api: 'merchant', rev: (d) => { d.components.schemas.PaymentUrl = pay(d).properties.url; pay(d).properties.url = ref('PaymentUrl'); }, expect: [] },
  { name: 'request schema written into each media type of its body instead of $refs: no change', api: 'merchant', rev: (d) => recipientBodiesInline(d), expect: [] },
  { name: 'request schema written into each media type of its body, a field tightened in both: one finding', api: 'merchant', rev: (d) => recipientBodiesInline(d, 50), expect: [['request-max-length-tightened', 'ERR', S('InvoiceRecipientFields', 'properties', 'city'), `${recipientJson}/properties/city`]] },
  { name: 'fields moved into an allOf', api: 'merchant', rev: (d) => splitPayment(d), expect: [] },
  { name: 'fields moved into an allOf, one removed', api: 'merchant', rev: (d) => splitPayment(d, 'url'), expect: [['response-property-removed', 'ERR', S('Payment', 'properties', 'url'), S('Payment', 'properties')]] },
  { name: 'field moved into an allOf and made optional', api: 'merchant', rev: (d) => { splitPayment(d); schema(d, 'PaymentCore').required = ['id']; }, expect: [['response-property-made-optional', 'ERR', S('Payment', 'properties', 'amount'), S('PaymentCore', 'properties', 'amount')]] },
  { name: 'request union gains a branch', api: 'exchange', rev: stopOrder, expect: [['request-union-branch-added', 'INFO', S('CreateOrderRequest'), S('StopOrderRequest')]] },
  { name: 'request union loses a branch', api: 'exchange', rev: (d) => schema(d, 'CreateOrderRequest').oneOf.pop(), expect: [['request-union-branch-removed', 'ERR', S('MarketOrderRequest'), S('CreateOrderRequest')]] },
  { name: 'request union branches reordered', api: 'exchange', rev: (d) => schema(d, 'CreateOrderRequest').oneOf.reverse(), expect: [] },
  { name: 'request union branch changed', api: 'exchange', rev: (d) => (schema(d, 'LimitOrderRequest').properties.price.maxLength = 20), expect: [['request-max-length-tightened', 'ERR', S('LimitOrderRequest', 'properties', 'price'), S('LimitOrderRequest', 'properties', 'price')]] },
  { name: 'request union gains a branch and another changes', api: 'exchange', rev: (d) => { stopOrder(d); schema(d, 'MarketOrderRequest').required.push('price'); }, expect: [['request-union-branch-added', 'INFO', S('CreateOrderRequest'), S('StopOrderRequest')], ['request-property-made-required', 'ERR', S('MarketOrderRequest', 'properties', 'price'), S('MarketOrderRequest', 'properties', 'price')]] },
  { name: 'request parameter becomes a union (superset)', api: 'exchange', rev: (d) => (d.paths['/orders'].get.parameters[3].schema = { anyOf: [d.paths['/orders'].get.parameters[3].schema, { type: 'string', pattern: '^[0-9]+$' }] }), expect: [['request-union-branch-added', 'INFO', '/paths/~1orders/get/parameters/3/schema', '/paths/~1orders/get/parameters/3/schema/anyOf/1']] },
  { name: 'response union gains a branch', api: 'merchant', rev: (d) => (pay(d).properties.status = { anyOf: [ref('PaymentStatus'), { type: 'string' }] }), expect: [['response-union-branch-added', 'ERR', S('PaymentStatus'), S('Payment', 'properties', 'status', 'anyOf', 1)]] },
  { name: 'response union loses a branch', api: 'merchant', base: (d) => (pay(d).properties.txid = { anyOf: [pay(d).properties.txid, { type: 'integer' }] }), expect: [['response-union-branch-removed', 'INFO', S('Payment', 'properties', 'txid', 'anyOf', 1), S('Payment', 'properties', 'txid')]] },
  { name: 'nullable spelled as a type list instead of anyOf null', api: 'merchant', rev: (d) => (schema(d, 'Transaction').properties.amount_received = { ...schema(d, 'Transaction').properties.amount_received.anyOf[0], type: ['string', 'null'] }), expect: [] },
  { name: 'nullable $ref spelled as oneOf instead of anyOf', api: 'merchant', rev: (d) => { const p = schema(d, 'PaymentStatus').properties.transaction_status; p.oneOf = p.anyOf; delete p.anyOf; }, expect: [] },
  { name: 'nullable spelled as enum with null', api: 'merchant', base: (d) => (pay(d).properties.exchange_rate_currency.type = ['string', 'null']), rev: (d) => pay(d).properties.exchange_rate_currency.enum.push(null), expect: [] },
  { name: 'properties, required and components reordered', api: 'merchant', rev: (d) => { pay(d).properties = reverseKeys(pay(d).properties); pay(d).required.reverse(); d.components.schemas = reverseKeys(d.components.schemas); }, expect: [] },
  { name: 'descriptions, examples and summaries edited', api: 'partner', rev: (d) => { walkProse(d.paths); walkProse(d.components.schemas); }, expect: [] },
  { name: 'a shared enum loses a value (request and response)', api: 'exchange', rev: (d) => (schema(d, 'State').enum = schema(d, 'State').enum.slice(0, -1)), expect: [['request-enum-value-removed', 'ERR', S('State'), S('State')], ['response-enum-value-removed', 'INFO', S('State'), S('State')]] },
  {
    name: 'a response moved into components/responses, with links added: no change',
    api: 'merchant',
    rev: (d) => {
      d.components.responses.PaymentFound = d.paths['/payments/{payment_id}'].get.responses['200'];
      d.paths['/payments/{payment_id}'].get.responses['200'] = { $ref: '#/components/responses/PaymentFound' };
      d.paths['/payments'].post.responses['201'].links = { GetPaymentAgain: { operationId: 'getPayment', parameters: { payment_id: '$response.body#/id' } } };
    },
    expect: [],
  },
  { name: 'a parameter moved into components/parameters: no change', api: 'exchange', rev: (d) => { d.components.parameters = { Limit: d.paths['/orders'].get.parameters[2] }; d.paths['/orders'].get.parameters[2] = { $ref: '#/components/parameters/Limit' }; }, expect: [] },
  { name: 'a pattern loses its needless \\/ escapes: no change', api: 'merchant', base: (d) => (schema(d, 'CreatePaymentFields').properties.city.pattern = '^https:\\/\\/'), rev: (d) => (schema(d, 'CreatePaymentFields').properties.city.pattern = '^https://'), expect: [] },
  {
    name: 'recursive schema: a change below the cycle',
    api: 'merchant',
    base: (d) => (schema(d, 'InvoiceRecipient').properties.parent = ref('InvoiceRecipient')),
    rev: (d) => { const r = schema(d, 'InvoiceRecipient'); r.properties.parent = ref('InvoiceRecipient'); r.properties.id.type = 'string'; },
    expect: [['response-type-changed', 'ERR', S('InvoiceRecipient', 'properties', 'id'), S('InvoiceRecipient', 'properties', 'id')]],
  },
];
