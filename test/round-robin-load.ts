// The load of the round-robin cluster tests (PostgreSQL + Redis: round-robin-cluster.test.ts; one
// state file: round-robin-cluster-sqlite.test.ts), sent through a balancer that cannot know which
// instance holds what: mixed valid writes (orders crossing and resting, cancels of the resting ones,
// payments, refunds of paid transactions), each acknowledgement recorded, then every acknowledged
// write read back through the balancer, counting how many times each is found.
import { expect } from 'vitest';
import { paymentBody } from './sandbox-helpers.ts';
import type { clients, Running } from './state-process.ts';

export const MARKETS = ['btcusd', 'ethusd'] as const;
type Market = (typeof MARKETS)[number];
type Trader = 't1' | 't2';

/** What a write was, once acknowledged (2xx), for reading it back. */
export type Acked = (
  | { kind: 'order'; id: number; trader: Trader; market: Market }
  | { kind: 'cancel'; id: number; trader: Trader; market: Market }
  | { kind: 'payment'; invoice: string }
  | { kind: 'refund'; id: number; tx: number }
) & { sentAt: number; ackedAt: number };

export interface Failure {
  kind: string;
  status: number;
  body: string;
}

/** The markets whose writer lease an instance holds (its /readyz). */
export const writerOf = async (r: Running): Promise<string[]> => ((await (await fetch(`${r.base}/readyz`)).json()) as { exchange: { writerOf: string[] } }).exchange.writerOf;

/** Paid transactions to refund: created through the balancer, polled until paid. */
export const paidTransactions = async (c: ReturnType<typeof clients>, tag: string, count: number): Promise<number[]> => {
  const invoices = Array.from({ length: count }, (_, i) => `${tag}-PAID-${i}`);
  for (const invoice of invoices) {
    const { response } = await c.merchant.POST('/payments', { body: paymentBody({ invoice_number: invoice }) as never });
    expect(response.status).toBe(201);
  }
  const ids: number[] = [];
  for (const invoice of invoices) {
    await expect
      .poll(async () => (await c.merchant.GET('/transactions', { params: { query: { invoice_number: invoice } } })).data?.transactions[0]?.status, { timeout: 20_000, interval: 50 })
      .toBe('paid');
    ids.push((await c.merchant.GET('/transactions', { params: { query: { invoice_number: invoice } } })).data!.transactions[0]!.id);
  }
  return ids;
};

/**
 * `writes` writes (a multiple of ten) from `concurrency` workers, in units of ten: a crossing buy
 * and sell, two resting buys and their cancels, two payments, two refunds. `onAcked` sees each
 * acknowledgement.
 */
export const mixedLoad = async (
  c: ReturnType<typeof clients>,
  tag: string,
  paid: number[],
  { writes, concurrency, onAcked = () => undefined }: { writes: number; concurrency: number; onAcked?: (count: number) => void },
) => {
  const acked: Acked[] = [];
  const failures: Failure[] = [];
  let attempted = 0;
  const ack = (a: Acked) => {
    acked.push({ ...a, ackedAt: Date.now() });
    onAcked(acked.length);
  };
  const attempt = async <T>(kind: string, send: () => Promise<{ data?: T; error?: unknown; response: Response }>): Promise<[T, number] | undefined> => {
    attempted++;
    const sentAt = Date.now();
    try {
      const { data, error, response } = await send();
      if (response.ok && data !== undefined) return [data, sentAt];
      failures.push({ kind, status: response.status, body: JSON.stringify(error) });
    } catch (e) {
      failures.push({ kind, status: 0, body: String(e) }); // cut mid-answer: outcome unknown
    }
    return undefined;
  };
  const order = async (trader: Trader, market: Market, side: 'buy' | 'sell', price: string) => {
    const done = await attempt('order', () => c[trader].POST('/orders', { body: { market, side, ord_type: 'limit', price, volume: '0.001' } }));
    if (done) ack({ kind: 'order', id: done[0].id, trader, market, sentAt: done[1], ackedAt: 0 });
    return done?.[0].id;
  };
  const unit = async (u: number) => {
    const market = MARKETS[u % 2]!;
    const trader: Trader = u % 4 < 2 ? 't1' : 't2';
    await Promise.all([
      order('t1', market, 'buy', '100.00'),
      order('t2', market, 'sell', '100.00'),
      ...[0, 1].map(async () => {
        const id = await order(trader, market, 'buy', '50.00'); // below every ask: it rests until cancelled
        if (id === undefined) return;
        const done = await attempt('cancel', () => c[trader].POST('/order/delete', { body: { id } }));
        if (done) ack({ kind: 'cancel', id, trader, market, sentAt: done[1], ackedAt: 0 });
      }),
      ...[0, 1].map(async (k) => {
        const invoice = `${tag}-${u}-${k}`;
        const done = await attempt('payment', () => c.merchant.POST('/payments', { body: paymentBody({ invoice_number: invoice, amount: '20.00' }) as never }));
        if (done) ack({ kind: 'payment', invoice, sentAt: done[1], ackedAt: 0 });
      }),
      ...[0, 1].map(async (k) => {
        const tx = paid[(2 * u + k) % paid.length]!;
        const done = await attempt('refund', () =>
          c.merchant.POST('/transactions/{transaction_id}/refunds', { params: { path: { transaction_id: tx } }, body: { email: 'jane@example.com', amount_to_refund_fiat: '0.05' } as never }),
        );
        if (done) ack({ kind: 'refund', id: (done[0] as { id: number }).id, tx, sentAt: done[1], ackedAt: 0 });
      }),
    ]);
  };
  let next = 0;
  const units = writes / 10;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency / 2 }, async () => {
      for (let u = next++; u < units; u = next++) await unit(u);
    }),
  );
  return { acked, failures, attempted, ms: Date.now() - started };
};

