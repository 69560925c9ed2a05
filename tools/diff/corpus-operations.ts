// Corpus: paths, operations, webhooks, security, parameters, bodies, statuses, media types, headers.
import { P, at, reverseKeys, type Case } from './corpus-kit.ts';

const payment = P('/payments/{payment_id}', 'get');
const orders = P('/orders', 'get');
const recipient = P('/invoice_recipients/{id}');
const deprecate = (o: Record<string, unknown>, sunset: string) => Object.assign(o, { deprecated: true, 'x-sunset': sunset });

export const operationCases: Case[] = [
  { name: 'path removed', api: 'merchant', rev: (d) => delete d.paths['/payouts/pending'], expect: [['path-removed', 'ERR', P('/payouts/pending'), '/paths']] },
  { name: 'operation removed', api: 'merchant', rev: (d) => delete d.paths['/invoice_recipients/{id}'].delete, expect: [['operation-removed', 'ERR', `${recipient}/delete`, recipient]] },
  { name: 'path added', api: 'merchant', rev: (d) => (d.paths['/ping'] = { get: { ...d.paths['/currencies'].get, operationId: 'ping' } }), expect: [['path-added', 'INFO', '/paths', P('/ping')]] },
  { name: 'operation added', api: 'merchant', rev: (d) => (d.paths['/invoice_recipients/{id}'].put = { ...d.paths['/invoice_recipients/{id}'].patch, operationId: 'replaceInvoiceRecipient' }), expect: [['operation-added', 'INFO', recipient, `${recipient}/put`]] },
  { name: 'operationId changed', api: 'exchange', rev: (d) => (d.paths['/tickers/{market}'].get.operationId = 'fetchTicker'), expect: [['operation-id-changed', 'ERR', P('/tickers/{market}', 'get', 'operationId'), P('/tickers/{market}', 'get', 'operationId')]] },
  { name: 'operation deprecated', api: 'exchange', rev: (d) => deprecate(d.paths['/tickers'].get, '2027-06-01'), expect: [['operation-deprecated', 'INFO', P('/tickers', 'get'), P('/tickers', 'get')]] },
  { name: 'deprecated operation removed before its sunset', api: 'merchant', base: (d) => deprecate(d.paths['/invoice_recipients/{id}'].delete, '2027-06-01'), rev: (d) => delete d.paths['/invoice_recipients/{id}'].delete, expect: [['deprecated-operation-removed-before-sunset', 'ERR', `${recipient}/delete`, recipient]] },
  { name: 'deprecated operation removed after its sunset', api: 'merchant', base: (d) => deprecate(d.paths['/invoice_recipients/{id}'].delete, '2026-06-01'), rev: (d) => delete d.paths['/invoice_recipients/{id}'].delete, expect: [['operation-removed-after-sunset', 'INFO', `${recipient}/delete`, recipient]] },
  { name: 'deprecated path removed after its sunset', api: 'exchange', base: (d) => deprecate(d.paths['/timestamp'].get, '2026-11-25'), rev: (d) => delete d.paths['/timestamp'], expect: [['operation-removed-after-sunset', 'INFO', P('/timestamp', 'get'), '/paths']] },
  {
    name: 'path parameter renamed in the template: no change',
    api: 'merchant',
    rev: (d) => {
      const item = d.paths['/transactions/{id}'];
      item.get.parameters[0].name = 'transaction_ref';
      delete d.paths['/transactions/{id}'];
      d.paths['/transactions/{transaction_ref}'] = item;
    },
    expect: [],
  },
  { name: 'paths and methods reordered: no change', api: 'merchant', rev: (d) => { d.paths = reverseKeys(d.paths); d.paths['/invoice_recipients/{id}'] = reverseKeys(d.paths['/invoice_recipients/{id}']); }, expect: [] },
  { name: 'webhook removed', api: 'merchant', rev: (d) => delete d.webhooks.refundProcessed, expect: [['webhook-removed', 'WARN', '/webhooks/refundProcessed', '/webhooks']] },
  { name: 'webhook added', api: 'merchant', rev: (d) => (d.webhooks.paymentExpired = d.webhooks.paymentFound), expect: [['webhook-added', 'INFO', '/webhooks', '/webhooks/paymentExpired']] },
  // security
  { name: 'security added to a public operation', api: 'exchange', rev: (d) => (d.paths['/markets'].get.security = [{ AccessKey: [], Nonce: [], Signature: [] }]), expect: [['security-added', 'ERR', P('/markets', 'get', 'security'), P('/markets', 'get', 'security')]] },
  { name: 'a security alternative dropped', api: 'partner', rev: (d) => (d.paths['/user_registration'].post.security = [{ BearerAuth: [] }]), expect: [['security-requirement-changed', 'ERR', P('/user_registration', 'post', 'security'), P('/user_registration', 'post', 'security')]] },
  { name: 'a security alternative added', api: 'merchant', rev: (d) => d.paths['/payments'].post.security.push({ BearerAuth: [] }), expect: [['security-requirement-added', 'INFO', P('/payments', 'post', 'security'), P('/payments', 'post', 'security')]] },
  {
    name: 'a scope added to a requirement',
    api: 'exchange',
    rev: (d) => (d.paths['/balances'].get.security = [{ AccessKey: ['trade'], Nonce: [], Signature: [] }]),
    expect: [
      ['security-requirement-changed', 'ERR', P('/balances', 'get', 'security'), P('/balances', 'get', 'security')],
      ['security-requirement-added', 'INFO', P('/balances', 'get', 'security'), P('/balances', 'get', 'security')],
    ],
  },
  { name: 'security scheme changed', api: 'merchant', rev: (d) => (d.components.securitySchemes.BasicAuth.scheme = 'digest'), expect: [['security-scheme-changed', 'ERR', '/components/securitySchemes/BasicAuth', '/components/securitySchemes/BasicAuth']] },
  // parameters
  { name: 'query parameter removed', api: 'exchange', rev: (d) => d.paths['/orders'].get.parameters.splice(3, 1), expect: [['parameter-removed', 'ERR', `${orders}/parameters/3`, `${orders}/parameters`]] },
  { name: 'header parameter removed', api: 'merchant', base: (d) => (d.paths['/currencies'].get.parameters = [{ name: 'X-Request-Id', in: 'header', schema: { type: 'string' } }]), expect: [['parameter-removed', 'WARN', P('/currencies', 'get', 'parameters', 0), P('/currencies', 'get', 'parameters')]] },
  { name: 'parameter moved from query to header', api: 'exchange', rev: (d) => (d.paths['/order'].get.parameters[0].in = 'header'), expect: [['parameter-moved', 'ERR', P('/order', 'get', 'parameters', 0), P('/order', 'get', 'parameters', 0)]] },
  { name: 'required parameter added', api: 'merchant', rev: (d) => (d.paths['/currencies'].get.parameters = [{ name: 'fiat', in: 'query', required: true, schema: { type: 'string' } }]), expect: [['parameter-added-required', 'ERR', P('/currencies', 'get', 'parameters'), P('/currencies', 'get', 'parameters', 0)]] },
  // POST /payments already takes Idempotency-Key (parameter 0): a second optional header is added after it.
  { name: 'optional header parameter added (an X-Client-Trace)', api: 'merchant', rev: (d) => d.paths['/payments'].post.parameters.push({ name: 'X-Client-Trace', in: 'header', required: false, schema: { type: 'string', maxLength: 255 } }), expect: [['parameter-added', 'INFO', P('/payments', 'post', 'parameters'), P('/payments', 'post', 'parameters', 1)]] },
  { name: 'parameter made required', api: 'exchange', rev: (d) => (d.paths['/orders'].get.parameters[2].required = true), expect: [['parameter-made-required', 'ERR', `${orders}/parameters/2`, `${orders}/parameters/2`]] },
  { name: 'parameter made optional', api: 'exchange', rev: (d) => (d.paths['/order_book'].get.parameters[0].required = false), expect: [['parameter-made-optional', 'INFO', P('/order_book', 'get', 'parameters', 0), P('/order_book', 'get', 'parameters', 0)]] },
  { name: 'parameter style changed', api: 'exchange', rev: (d) => Object.assign(d.paths['/orders'].get.parameters[1], { style: 'form', explode: false }), expect: [['parameter-style-changed', 'ERR', `${orders}/parameters/1`, `${orders}/parameters/1`]] },
  { name: 'parameter deprecated', api: 'exchange', rev: (d) => deprecate(d.paths['/orders'].get.parameters[3], '2027-06-01'), expect: [['parameter-deprecated', 'INFO', `${orders}/parameters/3`, `${orders}/parameters/3`]] },
  { name: 'deprecated parameter removed before its sunset', api: 'exchange', base: (d) => deprecate(d.paths['/orders'].get.parameters[3], '2027-06-01'), rev: (d) => d.paths['/orders'].get.parameters.splice(3, 1), expect: [['deprecated-parameter-removed-before-sunset', 'ERR', `${orders}/parameters/3`, `${orders}/parameters`]] },
  { name: 'deprecated parameter removed after its sunset', api: 'exchange', base: (d) => deprecate(d.paths['/orders'].get.parameters[3], '2026-01-01'), rev: (d) => d.paths['/orders'].get.parameters.splice(3, 1), expect: [['parameter-removed-after-sunset', 'INFO', `${orders}/parameters/3`, `${orders}/parameters`]] },
  { name: 'parameter type changed', api: 'exchange', rev: (d) => (d.paths['/orders'].get.parameters[3].schema.type = 'string'), expect: [['request-type-changed', 'ERR', `${orders}/parameters/3/schema`, `${orders}/parameters/3/schema`]] },
  { name: 'parameter type widened (integer to number)', api: 'exchange', rev: (d) => (d.paths['/orders'].get.parameters[3].schema.type = 'number'), expect: [['request-type-widened', 'INFO', `${orders}/parameters/3/schema`, `${orders}/parameters/3/schema`]] },
  { name: 'parameter maximum tightened', api: 'exchange', rev: (d) => (d.paths['/orders'].get.parameters[2].schema.maximum = 500), expect: [['request-maximum-tightened', 'ERR', `${orders}/parameters/2/schema`, `${orders}/parameters/2/schema`]] },
  { name: 'parameter maximum loosened', api: 'exchange', rev: (d) => (d.paths['/orders'].get.parameters[2].schema.maximum = 5000), expect: [['request-maximum-loosened', 'INFO', `${orders}/parameters/2/schema`, `${orders}/parameters/2/schema`]] },
  { name: 'parameter default changed', api: 'exchange', rev: (d) => (d.paths['/orders'].get.parameters[2].schema.default = 50), expect: [['request-default-changed', 'WARN', `${orders}/parameters/2/schema`, `${orders}/parameters/2/schema`]] },
  { name: 'parameters reordered: no change', api: 'exchange', rev: (d) => d.paths['/orders'].get.parameters.reverse(), expect: [] },
  {
    name: 'path parameter renamed with its template: no change',
    api: 'merchant',
    rev: (d) => {
      const item = d.paths['/payments/{payment_id}'];
      item.get.parameters[0].name = 'id';
      delete d.paths['/payments/{payment_id}'];
      d.paths['/payments/{id}'] = item;
    },
    expect: [],
  },
  { name: 'parameter schema $ref wrapper (allOf) unwrapped: no change', api: 'merchant', rev: (d) => (at(d, `${payment}/parameters/1`).schema = { $ref: '#/components/schemas/CryptoIso' }), expect: [] },
];
