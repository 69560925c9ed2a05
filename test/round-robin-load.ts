// The load of the round-robin cluster tests (PostgreSQL + Redis: round-robin-cluster.test.ts; one
// state file: round-robin-cluster-sqlite.test.ts), sent through a balancer that cannot know which
// instance holds what: mixed valid writes (orders crossing and resting, cancels of the resting ones,
// payments, refunds of paid transactions), each acknowledgement recorded, then every acknowledged
// write read back through the balancer, counting how many times each is found.
import { expect } from 'vitest';
import { paymentBody } from './sandbox-helpers.ts';
import type { RoundRobinProxy } from './round-robin-proxy.ts';
import { kill9, type clients, type Running } from './state-process.ts';

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

/**
 * The kill -9 round of both cluster tests: the load runs through the balancer and, once half of it
 * is acknowledged, the holder of every market's lease is SIGKILLed. Then: the survivors hold every
 * lease within the bound (3x the lease), only the holder's in-flight requests failed (502 or a cut
 * answer), the first order sent after the kill is acknowledged within the bound, every acknowledged
 * write is read back exactly once (at most the in-flight ones more), and the cancels the dead one
 * accepted are applied too.
 */
export async function holderKilledMidLoad(o: {
  c: ReturnType<typeof clients>;
  proxy: RoundRobinProxy;
  holder: Running;
  survivors: Running[];
  tag: string;
  writes: number;
  concurrency: number;
  leaseMs: number;
  /** How the printed line names the cluster ("three instances", "two processes on one state file"). */
  label: string;
}): Promise<void> {
  const { c, proxy, holder, survivors, tag, writes, leaseMs } = o;
  expect(await writerOf(holder)).toHaveLength(21);
  const paid = await paidTransactions(c, tag, 20);
  let killedAt = 0;
  let inflightAtKill = 0;
  let kill: Promise<void> | undefined;
  let takeover: Promise<number> | undefined;
  /** Polls the survivors (not through the balancer) until they hold every market; the ms since the kill. */
  const watchTakeover = async (): Promise<number> => {
    for (;;) {
      const held = (await Promise.all(survivors.map((r) => writerOf(r)))).flat();
      if (held.length === 21) return Date.now() - killedAt;
      if (Date.now() - killedAt > 10 * leaseMs) return Infinity;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const { acked, failures, attempted, ms } = await mixedLoad(c, tag, paid, {
    writes,
    concurrency: o.concurrency,
    onAcked: (count) => {
      if (count !== writes / 2) return;
      inflightAtKill = proxy.inflight(holder.base);
      const servedAtKill = proxy.served.get(holder.base)!;
      killedAt = Date.now();
      // Until the process is gone its port may still accept a connection (then reset): those count as in flight too.
      kill = kill9(holder).then(() => void (inflightAtKill += proxy.served.get(holder.base)! - servedAtKill));
      takeover = kill.then(watchTakeover);
    },
  });
  await kill;
  // Writes resumed at once: the first order sent after the kill, and its answer.
  const after = acked.filter((a) => a.kind === 'order' && a.sentAt > killedAt).sort((x, y) => x.ackedAt - y.ackedAt)[0];
  const firstAckAfterKill = after ? after.ackedAt - killedAt : Infinity;
  // The survivors took the dead holder's markets over within the lease bound (about 4/3 of it), under the load.
  const tookOver = await takeover!;
  console.log(
    `[round-robin] ${o.label}, holder killed after ${writes / 2} acknowledged: ${attempted} writes in ${ms} ms; ${failures.length} failed [${failures.map((f) => `${f.kind} ${f.status}`).join(', ')}] (${inflightAtKill} in flight to it until it was gone); first order sent after the kill acknowledged ${firstAckAfterKill} ms after it; leases taken over within ${tookOver} ms`,
  );
  expect(tookOver).toBeLessThan(3 * leaseMs);
  expect(proxy.removed()).toEqual([holder.base]);
  // Only the requests the dead instance had: 502 from the balancer or a cut answer, nothing refused.
  expect(failures.length).toBeLessThanOrEqual(inflightAtKill);
  for (const f of failures) expect([0, 502]).toContain(f.status);
  expect(attempted).toBeGreaterThanOrEqual(writes - inflightAtKill); // a failed order's cancel is not sent
  expect(acked.length).toBe(attempted - failures.length);
  expect(firstAckAfterKill).toBeLessThan(3 * leaseMs);
  // Read back: each acknowledged write exactly once; beyond them, at most what was in flight.
  const read = await readBack(c, paid);
  expect(acked.filter((a) => read.found(a) !== 1)).toEqual([]);
  for (const [, order] of read.orders) expect(order.n).toBe(1);
  expect(unacknowledged(read, acked, tag)).toBeLessThanOrEqual(inflightAtKill);
  // The cancels the dead one accepted are applied too (by itself, or by a market's new holder).
  await expect.poll(() => cancelsApplied(c, acked), { timeout: 20_000, interval: 200 }).toBe(0);
}
