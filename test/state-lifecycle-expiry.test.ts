// "A status never moves backwards" (decision M-expired: Expired is final). On the
// sandbox's test clock (S-clock): a storage fault that stalls a payment's found step past its
// five-minute window, for a payment whose funds arrived in time, never shows Expired: it stays
// Pending until the retried step runs after the fault, then goes Paid and Confirmed. Funds that
// arrive after the window are recorded on the transaction and the payment stays Expired.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { StateDb } from '../server/state/db.ts';
import { testServer } from '../server/testing.ts';
import { MERCHANT_AUTH, createPaymentBody } from './server-helpers.ts';

const { webhook_url: _none, ...fields } = createPaymentBody.payment;
let state: StateDb | undefined;
afterEach(() => state?.close());

function sandbox(sandboxTimings: { foundAfterMs: number; confirmedAfterMs: number }, withState: boolean) {
  state = withState ? new StateDb(join(mkdtempSync(join(tmpdir(), 'state-expiry-')), 'sandbox.sqlite')) : undefined;
  const { app, logs } = testServer({
    ...(state ? { state } : {}),
    config: { rateLimit: { enabled: false }, sandbox: { controlApi: true }, merchant: { sandbox: sandboxTimings } },
  });
  const seen: string[] = [];
  const pay = async (invoice: string) => (await request(app).post('/merchant/v2/payments').set('authorization', MERCHANT_AUTH).send({ payment: { ...fields, invoice_number: invoice } })).body.id as number;
  const look = async (id: number) => {
    const r = await request(app).get(`/merchant/v2/payments/${id}?crypto_iso=${fields.crypto_iso}`).set('authorization', MERCHANT_AUTH);
    if (r.status === 200) seen.push(`${r.body.status.blockchain_status}/${r.body.status.transaction_status}`);
    return r;
  };
  const advance = (seconds: number) => request(app).post('/sandbox/v1/clock/advance').send({ seconds });
  return { pay, look, advance, seen, logs };
}

describe('a payment past its window (M-expired: Expired is final)', () => {
  it('a fault stalling the found step past the window of a payment whose funds came in time: Pending, then Paid and Confirmed, never Expired', async () => {
    const s = sandbox({ foundAfterMs: 2000, confirmedAfterMs: 5000 }, true);
    const id = await s.pay('STALL1');
    await s.look(id);
    state!.failCommits('SQLITE_FULL');
    await s.advance(400); // the found step (due at +2 s) fails on every attempt; the window ends at +300 s
    await s.look(id); // 503 or Pending, never Expired
    state!.clearFault();
    await s.look(id);
    expect(s.seen.at(-1)).toBe('Pending/null');
    await s.advance(60); // the retried steps run: found, then confirmed
    await s.look(id);
    expect([...new Set(s.seen)]).toEqual(['Pending/null', 'Confirmed/paid']);
    expect(s.logs.some((l) => new RegExp(`payment ${id} found failed at attempt 1 \\(SQLITE_FULL\\)`).test(l))).toBe(true);
  }, 30_000);

  it('funds after the window: recorded on the transaction, the payment stays Expired', async () => {
    const s = sandbox({ foundAfterMs: 360_000, confirmedAfterMs: 400_000 }, false);
    const id = await s.pay('LATE1');
    await s.advance(310);
    expect((await s.look(id)).body.amount_received).toBe('0');
    await s.advance(120); // the funds arrive at +360 s, the confirmation would come at +400 s
    const late = await s.look(id);
    expect([late.body.amount_received, late.body.amount_due, late.body.txid.length > 0]).toEqual([late.body.amount_due, late.body.amount_due, true]);
    expect(s.seen).toEqual(['Expired/null', 'Expired/null']);
    expect(s.logs.filter((l) => l.includes(`payment ${id}:`))).toEqual([
      `[merchant-sandbox] payment ${id}: ${late.body.amount_due} ${fields.crypto_iso} arrived after its window; recorded, the payment stays Expired`,
    ]);
  }, 30_000);
});
