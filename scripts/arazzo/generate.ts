// Arazzo 1.0 descriptions of each API's flows, written by `npm run generate` to
// generated/arazzo/<api>.arazzo.yaml from the same OpenAPI links the contract runner follows: for
// each write that produces something on its own (createPayment, createInvoiceRecipient,
// createOrder...), one workflow that creates it, then changes, reads and finally deletes it
// through each operation its links lead to (and reads it again after a DELETE: 404); for the
// merchant API also the payment flow: pay, confirm (the merchant's test clock), find the
// transaction, refund it and read the refund. Any Arazzo runner can run them (`redocly respect`,
// `npm run test:arazzo`). Requests carry the documented examples; the invoice numbers and e-mails
// the server keeps unique are drawn by the Arazzo runner on every run (Respect's `$faker`), so a
// second run against the same deployment passes as well.
import { hashHeader } from '../pipeline/header.ts';
import { toYaml } from '../pipeline/openapi.ts';
import { type ApiId, type OpenApiDocument, type OperationSpec, loadDocument, operationsOf } from '../../tools/contract/document.ts';
import { edgesFor } from '../../tools/contract/flows.ts';
import type { LinkEdge } from '../../tools/contract/links.ts';
import { PROFILES } from '../../tools/contract/profiles.ts';
import { isDestructive } from '../../tools/contract/state.ts';

/** The APIs with flows; the sandbox control API is a step of the merchant's payment flow. */
export const ARAZZO_APIS = ['exchange', 'merchant', 'partner'] as const;

type Json = Record<string, unknown>;

/** Workflow inputs: the credentials of each security scheme, never written in the file. */
const INPUTS: Record<(typeof ARAZZO_APIS)[number], Json> = {
  exchange: { access_key: { type: 'string' }, secret_key: { type: 'string', format: 'password' } },
  merchant: { merchant_key: { type: 'string' }, merchant_secret: { type: 'string', format: 'password' } },
  partner: { partner_bearer: { type: 'string', format: 'password' } },
};

/** The step's credentials as Respect's `x-security` (Basic, Bearer); the exchange's X1 signature has no such form. */
function security(api: ApiId, op: OperationSpec): Json {
  if (!op.secured) return {};
  if (api === 'merchant') return { 'x-security': [{ schemeName: 'BasicAuth', values: { username: '$inputs.merchant_key', password: '$inputs.merchant_secret' } }] };
  if (api === 'partner') return { 'x-security': [{ schemeName: 'BearerAuth', values: { token: '$inputs.partner_bearer' } }] };
  return {};
}

const successOf = (op: OperationSpec) => Object.keys(op.responses).find((s) => /^2\d\d$/.test(s)) ?? '200';

/** An invoice number drawn by the Arazzo runner on every run (M5: unique per account; letters and digits). */
export const FRESH_INVOICE_NUMBER = 'INV{$faker.number.integer()}{$faker.number.integer()}';

/** The documented example body, with the values the server keeps unique drawn at run time. */
function payload(api: ApiId, op: OperationSpec): unknown {
  const example = op.body?.example;
  if (example === undefined) return undefined;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    const out: Json = {};
    for (const [k, child] of Object.entries(v)) {
      // No webhooks to the example's addresses (the field is optional).
      if (k === 'webhook_url') continue;
      out[k] = k === 'invoice_number' ? FRESH_INVOICE_NUMBER : api === 'partner' && k === 'email' ? '$faker.string.email()' : walk(child);
    }
    return out;
  };
  return walk(example);
}

const stepIdOf = (op: OperationSpec, suffix = '') => `${op.operationId}${suffix}`;

/** The step of `op`, its request places bound from `bound` (place -> runtime expression). */
function step(api: ApiId, op: OperationSpec, stepId: string, status: string, bound: Record<string, string> = {}, outputs: Record<string, string> = {}, description?: string): Json {
  const parameters = Object.entries(bound)
    .filter(([place]) => !place.startsWith('body.'))
    .map(([place, value]) => {
      const [where, ...name] = place.split('.');
      return { name: name.join('.'), in: where, value };
    });
  const body = payload(api, op);
  const replacements = Object.entries(bound)
    .filter(([place]) => place.startsWith('body.'))
    .map(([place, value]) => ({ target: `/${place.split('.').slice(1).join('/')}`, value }));
  const examplePath = Object.fromEntries(op.parameters.filter((p) => p.in === 'path' && !(`path.${p.name}` in bound) && p.example !== undefined).map((p) => [p.name, p.example]));
  return {
    stepId,
    ...(description ? { description } : {}),
    operationId: `$sourceDescriptions.${api}.${op.operationId}`,
    ...security(api, op),
    ...(parameters.length + Object.keys(examplePath).length > 0
      ? { parameters: [...parameters, ...Object.entries(examplePath).map(([name, value]) => ({ name, in: 'path', value }))] }
      : {}),
    ...(body !== undefined || replacements.length > 0
      ? { requestBody: { contentType: op.body?.mediaType ?? 'application/json', payload: body ?? {}, ...(replacements.length > 0 ? { replacements } : {}) } }
      : {}),
    successCriteria: [{ condition: `$statusCode == ${status}` }],
    ...(Object.keys(outputs).length > 0 ? { outputs } : {}),
  };
}