/** Every order of both traders, paged through the balancer: how many times each id is listed, and its state. */
export const readOrders = async (c: ReturnType<typeof clients>) => {
  const orders = new Map<number, { n: number; state: string }>();
  for (const trader of ['t1', 't2'] as const) {
    for (const market of MARKETS) {
      for (let offset = 0; ; offset += 1000) {
        const { data } = await c[trader].GET('/orders', { params: { query: { market, limit: 1000, offset } } });
        for (const o of data!) orders.set(o.id, { n: (orders.get(o.id)?.n ?? 0) + 1, state: o.state });
        if (data!.length < 1000) break;
      }
    }
  }
  return orders;
};

/** Every acknowledged write read back through the balancer: how many times each is found. */
export const readBack = async (c: ReturnType<typeof clients>, paid: number[]) => {
  const orders = await readOrders(c);
  const payments = new Map<string, number>();
  for (let offset = 0; ; offset += 500) {
    const { data } = await c.merchant.GET('/transactions', { params: { query: { limit: 500, offset } } });
    for (const t of data!.transactions) if (t.invoice_number) payments.set(t.invoice_number, (payments.get(t.invoice_number) ?? 0) + 1);
    if (data!.transactions.length < 500) break;
  }
  const refunds = new Map<number, number>();
  for (const tx of new Set(paid)) {
    const { data } = await c.merchant.GET('/transactions/{transaction_id}/refunds', { params: { path: { transaction_id: tx } } });
    for (const r of data!.refunds) refunds.set(r.id, (refunds.get(r.id) ?? 0) + 1);
  }
  const found = (a: Acked) =>
    a.kind === 'payment' ? (payments.get(a.invoice) ?? 0) : a.kind === 'refund' ? (refunds.get(a.id) ?? 0) : orders.get(a.id)?.n ?? 0;
  return { orders, payments, refunds, found };
};

export const cancelsApplied = async (c: ReturnType<typeof clients>, acked: Acked[]) => {
  const cancels = acked.filter((a) => a.kind === 'cancel');
  const orders = await readOrders(c);
  return cancels.filter((a) => orders.get(a.id)?.state !== 'cancel').length;
};

/** Writes read back under `tag` that were never acknowledged (at most what was in flight to a killed instance). */
export const unacknowledged = (read: Awaited<ReturnType<typeof readBack>>, acked: Acked[], tag: string): number => {
  const ackedOrders = new Set(acked.flatMap((a) => (a.kind === 'order' ? [a.id] : [])));
  const ackedPayments = new Set(acked.flatMap((a) => (a.kind === 'payment' ? [a.invoice] : [])));
  const ackedRefunds = new Set(acked.flatMap((a) => (a.kind === 'refund' ? [a.id] : [])));
  return (
    [...read.orders.keys()].filter((id) => !ackedOrders.has(id)).length +
    [...read.payments.keys()].filter((inv) => inv.startsWith(`${tag}-`) && !inv.includes('-PAID-') && !ackedPayments.has(inv)).length +
    [...read.refunds.keys()].filter((id) => !ackedRefunds.has(id)).length
  );
};
