// Stateful flows: which operations produce ids (from their responses) and which consume them, so
// that "get payment", "patch recipient" or "cancel order" run with ids that exist. One small table
// per API; the run order follows from it (producers first, destructive operations last).
import fc from 'fast-check';
import type { ApiId, OperationSpec } from './document.ts';
import { targetPath } from './mutations.ts';
import type { RequestInput } from './wire.ts';

/** What a producer extracted: named values, and the credential slot that owns them. */
export interface PoolEntry {
  values: Record<string, unknown>;
  slot?: number;
}

export interface Producer {
  operationId: string;
  pool: string;
  extract: (body: unknown, request: RequestInput) => Record<string, unknown>[];
}

export interface Consumer {
  operationId: string;
  pool: string;
  /** Request place (`path.id`, `query.crypto_iso`, `body.id`) -> name of the pooled value. */
  bind: Record<string, string>;
  /** The operation removes what it used (a delete). */
  consumes?: boolean;
  /** Body places are only overwritten when the generated request has them (optional fields). */
  ifPresent?: boolean;
}

export interface FlowTable {
  producers: Producer[];
  consumers: Consumer[];
  /** Run after the listed operations (ordering only: a list should see what was created). */
  after?: Record<string, string[]>;
  /** Run at the very end, in this order (they destroy what others use). */
  last?: string[];
  /** Pools filled before the run: records every account of the deployment has. */
  seeds?: Record<string, PoolEntry[]>;
  /**
   * Body fields whose acceptance depends on server state (a record that must exist, an amount
   * that depends on the settlement method): a 422 naming only these is a documented business
   * answer, not a rejection of schema-valid data.
   */
  stateful?: Record<string, string[]>;
}

const at = (v: unknown, key: string): unknown => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined);
const list = (v: unknown, key?: string): unknown[] => {
  const arr = key ? at(v, key) : v;
  return Array.isArray(arr) ? arr : [];
};
const ids = (items: unknown[], key = 'id') => items.map((i) => at(i, key)).filter((id) => id !== undefined && id !== null).map((id) => ({ id }));
const one = (body: unknown, key = 'id') => ids([body], key);

export const FLOWS: Record<ApiId, FlowTable> = {
  exchange: {
    producers: [
      { operationId: 'createOrder', pool: 'order', extract: (b) => one(b) },
      { operationId: 'createOrders', pool: 'order', extract: (b) => ids(list(b)) },
      { operationId: 'getOrders', pool: 'order', extract: (b) => ids(list(b)) },
    ],
    consumers: [
      { operationId: 'getOrder', pool: 'order', bind: { 'query.id': 'id' } },
      { operationId: 'cancelOrder', pool: 'order', bind: { 'body.id': 'id' } },
    ],
    after: { getOrders: ['createOrder', 'createOrders'], getTrades: ['createOrder', 'createOrders'] },
    last: ['cancelOrder', 'clearOrders'],
  },
  merchant: {
    producers: [
      {
        operationId: 'createPayment',
        pool: 'payment',
        extract: (b, req) => one(b).map(({ id }) => ({ id: String(id), crypto_iso: at(at(req.body, 'payment'), 'crypto_iso') })),
      },
      { operationId: 'createInvoice', pool: 'invoice', extract: (b) => one(b) },
      { operationId: 'createInvoice', pool: 'transaction', extract: (b) => one(at(b, 'transaction')) },
      { operationId: 'listTransactions', pool: 'transaction', extract: (b) => ids(list(b, 'transactions')) },
      { operationId: 'createInvoiceRecipient', pool: 'recipient', extract: (b) => one(b) },
      { operationId: 'listInvoiceRecipients', pool: 'recipient', extract: (b) => ids(list(b, 'invoice_recipients')) },
      { operationId: 'createRefund', pool: 'refund', extract: (b) => one(b) },
      { operationId: 'listTransactionRefunds', pool: 'refund', extract: (b) => ids(list(b, 'refunds')) },
      { operationId: 'listPayouts', pool: 'payout', extract: (b) => ids(list(b, 'payouts')) },
    ],
    consumers: [
      { operationId: 'createWidgetPayment', pool: 'hosted-payment', bind: { 'body.hosted_payment_id': 'id' } },
      { operationId: 'getPayment', pool: 'payment', bind: { 'path.payment_id': 'id', 'query.crypto_iso': 'crypto_iso' } },
      { operationId: 'getInvoice', pool: 'invoice', bind: { 'path.id': 'id' } },
      { operationId: 'getTransaction', pool: 'transaction', bind: { 'path.id': 'id' } },
      { operationId: 'createRefund', pool: 'transaction', bind: { 'path.transaction_id': 'id' } },
      { operationId: 'listTransactionRefunds', pool: 'transaction', bind: { 'path.transaction_id': 'id' } },
      { operationId: 'createInstantRefund', pool: 'transaction', bind: { 'body.id': 'id' } },
      { operationId: 'getRefund', pool: 'refund', bind: { 'path.refund_id': 'id' } },
      { operationId: 'createInvoice', pool: 'recipient', bind: { 'body.invoice.invoice_recipient_id': 'id' }, ifPresent: true },
      { operationId: 'getInvoiceRecipient', pool: 'recipient', bind: { 'path.id': 'id' } },
      { operationId: 'updateInvoiceRecipient', pool: 'recipient', bind: { 'path.id': 'id' } },
      { operationId: 'deleteInvoiceRecipient', pool: 'recipient', bind: { 'path.id': 'id' }, consumes: true },
      { operationId: 'getPayout', pool: 'payout', bind: { 'path.id': 'id' } },
      { operationId: 'listPayoutTransactions', pool: 'payout', bind: { 'path.id': 'id' } },
    ],
    after: { listTransactions: ['createPayment', 'createInvoice', 'createWidgetPayment'] },
    last: ['deleteInvoiceRecipient'],
    // DESIGN.md: the sandbox merchant key has hosted payment id 1.
    seeds: { 'hosted-payment': [{ values: { id: 1 } }] },
    // M-errors: an id in a body that does not exist answers 422 naming the field; M-refund-amounts:
    // the amount field must match the transaction's settlement method, 422 naming it; the instant
    // refund `address` must be valid "for the transaction's currency (checked by the server)".
    stateful: {
      createWidgetPayment: ['hosted_payment_id'],
      createInvoice: ['invoice.invoice_recipient_id'],
      createRefund: ['amount_to_refund_fiat', 'amount_to_refund'],
      createInstantRefund: ['id', 'amount_to_refund_fiat', 'amount_to_refund', 'refund_full_amount', 'address', 'destination_tag'],
    },
  },
  partner: { producers: [], consumers: [] },
  // The control API: the resets at the end, so the other operations see the sandbox as it was.
  sandbox: { producers: [], consumers: [], last: ['resetMerchant', 'resetSandbox'] },
};