/** The outputs a producer step gives (one per link expression) and how each target step binds them. */
function linkOutputs(producer: OperationSpec, edges: LinkEdge[]): { outputs: Record<string, string>; bind: (e: LinkEdge) => Record<string, string> } {
  const outputs: Record<string, string> = {};
  const names = new Map<string, string>();
  for (const e of edges) {
    for (const value of Object.values(e.bind)) {
      if (typeof value !== 'string' || !value.startsWith('$') || names.has(value)) continue;
      const name = `${value.replace(/^\$response\.body#\//, '').replace(/[^A-Za-z0-9]+/g, '_') || 'value'}`;
      names.set(value, name);
      outputs[name] = value;
    }
  }
  const bind = (e: LinkEdge) =>
    Object.fromEntries(Object.entries(e.bind).map(([place, value]) => [place, typeof value === 'string' && names.has(value) ? `$steps.${stepIdOf(producer)}.outputs.${names.get(value)}` : String(value)]));
  return { outputs, bind };
}

const ORDER = (op: OperationSpec) => (isDestructive(op) ? 2 : op.method === 'get' ? 1 : 0);

/** One workflow per root producer: create, then change, read, delete (and read after the delete). */
function crudWorkflows(api: ApiId, ops: OperationSpec[], edges: LinkEdge[]): Json[] {
  const byId = new Map(ops.map((o) => [o.operationId, o]));
  const targets = new Set(edges.map((e) => e.to));
  const needsState = new Set(Object.keys(PROFILES[api].stateful ?? {}));
  const roots = ops.filter((o) => o.method !== 'get' && !isDestructive(o) && !targets.has(o.operationId) && !needsState.has(o.operationId) && edges.some((e) => e.from === o.operationId));
  return roots.map((root) => {
    const out = edges.filter((e) => e.from === root.operationId && e.to !== root.operationId && /^2/.test(e.status));
    const { outputs, bind } = linkOutputs(root, out);
    const status = out[0]?.status.replace(/X/g, '0') ?? successOf(root);
    const steps: Json[] = [step(api, root, stepIdOf(root), status, {}, outputs, `Create (${root.method.toUpperCase()} ${root.path})`)];
    const sorted = [...out].sort((a, b) => ORDER(byId.get(a.to)!) - ORDER(byId.get(b.to)!) || a.to.localeCompare(b.to));
    for (const e of sorted) {
      const target = byId.get(e.to)!;
      const what = target.method === 'get' ? 'Read' : isDestructive(target) ? 'Delete' : 'Change';
      steps.push(step(api, target, stepIdOf(target), successOf(target), bind(e), {}, `${what} what ${root.operationId} created (link ${e.name})`));
      if (target.method === 'delete') {
        const read = sorted.map((x) => ({ x, op: byId.get(x.to)! })).find(({ op }) => op.method === 'get' && '404' in op.responses);
        if (read) steps.push(step(api, read.op, stepIdOf(read.op, 'AfterDelete'), '404', bind(read.x), {}, `Read what ${target.operationId} deleted: gone`));
      }
    }
    return { workflowId: `${root.operationId}Flow`, summary: `${root.operationId} and what its links lead to`, inputs: { type: 'object', properties: INPUTS[api as 'merchant'] }, steps };
  });
}

