// Every computed response field stays within its declared bounds for every input the request
// schema accepts (decision M-amount-bounds). The amounts come from the request schemas of the
// generated document (their pattern and maxLength), biased to the largest the schema allows, over
// every cryptocurrency and fiat currency; the server validates its own responses (VALIDATE=all),
// so a computed field outside its schema (amount_due beyond maxLength, a pattern broken) is a 500.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import merchant from '../generated/openapi/merchant.json' with { type: 'json' };
import { getPointer, resolveObject } from '../contracts/shared/openapi-walk.ts';
import { createInvoiceBody, createPaymentBody, createWidgetPaymentBody } from '../contracts/merchant/examples.ts';
import { namedSchemaPointers } from '../contracts/shared/document-readers.ts';
import { referenceHandlers, startServer, type RunningServer } from './contract-fixtures.ts';
import { MERCHANT_AUTH } from './server-helpers.ts';

/** A fixed seed in CI (reproducible), a random one elsewhere (fast-check prints it on failure). */
const seed = process.env.CI ? { seed: 27 } : {};
type Schema = { pattern?: string; maxLength?: number; enum?: string[]; $ref?: string; properties?: Record<string, Schema> };
const deref = (s: Schema): Schema => resolveObject(merchant, s) as Schema;
/** A named schema: its component, or its copy in a request body (a request schema with defaults is written there). */
const named = (name: string): Schema => getPointer(merchant, namedSchemaPointers(merchant as never, name)[0]!.slice(1)) as Schema;
const prop = (schema: string, name: string) => deref(named(schema).properties![name]!);

/** Any string the schema accepts, half of them at its edges: the most digits before and after the point. */
function decimalOf(s: Schema): fc.Arbitrary<string> {
  const re = new RegExp(s.pattern!, 'u');
  const max = s.maxLength!;
  const fits = (v: string) => v.length <= max && re.test(v);
  const edge = fc
    .tuple(fc.integer({ min: 1, max }), fc.integer({ min: 0, max }), fc.constantFrom('9', '1', '5'))
    .map(([whole, frac, d]) => `${d.repeat(whole)}${frac > 0 ? `.${'9'.repeat(frac)}` : ''}`)
    .map((v) => (fits(v) ? v : v.slice(0, max).replace(/\.$/, '')))
    .filter(fits);
  // The largest value the pattern allows, then every shorter one of the same digits.
  const largest = fc.integer({ min: 0, max }).map((frac) => {
    for (let whole = max; whole > 0; whole--) {
      const v = `${'9'.repeat(whole)}${frac > 0 ? `.${'9'.repeat(frac)}` : ''}`;
      if (fits(v)) return v;
    }
    return '1';
  });
  return fc.oneof(edge, largest, fc.stringMatching(re).filter(fits));
}

let server: RunningServer;
beforeAll(async () => {
  // Lifecycle timers far away: the property is about the answers of creation and reading.
  const config = { merchant: { sandbox: { foundAfterMs: 3_600_000, confirmedAfterMs: 7_200_000 } } };
  server = await startServer({ config: { validate: 'all', ...config }, handlers: referenceHandlers(config) });
});
afterAll(() => server.close());

let n = 0;
async function post(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.baseUrl}/merchant/v2${path}`, { method: 'POST', headers: { authorization: MERCHANT_AUTH, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('computed amounts stay within their declared bounds (M-amount-bounds)', () => {
  const crypto = fc.constantFrom(...prop('CreatePaymentFields', 'crypto_iso').enum!);
  const fiat = fc.constantFrom(...prop('CreatePaymentFields', 'currency_iso').enum!);

  it('createPayment and getPayment: amount_due, exchange_rate and the echoed amount, for any amount the schema accepts', async () => {
    await fc.assert(
      fc.asyncProperty(decimalOf(prop('CreatePaymentFields', 'amount')), crypto, fiat, async (amount, crypto_iso, currency_iso) => {
        const payment = { ...createPaymentBody.payment, amount, crypto_iso, currency_iso, invoice_number: `B${++n}` };
        const created = await post('/payments', { payment });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const read = await fetch(`${server.baseUrl}/merchant/v2/payments/${String(created.body.id)}?crypto_iso=${crypto_iso}`, { headers: { authorization: MERCHANT_AUTH } });
        expect(read.status).toBe(200);
      }),
      { numRuns: 120, ...seed },
    );
  });

  it('createInvoice and createWidgetPayment, for any amount their schemas accept', async () => {
    await fc.assert(
      fc.asyncProperty(decimalOf(prop('CreateInvoiceFields', 'amount')), decimalOf(prop('CreateWidgetPaymentRequest', 'amount')), async (invoiceAmount, widgetAmount) => {
        const invoice = { ...createInvoiceBody.invoice, amount: invoiceAmount, invoice_number: `I${++n}` };
        const created = await post('/invoices', { ...createInvoiceBody, invoice });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const widget = await post('/widget_payments', { ...createWidgetPaymentBody, amount: widgetAmount, invoice_number: `W${++n}` });
        expect(widget.status, JSON.stringify(widget.body)).toBe(200);
      }),
      { numRuns: 60, ...seed },
    );
  });

  it('the amount that broke amount_due (40 nines) is refused by the document, naming the field', async () => {
    const res = await post('/payments', { payment: { ...createPaymentBody.payment, amount: '9'.repeat(40), invoice_number: 'NINES' } });
    expect(res.status).toBe(422);
    expect(res.body.source).toEqual([{ 'payment.amount': `must match pattern "${prop('CreatePaymentFields', 'amount').pattern}"` }]);
  });
});
