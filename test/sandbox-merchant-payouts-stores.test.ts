// The payout endpoints and the payout run over the state file and PostgreSQL answer exactly as over
// memory: they read the tables' queues (transactions awaiting payout, refunds awaiting deduction,
// an index in the databases) instead of a merchant's history, so every way in and out of a queue
// is walked here: confirmation, completion of an overpaid transaction, a refund, a payout run, a
// refund of a transaction paid out before (deducted from the next payout, at its transaction's rate).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MerchantStore } from '../server/ports/merchant-store.ts';
import type { UnitsOfWork } from '../server/ports/units.ts';
import { StateDb } from '../server/state/db.ts';
import { PgState } from '../server/state/pg/pg-state.ts';
import { pgRecordDatabase } from '../server/state/pg/pg-table.ts';
import { createSqliteMerchantStore, merchantStoreOver } from '../server/state/stores.ts';
import { postgresForFile } from './postgres-per-file.ts';
import { paymentBody, sandboxServer } from './sandbox-helpers.ts';

const cluster = postgresForFile();

interface Backend {
  name: string;
  open(): Promise<{ store?: MerchantStore; units?: UnitsOfWork; close(): Promise<void> }>;
}
const BACKENDS: Backend[] = [
  { name: 'memory', open: async () => ({ close: async () => undefined }) },
  {
    name: 'SQLite',
    open: async () => {
      const state = new StateDb(join(mkdtempSync(join(tmpdir(), 'payouts-')), 'state.sqlite'));
      return { store: createSqliteMerchantStore(state), units: state, close: async () => state.close() };
    },
  },
  ...(cluster.available
    ? [{
        name: 'PostgreSQL',
        open: async () => {
          const state = await PgState.open(await cluster.database(), { poolSize: 2 });
          return { store: merchantStoreOver(pgRecordDatabase(state)), units: state, close: () => state.close() };
        },
      }]
    : []),
];

/** Every payout answer at each step of one merchant's history, in order. */
async function transcript(b: Backend, settlement: 'instant' | 'manual'): Promise<unknown[]> {
  const { store, units, close } = await b.open();
  try {
    const s = sandboxServer({ merchant: { ...(store ? { store, units } : {}), accounts: { 'demo-merchant': { settlement_method: settlement } } } });
    const out: unknown[] = [];
    const look = async (step: string) => {
      const get = async (path: string) => (await s.as().get(path)).body as unknown;
      out.push({
        step,
        pending: await get('/payouts/pending'),
        instant: await get('/payouts/pending/transactions'),
        btc: await get('/payouts/pending/transactions/manual/BTC'),
        eth: await get('/payouts/pending/transactions/manual/ETH'),
        payouts: await get('/payouts'),
      });
    };
    const txOf = async (p: { body: { id: number } }) => (await s.merchant.store.payments.get(p.body.id))!.transaction_id;
    const btc = await txOf(await s.as().post('/payments', paymentBody({ invoice_number: 'B1' })));
    await s.as().post('/payments', paymentBody({ invoice_number: 'B2', amount: '30' }));
    const over = await txOf(await s.as().post('/payments', paymentBody({ invoice_number: 'OVER', amount: '100', crypto_iso: 'ETH' })));
    await s.as().post('/payments', paymentBody({ invoice_number: 'E1', crypto_iso: 'ETH' }));
    await s.timers.advance(5000);
    await s.as().post('/payments', paymentBody({ invoice_number: 'LATE' }));
    await look('confirmed');
    await s.merchant.completeTransaction('demo-merchant', over);
    // Manual settlement refunds in the cryptocurrency, instant in fiat.
    const refund = (fiat: string, crypto: string) => ({ email: 'jane@example.com', ...(settlement === 'instant' ? { amount_to_refund_fiat: fiat } : { amount_to_refund: crypto }) });
    expect((await s.as().post(`/transactions/${btc}/refunds`, refund('4.00', '0.0001'))).status).toBe(201);
    await look('completed and refunded');
    out.push({ run: await s.merchant.runPayouts('demo-merchant') });
    await look('paid out');
    // A refund of a transaction paid out before: it waits for the next payout and is deducted from it.
    expect((await s.as().post(`/transactions/${btc}/refunds`, refund('2.00', '0.00005'))).status).toBe(201);
    await s.timers.advance(5000);
    await look('refund of a paid-out transaction');
    out.push({ run: await s.merchant.runPayouts('demo-merchant') });
    await look('paid out again');
    out.push({ run: await s.merchant.runPayouts('demo-merchant') });
    return out;
  } finally {
    await close();
  }
}

describe.each(['instant', 'manual'] as const)('payouts with %s settlement', (settlement) => {
  it.each(BACKENDS.slice(1))('answer on $name as on memory', async (backend) => {
    const expected = await transcript(BACKENDS[0]!, settlement);
    // The memory transcript is not empty talk: payouts were made and refunds deducted.
    const runs = expected.filter((e): e is { run: { refund_total: string }[] } => 'run' in (e as object)).map((e) => e.run);
    expect(runs.map((r) => r.length)).toEqual([2, 1, 0]);
    expect(runs[0]!.some((p) => Number(p.refund_total) > 0)).toBe(true);
    expect(runs[1]!.some((p) => Number(p.refund_total) > 0)).toBe(true);
    expect(await transcript(backend, settlement)).toEqual(expected);
  });
});