/** The merchant's payment flow: pay, confirm by the sandbox clock, find the transaction, refund, read the refund. */
function paymentWorkflow(ops: OperationSpec[], edges: LinkEdge[], sandbox: OperationSpec[]): Json {
  const op = (id: string) => ops.find((o) => o.operationId === id)!;
  const edge = (from: string, to: string) => edges.find((e) => e.from === from && e.to === to)!;
  const find = linkOutputs(op('listTransactions'), [edge('listTransactions', 'createRefund')]);
  const refund = linkOutputs(op('createRefund'), [edge('createRefund', 'getRefund')]);
  // The merchant's own clock: the global one would move the exchange's time too (its nonce window).
  const advance = sandbox.find((o) => o.operationId === 'advanceMerchantClock')!;
  return {
    workflowId: 'payConfirmRefund',
    summary: "Pay, confirm (the merchant's test clock), find the transaction, refund it, read the refund",
    inputs: { type: 'object', properties: INPUTS.merchant },
    steps: [
      step('merchant', op('createPayment'), 'pay', '201', {}, { invoice_number: '$response.body#/invoice_number' }, 'Create a payment'),
      {
        stepId: 'confirm',
        description: "The sandbox finds the payment after 2 s and confirms it after 5 s of the merchant's test clock",
        operationId: `$sourceDescriptions.sandbox.${advance.operationId}`,
        parameters: [{ name: 'api_key', in: 'path', value: '$inputs.merchant_key' }],
        requestBody: { contentType: 'application/json', payload: { seconds: 6 } },
        successCriteria: [{ condition: '$statusCode == 200' }],
      },
      step('merchant', op('listTransactions'), 'findTransaction', '200', { 'query.invoice_number': '$steps.pay.outputs.invoice_number' }, find.outputs, 'The transaction of the payment'),
      step('merchant', op('createRefund'), 'refund', '201', Object.fromEntries(Object.entries(find.bind(edge('listTransactions', 'createRefund'))).map(([k, v]) => [k, v.replace('$steps.listTransactions.', '$steps.findTransaction.')])), refund.outputs, 'Refund part of it (link CreateRefund)'),
      step('merchant', op('getRefund'), 'readRefund', '200', Object.fromEntries(Object.entries(refund.bind(edge('createRefund', 'getRefund'))).map(([k, v]) => [k, v.replace('$steps.createRefund.', '$steps.refund.')])), {}, 'Read the refund (link GetRefund)'),
    ],
  };
}

/** Single-step workflows for writes no link connects (the partner API has no ids to follow). */
function singleWrites(api: ApiId, ops: OperationSpec[], edges: LinkEdge[]): Json[] {
  const linked = new Set(edges.flatMap((e) => [e.from, e.to]));
  return ops
    .filter((o) => o.method === 'post' && !linked.has(o.operationId) && o.body?.example !== undefined && !(o.operationId in (PROFILES[api].stateful ?? {})))
    .map((o) => ({ workflowId: `${o.operationId}Flow`, summary: o.operationId, inputs: { type: 'object', properties: INPUTS[api as 'partner'] }, steps: [step(api, o, stepIdOf(o), successOf(o))] }));
}

/** The Arazzo document of one API. */
export function arazzoDocument(api: (typeof ARAZZO_APIS)[number], doc: OpenApiDocument = loadDocument(api), sandboxDoc: OpenApiDocument = loadDocument('sandbox')): Json {
  const ops = operationsOf(api, doc);
  const { edges } = edgesFor(api, ops);
  const workflows = api === 'partner' ? singleWrites(api, ops, edges) : crudWorkflows(api, ops, edges);
  if (api === 'merchant') workflows.push(paymentWorkflow(ops, edges, operationsOf('sandbox', sandboxDoc)));
  const info = doc.info as { title: string; version: string };
  return {
    arazzo: '1.0.1',
    info: {
      title: `${info.title} flows`,
      version: info.version,
      description:
        `The flows of the ${info.title} that its OpenAPI links describe, generated from them. Credentials are workflow inputs.` +
        (api === 'exchange' ? ' Exchange requests are signed (X1: HMAC-SHA256 of method, path and query), which a generic Arazzo runner cannot compute: run these with a runner that signs, or the contract runner.' : ''),
    },
    sourceDescriptions: [
      { name: api, url: `../openapi/${api}.yaml`, type: 'openapi' },
      ...(api === 'merchant' ? [{ name: 'sandbox', url: '../openapi/sandbox.yaml', type: 'openapi' }] : []),
    ],
    workflows,
  };
}

/** The generated files: generated/arazzo/<api>.arazzo.yaml. */
export function arazzoFiles(docs: Partial<Record<ApiId, OpenApiDocument>> = {}): { path: string; content: string }[] {
  return ARAZZO_APIS.map((api) => ({
    path: `generated/arazzo/${api}.arazzo.yaml`,
    content: hashHeader() + toYaml(arazzoDocument(api, docs[api] ?? loadDocument(api), docs.sandbox ?? loadDocument('sandbox'))),
  }));
}