/** Operations in run order: producers (and `after` targets) before their consumers, `last` at the end. */
export function runOrder(ops: OperationSpec[], table: FlowTable): OperationSpec[] {
  const byId = new Map(ops.map((o) => [o.operationId, o]));
  const last = new Set(table.last ?? []);
  const deps = new Map<string, Set<string>>();
  for (const op of ops) deps.set(op.operationId, new Set(table.after?.[op.operationId] ?? []));
  for (const c of table.consumers) {
    for (const p of table.producers) if (p.pool === c.pool && p.operationId !== c.operationId) deps.get(c.operationId)?.add(p.operationId);
  }
  const out: OperationSpec[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string) => {
    if (state.get(id) || !byId.has(id)) return;
    state.set(id, 'visiting'); // a cycle (A feeds B feeds A) is broken at the first visit
    for (const d of deps.get(id) ?? []) if (!last.has(d)) visit(d);
    state.set(id, 'done');
    out.push(byId.get(id)!);
  };
  for (const op of ops) if (!last.has(op.operationId)) visit(op.operationId);
  for (const id of table.last ?? []) if (byId.has(id)) out.push(byId.get(id)!);
  return out;
}

/** Writes a pooled entry's values into a request at the consumer's places. */
export function bindEntry(input: RequestInput, consumer: Consumer, entry: PoolEntry): RequestInput {
  const out = structuredClone(input);
  for (const [place, name] of Object.entries(consumer.bind)) {
    const path = targetPath(place);
    let holder: unknown = out;
    for (const key of path.slice(0, -1)) holder = at(holder, String(key));
    if (holder === null || typeof holder !== 'object') continue;
    const last = String(path[path.length - 1]);
    if (consumer.ifPresent && !(last in holder)) continue;
    (holder as Record<string, unknown>)[last] = entry.values[name];
  }
  return out;
}

/** Four in five requests use a pooled entry (when there is one); the rest keep generated ids (404s). */
export function withPool(arb: fc.Arbitrary<RequestInput>, consumer: Consumer | undefined, entries: PoolEntry[]): fc.Arbitrary<{ input: RequestInput; entry?: PoolEntry }> {
  if (!consumer || entries.length === 0) return arb.map((input) => ({ input }));
  const pick = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...entries) }, { weight: 1, arbitrary: fc.constant(undefined) });
  return fc.tuple(arb, pick).map(([input, entry]) => (entry ? { input: bindEntry(input, consumer, entry), entry } : { input }));
}
