// Fallback links: the stateful flows written as OpenAPI Link Objects, for a document that declares
// no `links` (today's documents; the docs-fidelity work adds them). The runner follows the
// document's links whenever it has any and this table only otherwise (`edgesFor`), so a new
// operation needs no entry here once its document links it.
import type { ApiId, LinkSpec, OperationSpec } from './document.ts';
import { documentEdges, edgeOf, type LinkEdge } from './links.ts';

type Links = Omit<LinkSpec, 'name'>[];
interface Fallback {
  from: string;
  links: Links;
}

const byId = (id: string) => ({ id });

/** The same links from several producers whose id sits at `at` in their answer. */
const fan = (froms: [string, string][], links: (at: string) => Links): Fallback[] => froms.map(([from, at]) => ({ from, links: links(at) }));

const ORDER = (at: string): Links => [
  { operationId: 'getOrder', parameters: byId(`$response.body#${at}`) },
  { operationId: 'cancelOrder', parameters: {}, requestBody: byId(`$response.body#${at}`) },
];
const TRANSACTION = (at: string): Links => [
  { operationId: 'getTransaction', parameters: byId(`$response.body#${at}`) },
  { operationId: 'createRefund', parameters: { transaction_id: `$response.body#${at}` } },
  { operationId: 'listTransactionRefunds', parameters: { transaction_id: `$response.body#${at}` } },
  { operationId: 'createInstantRefund', parameters: {}, requestBody: byId(`$response.body#${at}`) },
];
const RECIPIENT = (at: string): Links => [
  { operationId: 'getInvoiceRecipient', parameters: byId(`$response.body#${at}`) },
  { operationId: 'updateInvoiceRecipient', parameters: byId(`$response.body#${at}`) },
  { operationId: 'deleteInvoiceRecipient', parameters: byId(`$response.body#${at}`) },
  { operationId: 'createInvoice', parameters: {}, requestBody: { invoice: { invoice_recipient_id: `$response.body#${at}` } } },
];
const PAYOUT = (at: string): Links => [
  { operationId: 'getPayout', parameters: byId(`$response.body#${at}`) },
  { operationId: 'listPayoutTransactions', parameters: byId(`$response.body#${at}`) },
];

export const FALLBACK: Record<ApiId, Fallback[]> = {
  exchange: fan([['createOrder', '/id'], ['createOrders', '/0/id'], ['getOrders', '/0/id']], ORDER),
  merchant: [
    {
      from: 'createPayment',
      links: [{ operationId: 'getPayment', parameters: { payment_id: '$response.body#/id', crypto_iso: '$request.body#/payment/crypto_iso' } }],
    },
    { from: 'createInvoice', links: [{ operationId: 'getInvoice', parameters: byId('$response.body#/id') }, ...TRANSACTION('/transaction/id')] },
    ...fan([['listTransactions', '/transactions/0/id']], TRANSACTION),
    ...fan([['createInvoiceRecipient', '/id'], ['listInvoiceRecipients', '/invoice_recipients/0/id']], RECIPIENT),
    ...fan([['createRefund', '/id'], ['listTransactionRefunds', '/refunds/0/id']], (at) => [{ operationId: 'getRefund', parameters: { refund_id: `$response.body#${at}` } }]),
    ...fan([['listPayouts', '/payouts/0/id']], PAYOUT),
  ],
  partner: [],
  // The control API links nothing; its resets run last (state.ts: a path ending in reset destroys).
  sandbox: [],
};

/** The document without any `links` (tests of the fallback table, and documents from before links). */
export function withoutLinks(ops: OperationSpec[]): OperationSpec[] {
  return ops.map((o) => ({ ...o, responses: Object.fromEntries(Object.entries(o.responses).map(([k, r]) => [k, { ...r, links: [] }])) }));
}

/** The document's links when it declares any, else the fallback table's (on any 2xx). */
export function edgesFor(api: ApiId, ops: OperationSpec[]): { edges: LinkEdge[]; source: 'document' | 'fallback' } {
  const declared = documentEdges(ops);
  if (declared.length > 0) return { edges: declared, source: 'document' };
  const ids = new Map(ops.map((o) => [o.operationId, o]));
  const edges = FALLBACK[api].flatMap(({ from, links }) => {
    const op = ids.get(from);
    if (!op) return [];
    return links.filter((l) => ids.has(l.operationId)).map((l) => edgeOf(op, '2XX', { ...l, name: `${from}->${l.operationId}` }, ids));
  });
  return { edges, source: 'fallback' };
}
